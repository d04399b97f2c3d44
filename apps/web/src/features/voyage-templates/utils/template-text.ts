// How a template reads in a list: recurrence in words, berth window, rotation summary; one hook so every screen says it alike.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLocale, TVoyageTemplate } from '@quayline/domain';
import { orientationKey } from '@/entities/portcall/enum-labels';
import { formatDay, formatZonedDateTime } from '@/lib/zoned-time';

/** ISO weekday: 1 Monday ... 7 Sunday. */
export type TIsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const ISO_WEEKDAYS: readonly TIsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];

export const isCalendarDay = (text: string): boolean => /^\d{4}-\d{2}-\d{2}$/.test(text);

export function useTemplateText(locale: TLocale) {
  const { t } = useTranslation();
  const weekday = useCallback((day: number) => t(`voyageTemplates.weekdays.${day as TIsoWeekday}`), [t]);
  /** The template's RFC 5545 rule in words: "Every Tuesday, weekly", "Every 2 weeks on Wednesday". */
  const recurrence = useCallback(
    (intervalWeeks: number, arrivalWeekday: number) =>
      intervalWeeks === 1
        ? t('voyageTemplates.recurrence.every_week', { weekday: weekday(arrivalWeekday) })
        : t('voyageTemplates.recurrence.every_n_weeks', { weeks: intervalWeeks, weekday: weekday(arrivalWeekday) }),
    [t, weekday],
  );
  const berthWindow = useCallback(
    (template: Pick<TVoyageTemplate, 'berth_window' | 'rotation'>) => {
      const stop = template.rotation.find((s) => s.is_terminal_call);
      const parts = [t('voyageTemplates.card.window_when', { weekday: weekday(template.berth_window.arrival_weekday), time: stop?.arrival_time ?? '', hours: stop?.stay_hours ?? '' })];
      if (template.berth_window.preferred_start_position_m !== null) parts.push(t('voyageTemplates.card.window_position', { position: template.berth_window.preferred_start_position_m }));
      if (template.berth_window.berth_orientation) parts.push(t(orientationKey(template.berth_window.berth_orientation)));
      return parts.join(' · ');
    },
    [t, weekday],
  );
  /** A date the API gives as a calendar day or as an instant (shown in the terminal's zone). */
  const day = useCallback((text: string, timeZone: string) => (isCalendarDay(text) ? formatDay(text, locale) : formatZonedDateTime(text, timeZone, locale)), [locale]);
  const validity = useCallback(
    (from: string, to: string | null) =>
      to ? t('voyageTemplates.card.validity_range', { from: formatDay(from.slice(0, 10), locale), to: formatDay(to.slice(0, 10), locale) }) : t('voyageTemplates.card.validity_open', { from: formatDay(from.slice(0, 10), locale) }),
    [t, locale],
  );
  return { weekday, recurrence, berthWindow, day, validity };
}
