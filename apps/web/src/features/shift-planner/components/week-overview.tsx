// The week at a glance: a heat strip of volume per shift for seven days; a day opens the board by call from there.
import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TShiftBoard } from '@quayline/domain';
import { dayLabel, formatNumber, type TTexts } from '../utils/board-texts';
import { weekHeat } from '../utils/week-heat';
import classes from './shift-planner.module.css';
import { localizedName } from '@quayline/domain';

export function WeekOverview({ board, texts, onOpenDay }: { board: TShiftBoard; texts: TTexts; onOpenDay: (date: string) => void }) {
  const { t } = useTranslation();
  const heat = useMemo(() => weekHeat(board), [board]);
  return (
    <div className={classes.scroller} data-testid="shift-week-overview">
      <table className={classes.heat}>
        <thead>
          <tr>
            <th scope="col">
              <Text size="xs" c="dimmed">
                {t('shiftPlanner.week.max', { value: formatNumber(heat.max, texts.locale) })}
              </Text>
            </th>
            {heat.dates.map((date) => (
              <th key={date} scope="col">
                <button type="button" className={classes.heatDay} onClick={() => onOpenDay(date)} data-testid="shift-week-day" data-date={date} aria-label={t('shiftPlanner.week.open_day', { day: dayLabel(date, texts.locale) })}>
                  {dayLabel(date, texts.locale)}
                </button>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {heat.strips.map((strip) => (
            <tr key={strip.shiftNumber} data-testid="shift-week-strip" data-shift-number={strip.shiftNumber}>
              <th scope="row" style={{ textAlign: 'left', paddingRight: 8 }}>
                {localizedName(strip, texts.locale)}
              </th>
              {strip.cells.map((cell) => (
                <td
                  key={cell.key}
                  className={classes.heatCell}
                  data-testid="shift-week-cell"
                  data-shift-key={cell.key}
                  data-volume={cell.volume}
                  data-closed={String(cell.isClosed)}
                  data-over-capacity={String(cell.isOverCapacity)}
                  style={{ ['--share' as string]: cell.isShown ? cell.share.toFixed(3) : '0', ['--heat-ink' as string]: cell.share > 0.55 ? '#fff' : undefined }}
                  title={cell.isClosed ? t('shiftPlanner.cell.closed') : undefined}
                >
                  {cell.isShown ? formatNumber(cell.volume, texts.locale) : ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
