// The predicted berth arrival as a small badge: on time, late or early by a duration, with its source and age in the tooltip.
import { Badge, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPredictedArrivalStatus, TPredictedBerthArrival } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { formatDuration } from '@/lib/number-format';

export const PREDICTION_STATUS_COLOURS: Record<TPredictedArrivalStatus, string> = { on_time: 'teal', delayed: 'red', early: 'orange' };

export function usePredictionTexts() {
  const { t } = useTranslation();
  const locale = useLocale();
  return {
    status: (p: TPredictedBerthArrival) =>
      p.status === 'on_time' ? t('portcalls.predicted.on_time') : t(`portcalls.predicted.badge_${p.status}`, { duration: formatDuration(p.difference, t, locale) }),
    source: (p: TPredictedBerthArrival) => t(`portcalls.predicted.source_${p.source}`),
  };
}

export function PredictedArrivalBadge({ prediction, timeZone, testId = 'predicted-arrival-badge' }: { prediction: TPredictedBerthArrival | null; timeZone: string; testId?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const texts = usePredictionTexts();
  if (!prediction) return null;
  const hint = t('portcalls.predicted.badge_hint', {
    time: formatZonedDateTime(prediction.predicted_time, timeZone, locale),
    source: texts.source(prediction),
    as_of: formatZonedDateTime(prediction.last_fetched_at, timeZone, locale),
  });
  return (
    <Tooltip label={hint} multiline maw={280}>
      <Badge color={PREDICTION_STATUS_COLOURS[prediction.status]} variant="light" radius="sm" size="sm" miw="max-content" data-testid={testId} data-prediction-status={prediction.status} aria-label={`${texts.status(prediction)} – ${hint}`}>
        {texts.status(prediction)}
      </Badge>
    </Tooltip>
  );
}
