// The negotiation chain (GET /portcalls/:id/timestamps): every step on every time, who took it and when.
import { Badge, Loader, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { NEGOTIATION_ACTIONS, NEGOTIATED_TIMES, type TNegotiatedTime, type TNegotiationAction, type TParty, type TPortcallTimestamp } from '@quayline/domain';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/hooks/use-locale';
import { useDelayReasonLabel } from '@/lib/delay-reasons';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { actionKey, partyKey, timeKey } from '@/entities/portcall/enum-labels';
import { TimeLabelBadge } from '@/entities/portcall/portcall-badges';

const isTime = (v: string): v is TNegotiatedTime => (NEGOTIATED_TIMES as readonly string[]).includes(v);
const isAction = (v: string): v is TNegotiationAction => (NEGOTIATION_ACTIONS as readonly string[]).includes(v);
const isParty = (v: string): v is TParty => v === 'terminal' || v === 'vessel_side';
/** A schedule change that met an agreed time: it stands in the chain without changing it (docs/voyage-center.md). */
const SCHEDULE_PROPOSAL_ACTION = 'schedule_proposal';

/** Who took a step: the person (and the colleague it was for), for the screen's two lines. */
export function stepWho(step: TPortcallTimestamp, t: TFunction): { name: string; side: string } {
  return {
    name: step.acting_for ? t('portcalls.audit.actor_for', { actor: step.created_by.name, person: step.acting_for.name }) : step.created_by.name,
    side: step.created_by.user_type === 'automated' ? t('portcalls.history.automated') : isParty(step.party) ? t(partyKey(step.party)) : step.party,
  };
}

/** The step's action in the reader's words. */
export const stepActionText = (step: TPortcallTimestamp, t: TFunction) => (step.action === SCHEDULE_PROPOSAL_ACTION ? t('portcalls.history.schedule_proposal') : isAction(step.action) ? t(actionKey(step.action)) : step.action);

export function PortcallHistory({ chain, timeZone, terminalId }: { chain: TPortcallTimestamp[] | undefined; timeZone: string; terminalId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const delayLabel = useDelayReasonLabel(terminalId);
  return (
    <SectionCard id="history-title" title={t('portcalls.history.title')} icon={<IconHistory size={22} stroke={1.6} color="var(--mantine-color-harbor-7)" />} testId="portcall-history">
      {chain === undefined ? (
        <Loader size="sm" type="dots" aria-label={t('app.loading')} />
      ) : chain.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('portcalls.history.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860} type="native">
          <Table verticalSpacing="xs" fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('portcalls.history.when')}</Table.Th>
                <Table.Th>{t('portcalls.history.who')}</Table.Th>
                <Table.Th>{t('portcalls.history.time')}</Table.Th>
                <Table.Th>{t('portcalls.history.action')}</Table.Th>
                <Table.Th>{t('portcalls.history.value')}</Table.Th>
                <Table.Th>{t('portcalls.history.label')}</Table.Th>
                <Table.Th>{t('portcalls.history.remark')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {chain.map((step) => (
                <Table.Tr key={step.id} data-testid="history-row" data-action={step.action} data-time={step.time}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatZonedDateTime(step.created_at, timeZone, locale)}</Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm" data-testid="history-who">
                        {stepWho(step, t).name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {stepWho(step, t).side}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>{isTime(step.time) ? t(timeKey(step.time)) : step.time}</Table.Td>
                  <Table.Td>
                    <Badge variant="outline" color="navy" radius="sm" size="sm" miw="max-content" title={step.classifier}>
                      {stepActionText(step, t)}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatZonedDateTime(step.date_time, timeZone, locale)}</Table.Td>
                  <Table.Td>
                    <TimeLabelBadge label={step.label} change={step.change_label} />
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      {step.delay_reason_code && (
                        <Text size="xs" c="dimmed" data-testid="history-delay">
                          {t('portcalls.history.delay_code', { code: delayLabel(step.delay_reason_code) })}
                        </Text>
                      )}
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {step.remark ?? ''}
                      </Text>
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
