// The details screen says what in a call cannot all be true, with the same rules and words as the planner card; the
// PRISE panel repeats the ones a port authority would stumble over (times and draught) where the notice is sent.
import { useMemo, type ReactNode } from 'react';
import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { plausibilityWarnings, terminalCraneRate, type TPlausibilityWarning, type TPortcall } from '@quayline/domain';
import { plausibilityTexts } from '@/entities/portcall/plausibility-text';
import { useVesselCharacteristics } from '@/entities/vessel/vessel-characteristics';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalCranes } from '@/lib/terminals';
import { formatZonedDateTime } from '@/lib/zoned-time';

/** What a pre-arrival notice carries: the pilot and berth times and the draught. */
export const NAUTICAL_WARNING_KINDS: readonly TPlausibilityWarning['kind'][] = ['pilot_after_berth', 'draught_differs'];

type TPlausibilityAlertProps = {
  portcall: TPortcall;
  timeZone: string;
  /** Only these kinds; every kind when not given. */
  kinds?: readonly TPlausibilityWarning['kind'][];
  title?: string;
  testId?: string;
  children?: ReactNode;
};

export function PlausibilityAlert({ portcall, timeZone, kinds, title, testId = 'portcall-plausibility', children }: TPlausibilityAlertProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const cranes = useTerminalCranes(portcall.terminal_id);
  // The draught AIS last reported; a vessel without AIS data simply has none to compare.
  const ais = useVesselCharacteristics(portcall.vessel_id);
  const observedDraught = ais.data?.draught_m ?? null;
  const texts = useMemo(() => {
    const all = plausibilityWarnings(portcall, { movesPerCraneHour: terminalCraneRate(cranes.data ?? []), observedDraught });
    const warnings = kinds ? all.filter((w) => kinds.includes(w.kind)) : all;
    const format = (key: string, values: Record<string, string | number>) => (t as unknown as (k: string, v: Record<string, string | number>) => string)(key, values);
    return plausibilityTexts(warnings, format, (iso) => formatZonedDateTime(iso, timeZone, locale), locale);
  }, [portcall, cranes.data, observedDraught, kinds, t, timeZone, locale]);
  if (texts.length === 0) return null;
  return (
    <Alert color="yellow" title={title ?? t('berthPlanner.plausibility.title')} data-testid={testId}>
      <List size="sm" spacing={2}>
        {texts.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
      </List>
      {children}
    </Alert>
  );
}
