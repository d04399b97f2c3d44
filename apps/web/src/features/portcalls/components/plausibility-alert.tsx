// The details screen says what in a call cannot all be true, with the same rules and words as the planner card.
import { useMemo } from 'react';
import { Alert, List } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { plausibilityWarnings, terminalCraneRate, type TPortcall } from '@quayline/domain';
import { plausibilityTexts } from '@/entities/portcall/plausibility-text';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalCranes } from '@/lib/terminals';
import { formatZonedDateTime } from '@/lib/zoned-time';

export function PlausibilityAlert({ portcall, timeZone }: { portcall: TPortcall; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const cranes = useTerminalCranes(portcall.terminal_id);
  const texts = useMemo(() => {
    const warnings = plausibilityWarnings(portcall, { movesPerCraneHour: terminalCraneRate(cranes.data ?? []) });
    const format = (key: string, values: Record<string, string | number>) => (t as unknown as (k: string, v: Record<string, string | number>) => string)(key, values);
    return plausibilityTexts(warnings, format, (iso) => formatZonedDateTime(iso, timeZone, locale), locale);
  }, [portcall, cranes.data, t, timeZone, locale]);
  if (texts.length === 0) return null;
  return (
    <Alert color="yellow" title={t('berthPlanner.plausibility.title')} data-testid="portcall-plausibility">
      <List size="sm" spacing={2}>
        {texts.map((text) => (
          <List.Item key={text}>{text}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
