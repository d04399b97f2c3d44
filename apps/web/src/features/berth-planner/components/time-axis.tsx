// The time axis: one cell per local day (data-date, data-hours for DST days), hour ticks, and the tide, shift and volume rows.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TLocale, TShiftOccurrence } from '@quayline/domain';
import { formatDay, toZonedInputValue } from '@/lib/zoned-time';
import type { TPlannerDay } from '../utils/day-grid';
import type { TTidalData } from '../api/get-tidal-data';
import { SHIFT_ROW_PX, TIDE_ROW_PX, TIME_AXIS_PX } from '../utils/planner-constants';
import { durationToPx, timeToPx, type TPlannerScale } from '../utils/planner-scale';
import classes from './berth-planner.module.css';
import { TideOverlay } from './plan-overlays';
import { localizedName } from '@quayline/domain';

type TProps = {
  scale: TPlannerScale;
  days: readonly TPlannerDay[];
  hourLines: readonly number[];
  shifts: readonly TShiftOccurrence[];
  showShifts: boolean;
  volumes: readonly number[] | null;
  tide: TTidalData | undefined | null;
  stepHours: number;
  timeZone: string;
  locale: TLocale;
};

const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();
function weekday(date: string, locale: TLocale): string {
  let f = weekdayFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    weekdayFormatters.set(locale, f);
  }
  return f.format(new Date(`${date}T12:00:00Z`));
}

/** Place of a span on the time axis, as a style for either orientation. */
function along(scale: TPlannerScale, from: number, to: number, offset: number, thickness: number): React.CSSProperties {
  const a = timeToPx(scale, from);
  const length = durationToPx(scale, to - from);
  return scale.isSwitched ? { top: a, height: length, left: offset, width: thickness } : { left: a, width: length, top: offset, height: thickness };
}

export const TimeAxis = memo(function TimeAxis({ scale, days, hourLines, shifts, showShifts, volumes, tide, stepHours, timeZone, locale }: TProps) {
  const { t } = useTranslation();
  const dayThickness = TIME_AXIS_PX;
  const stepMs = Math.max(1, stepHours) * 3_600_000;
  const showHourTicks = scale.pxPerMs * stepMs >= 14;
  const tideOffset = dayThickness;
  const shiftOffset = tideOffset + (tide !== null ? TIDE_ROW_PX : 0);
  return (
    <>
      {days.map((day) => (
        <div key={day.date} className={classes.day} data-testid="planner-day" data-date={day.date} data-hours={day.hours} data-weekend={String(day.isWeekend)} style={along(scale, day.start, day.end, 0, dayThickness)}>
          <div>
            {weekday(day.date, locale)} {formatDay(day.date, locale)}
          </div>
          {day.hours !== 24 && <span className={classes.dayHours}>{day.hours} h</span>}
        </div>
      ))}
      {showHourTicks &&
        hourLines.map((ms) => (
          <div key={ms} className={classes.shiftCell} style={{ ...along(scale, ms, ms + stepMs, dayThickness - 14, 14), border: 'none', color: 'var(--mantine-color-dimmed)' }}>
            {toZonedInputValue(new Date(ms).toISOString(), timeZone).slice(11, 13)}
          </div>
        ))}
      {tide !== null && <TideOverlay scale={scale} tide={tide} timeZone={timeZone} locale={locale} offset={tideOffset} thickness={TIDE_ROW_PX} />}
      {showShifts && (
        <div data-testid="overlay-shifts">
          {shifts.map((s) => (
            <div key={`${s.start}-${s.shift_number}`} className={classes.shiftCell} data-shift={s.shift_number} style={along(scale, s.start, s.end, shiftOffset, SHIFT_ROW_PX)} title={localizedName(s, locale)}>
              {localizedName(s, locale)}
            </div>
          ))}
        </div>
      )}
      {volumes && (
        <div data-testid="overlay-volumes">
          {shifts.map((s, i) => (
            <div key={`${s.start}-${s.shift_number}`} className={classes.shiftCell} data-volume={volumes[i] ?? 0} style={along(scale, s.start, s.end, shiftOffset + (showShifts ? SHIFT_ROW_PX : 0), SHIFT_ROW_PX)}>
              {t('berthPlanner.overlays.volume', { count: volumes[i] ?? 0 })}
            </div>
          ))}
        </div>
      )}
    </>
  );
});
