// The list's PRISE cell: what the notice waits for (with the deadline when it is still to send), else its status.
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { priseDueAt, type TPortcall, type TPriseStep } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { PriseIcon, PriseStatusBadge } from './prise-badges';

const STEP_COLOURS: Record<TPriseStep, string> = { rejected: 'red', missing: 'orange', due: 'blue' };

export function PriseStepCell({ portcall, timeZone }: { portcall: Pick<TPortcall, 'prise_step' | 'prise_status' | 'pilot_boarding_place_arrival'>; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const step = portcall.prise_step ?? null;
  if (!step) return portcall.prise_status ? <PriseStatusBadge status={portcall.prise_status} /> : null;
  const dueAt = priseDueAt(portcall.pilot_boarding_place_arrival);
  return (
    <Stack gap={2} align="flex-start" maw={124} data-testid="prise-step" data-step={step}>
      <Badge color={STEP_COLOURS[step]} variant="light" radius="sm" tt="none" fw={600} leftSection={<PriseIcon size={13} aria-hidden />} style={{ whiteSpace: 'normal', height: 'auto', minHeight: 20 }}>
        {t(`portcalls.prise.steps.${step}`)}
      </Badge>
      {dueAt && step !== 'rejected' && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('portcalls.prise.steps.due_by', { time: formatZonedDateTime(dueAt, timeZone, locale) })}
        </Text>
      )}
    </Stack>
  );
}
