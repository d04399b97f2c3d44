// "What will be sent": the notice's content in a compact grid, as the port authority would receive it now.
import type { ReactNode } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TPriseNoticeContent, isCargoType } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { cargoTypeKey } from '@/entities/portcall/enum-labels';

function Item({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Stack gap={0} data-testid={testId} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

export function PriseSummary({ content, timeZone }: { content: TPriseNoticeContent; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dash = t('portcalls.not_set');
  const or = (v: string | null | undefined) => (v ? v : dash);
  const metres = (v: number | null) => (v === null ? dash : formatNumber(v, locale, 1));
  // Quay positions read in whole metres, as on the list and the planner.
  const quayMetres = (v: number | null) => (v === null ? dash : formatNumber(v, locale, 0));
  const { vessel } = content;
  const cargo = content.cargo_type ? (isCargoType(content.cargo_type) ? t(cargoTypeKey(content.cargo_type)) : content.cargo_type) : dash;
  const eta = content.eta_pilot_boarding_place ? formatZonedDateTime(content.eta_pilot_boarding_place, timeZone, locale) : dash;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs" data-testid="prise-summary">
      <Item label={t('portcalls.prise.summary.vessel')} testId="prise-summary-vessel">
        {t('portcalls.prise.summary.vessel_value', { name: vessel.name, imo: or(vessel.imo_number), call_sign: or(vessel.call_sign) })}
        <br />
        {t('portcalls.prise.summary.dimensions', { length: metres(vessel.length_overall_m), beam: metres(vessel.beam_m) })}
      </Item>
      <Item label={t('portcalls.prise.summary.eta_pbp')} testId="prise-summary-eta">
        {content.pilot_boarding_place_name ? `${eta} · ${content.pilot_boarding_place_name}` : eta}
      </Item>
      <Item label={t('portcalls.prise.summary.berth')} testId="prise-summary-berth">
        {content.berth
          ? t('portcalls.prise.summary.berth_value', { berth: content.berth.section_name, from: quayMetres(content.berth_start_position_m), to: quayMetres(content.berth_end_position_m) })
          : dash}
      </Item>
      <Item label={t('portcalls.prise.summary.drafts')} testId="prise-summary-drafts">
        {t('portcalls.prise.summary.drafts_value', { inbound: metres(content.draft_inbound_m), outbound: metres(content.draft_outbound_m) })}
      </Item>
      <Item label={t('portcalls.prise.summary.ports')} testId="prise-summary-ports">
        {`${content.previous_port?.unlocode ?? dash} → ${content.next_port?.unlocode ?? dash}`}
      </Item>
      <Item label={t('portcalls.prise.summary.agent')} testId="prise-summary-agent">
        {content.agent?.name ?? dash}
      </Item>
      <Item label={t('portcalls.prise.summary.cargo_type')} testId="prise-summary-cargo">
        {cargo}
      </Item>
      <Item label={t('portcalls.prise.fields.dangerous_goods')} testId="prise-summary-dg">
        {content.dangerous_goods === null ? dash : content.dangerous_goods ? t('portcalls.yes') : t('portcalls.no')}
      </Item>
      <Item label={t('portcalls.prise.fields.persons_on_board')} testId="prise-summary-pob">
        {content.persons_on_board === null ? dash : formatNumber(content.persons_on_board, locale, 0)}
      </Item>
    </SimpleGrid>
  );
}
