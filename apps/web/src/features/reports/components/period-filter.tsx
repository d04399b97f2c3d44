// A period of whole days in the terminal's zone: first and last day inclusive, sent as [start of first, start of day after last).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, startOfZonedDay, zonedDay } from '@/lib/zoned-time';
import type { TPeriodParams } from '../api/get-reports';
import { DateField } from '@/components/date-inputs';

const DEFAULT_DAYS = 7;

export function usePeriod(timeZone: string) {
  const [days, setDays] = useState(() => {
    const today = zonedDay(Date.now(), timeZone);
    return { first: addDays(today, 1 - DEFAULT_DAYS), last: today };
  });
  const from = startOfZonedDay(days.first, timeZone);
  const to = startOfZonedDay(addDays(days.last, 1), timeZone);
  const isValid = from !== null && to !== null && days.last >= days.first;
  const params = (terminalId: number | undefined): TPeriodParams | null => (isValid && terminalId !== undefined ? { terminal_id: terminalId, from: from!, to: to! } : null);
  return { days, setDays, isValid, params };
}

export function PeriodFilter({ period }: { period: ReturnType<typeof usePeriod> }) {
  const { t } = useTranslation();
  const { days, setDays, isValid } = period;
  return (
    <>
      <DateField clearable size="sm" label={t('reports.from')} value={days.first} onChange={(next) => setDays({ ...days, first: next })} w={{ base: '100%', xs: 180 }} data-testid="report-from" />
      <DateField clearable
        size="sm"
        label={t('reports.to')}
        value={days.last}
        onChange={(next) => setDays({ ...days, last: next })}
        error={!isValid && days.first !== '' && days.last !== '' ? t('reports.to_before_from') : undefined}
        w={{ base: '100%', xs: 180 }}
        data-testid="report-to"
      />
    </>
  );
}
