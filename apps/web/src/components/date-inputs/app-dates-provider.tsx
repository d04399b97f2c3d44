// @mantine/dates settings for the whole app: month and weekday names in the app language, weeks from Monday.
import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
// dayjs ships English; the other app languages' month and weekday names are registered here once.
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import 'dayjs/locale/es';
import { useDateLocale } from './use-date-locale';

export function AppDatesProvider({ children }: { children: ReactNode }) {
  const locale = useDateLocale();
  // Monday first in every language: the terminals plan in European weeks, and the shift planner's weeks start on Monday.
  return <DatesProvider settings={{ locale, firstDayOfWeek: 1, weekendDays: [0, 6] }}>{children}</DatesProvider>;
}
