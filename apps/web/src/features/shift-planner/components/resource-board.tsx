// The board by resource: a row per gang and per item of equipment, naming the vessel each works in each shift;
// a gang beyond the shift's capacity and an item on two calls are marked.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TShiftBoard } from '@quayline/domain';
import { dayLabel, shiftTimes, type TTexts } from '../utils/board-texts';
import { resourceRows } from '../utils/resource-rows';
import classes from './shift-planner.module.css';
import { localizedName } from '@quayline/domain';

export function ResourceBoard({ board, texts }: { board: TShiftBoard; texts: TTexts }) {
  const { t } = useTranslation();
  const rows = useMemo(() => resourceRows(board), [board]);
  const names = useMemo(() => new Map(board.portcalls.map((c) => [c.id, c.vessel_name])), [board.portcalls]);
  const volumes = useMemo(() => new Map(board.shiftsVolume.shifts_volume.map((v) => [v.key, v])), [board.shiftsVolume]);
  return (
    <div className={classes.scroller} data-testid="shift-resource-board">
      <table className={classes.board}>
        <thead>
          <tr>
            <th scope="col" className={classes.corner}>
              {t('shiftPlanner.resources.corner')}
            </th>
            {board.shiftsList.map((shift) => (
              <th
                key={shift.key}
                scope="col"
                className={classes.colHead}
                data-testid="shift-column"
                data-shift-key={shift.key}
                data-closed={String(shift.closed)}
                data-over-capacity={String(volumes.get(shift.key)?.over_capacity ?? false)}
                data-gangs={volumes.get(shift.key)?.gangs ?? 0}
                data-volume={volumes.get(shift.key)?.volume ?? 0}
              >
                <div className={classes.colDay}>{dayLabel(shift.date, texts.locale)}</div>
                <div>
                  <span className={classes.colName}>{localizedName(shift, texts.locale)}</span> {shiftTimes(shift, texts.timeZone)}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid="shift-resource-row" data-kind={row.kind} data-resource={row.gang ?? row.equipmentNumber ?? ''}>
              <th scope="row" className={classes.rowHead}>
                {row.kind === 'gang' ? t('shiftPlanner.resources.gang', { number: row.gang }) : row.label}
              </th>
              {row.cells.map((cell, column) => {
                const shift = board.shiftsList[column]!;
                return (
                  <td
                    key={shift.key}
                    className={`${classes.cell} ${classes.resourceCell}`}
                    data-testid="shift-resource-cell"
                    data-shift-key={shift.key}
                    data-closed={String(shift.closed)}
                    data-over={String(cell.isOver)}
                    data-portcall-ids={cell.portcallIds.join(',')}
                    title={cell.isOver ? t(row.kind === 'gang' ? 'shiftPlanner.resources.gang_over' : 'shiftPlanner.resources.double_booked') : undefined}
                  >
                    {cell.portcallIds.map((id) => names.get(id) ?? `#${id}`).join(', ')}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
