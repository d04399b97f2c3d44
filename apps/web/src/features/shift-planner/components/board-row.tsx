// One call's row of the board: its header (chosen fields, mismatch or synced mark, links, prefill) and one cell per shift.
// Memoised with stable props: a save re-renders only its own row.
import { memo, useMemo } from 'react';
import { Link } from 'react-router';
import { cardVolume, isShiftWarning, type TBoardPortcall, type TBoardShift } from '@quayline/domain';
import { formatZonedDateTime, zonedDay } from '@/lib/zoned-time';
import { plausibilityTexts } from '@/entities/portcall/plausibility-text';
import { followingOpenColumns, rowCells } from '../utils/board-grid';
import { rowLines, type TShiftCardField, type TShiftPortcallField, type TTexts } from '../utils/board-texts';
import { cardMenuKey, ShiftCard, type TCardAction } from './shift-card';
import classes from './shift-planner.module.css';

/** The berth planner with the call in view: its window starts on the call's first local day at the berth. */
export const berthPlannerHref = (call: Pick<TBoardPortcall, 'id' | 'berth_arrival'>, texts: Pick<TTexts, 'locale' | 'timeZone'>) =>
  `/${texts.locale}/berth-planner?portcall=${call.id}&from=${zonedDay(Date.parse(call.berth_arrival), texts.timeZone)}`;
export const detailsHref = (call: Pick<TBoardPortcall, 'id'>, texts: Pick<TTexts, 'locale'>) => `/${texts.locale}/portcall-planner/details?id=${call.id}`;

const LABEL_SLOT = '\u0000';

/** The call's plausibility warnings in the reader's words, and per card (its start) the ones of that card's shift. */
export function rowPlausibility(call: Pick<TBoardPortcall, 'plausibility'>, texts: TTexts): { all: string[]; byShiftStart: Map<string, string> } {
  const format = (key: string, values: Record<string, string | number>) => (texts.t as unknown as (k: string, v: Record<string, string | number>) => string)(key, values);
  const all = plausibilityTexts(call.plausibility, format, (iso) => formatZonedDateTime(iso, texts.timeZone, texts.locale), texts.locale);
  const byShiftStart = new Map<string, string>();
  call.plausibility.forEach((w, i) => {
    if (!isShiftWarning(w)) return;
    const key = String(Date.parse(w.shiftStart));
    byShiftStart.set(key, [byShiftStart.get(key), all[i]].filter(Boolean).join('\n'));
  });
  return { all, byShiftStart };
}

export type TBoardRowProps = {
  call: TBoardPortcall;
  shifts: readonly TBoardShift[];
  cardFields: readonly TShiftCardField[];
  rowFields: readonly TShiftPortcallField[];
  texts: TTexts;
  canEdit: boolean;
  /** Whether the row is highlighted, and which of its cells ('' for the row only). */
  highlight: string | null;
  /** Shift keys (space-separated) where the call has a problem: a string keeps the row's memo intact. */
  problemKeys: string;
  /** The shift where this call's card, as being typed, takes the shift over capacity; null when none. */
  overCapacityKey: string | null;
  closedReasons: ReadonlyMap<string, string>;
  /** Each column's day and shift name for labels, computed once for the board (a 300-call board has 12,000 cells). */
  shiftLabels: readonly string[];
  /** The open menu when it belongs to this row, else null. */
  openMenu: string | null;
  onMenu: (key: string | null) => void;
  onCardAction: (portcallId: number, index: number, action: TCardAction) => void;
  onPrefill: (portcallId: number) => void;
};

export const BoardRow = memo(function BoardRow(p: TBoardRowProps) {
  const { call, shifts, texts } = p;
  const { t } = texts;
  const cells = useMemo(() => rowCells(shifts, call), [shifts, call]);
  const problems = useMemo(() => new Set(p.problemKeys.split(' ')), [p.problemKeys]);
  const lines = rowLines(call, p.rowFields, texts);
  const plausibility = useMemo(() => rowPlausibility(call, texts), [call, texts]);
  const isMismatch = call.volume_mismatch && !call.sync_shift_cargo_volumes;
  const outsideTitle = t('shiftPlanner.cell.outside');
  // Two translations a row instead of two a cell: the shift goes into the slot.
  const cellLabel = t('shiftPlanner.cell.label', { vessel: call.vessel_name, shift: LABEL_SLOT });
  const addLabel = t('shiftPlanner.cell.add', { label: cellLabel });
  return (
    <tr className={classes.row} data-testid="shift-row" data-portcall-id={call.id} data-highlight={String(p.highlight !== null)}>
      <th scope="row" className={classes.rowHead} data-testid="shift-row-header">
        <div className={classes.vessel}>{call.vessel_name}</div>
        {lines.length > 0 && (
          <div className={classes.lines} data-fields={lines.map((l) => l.field).join(' ')}>
            {lines.map((l) => l.text).join('\n')}
          </div>
        )}
        {(isMismatch || call.sync_shift_cargo_volumes) && (
          <div className={classes.marks}>
            {isMismatch && (
              <span className={classes.mark} data-kind="mismatch" data-testid="shift-row-mismatch" title={t('shiftPlanner.row.mismatch_hint', { cargo: call.cargo.total, planned: call.planned.total })}>
                {t('shiftPlanner.row.mismatch')}
              </span>
            )}
            {call.sync_shift_cargo_volumes && (
              <span className={classes.mark} data-kind="synced" data-testid="shift-row-synced" title={t('shiftPlanner.row.synced_hint')}>
                {t('shiftPlanner.row.synced')}
              </span>
            )}
          </div>
        )}
        {plausibility.all.length > 0 && (
          // A disclosure, not a tooltip: the sentences can be read on a phone and by keyboard.
          <details className={classes.plausibility} data-testid="shift-row-plausibility" data-kinds={call.plausibility.map((w) => w.kind).join(' ')}>
            <summary>{t('berthPlanner.plausibility.marker', { count: plausibility.all.length })}</summary>
            <ul>
              {plausibility.all.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          </details>
        )}
        <div className={classes.rowLinks}>
          <Link to={detailsHref(call, texts)} className={classes.rowLink} data-testid="shift-row-details">
            {t('shiftPlanner.row.open_details')}
          </Link>
          <Link to={berthPlannerHref(call, texts)} className={classes.rowLink} data-testid="shift-row-berth-planner">
            {t('shiftPlanner.row.open_berth_planner')}
          </Link>
          {p.canEdit && (
            <button type="button" className={classes.rowAction} onClick={() => p.onPrefill(call.id)} title={t('shiftPlanner.row.prefill_hint', { vessel: call.vessel_name })} data-testid="shift-row-prefill">
              {t('shiftPlanner.row.prefill')}
            </button>
          )}
        </div>
      </th>
      {shifts.map((shift, column) => {
        const state = cells.states[column]!;
        // The shifts before the call arrives and after it leaves are one cell: most of a 14-day row, and each cell is
        // layout work for the browser (a 300-call board drops from 16,000 cells to about 3,000).
        if (state === 'outside') {
          if (column > 0 && cells.states[column - 1] === 'outside') return null;
          let span = 1;
          while (cells.states[column + span] === 'outside') span++;
          const keys = shifts.slice(column, column + span).map((s) => s.key);
          return (
            <td
              key={shift.key}
              colSpan={span}
              className={classes.cell}
              data-testid="shift-cell"
              data-portcall-id={call.id}
              data-shift-key={shift.key}
              data-shift-keys={keys.join(' ')}
              data-column={column}
              data-state="outside"
              data-closed="false"
              data-editable="false"
              data-highlight="false"
              title={outsideTitle}
            />
          );
        }
        const index = cells.cardAt[column]!;
        const card = index >= 0 ? call.portcall_shift_details[index] : undefined;
        const isEditable = p.canEdit && state === 'empty';
        const label = card ? cellLabel.replace(LABEL_SLOT, p.shiftLabels[column] ?? '') : '';
        const reason = shift.closed ? (p.closedReasons.get(shift.key) ?? '') : undefined;
        const next = card && p.canEdit ? followingOpenColumns(shifts, call, column).length > 0 : false;
        return (
          <td
            key={shift.key}
            className={classes.cell}
            data-testid="shift-cell"
            data-portcall-id={call.id}
            data-shift-key={shift.key}
            data-column={column}
            data-state={state}
            data-closed={String(shift.closed)}
            data-editable={String(isEditable)}
            data-highlight={String(p.highlight === shift.key)}
            data-over-capacity={String(p.overCapacityKey === shift.key)}
            title={reason}
          >
            {card && (
              <ShiftCard
                card={card}
                index={index}
                portcallId={call.id}
                shiftKey={shift.key}
                label={label}
                fields={p.cardFields}
                texts={texts}
                canEdit={p.canEdit}
                hasProblem={problems.has(shift.key)}
                plausibility={plausibility.byShiftStart.get(String(Date.parse(card.start_time))) ?? ''}
                canMoveNext={next}
                canSplit={next && cardVolume(card) > 1}
                canCopy={next}
                isMenuOpen={p.openMenu === cardMenuKey(call.id, shift.key)}
                onMenu={p.onMenu}
                onAction={p.onCardAction}
              />
            )}
            {isEditable && <button type="button" className={classes.addHint} aria-label={addLabel.replace(LABEL_SLOT, p.shiftLabels[column] ?? '')} data-testid="shift-cell-add" />}
            {state === 'closed' && <span className={classes.closedMark}>{reason}</span>}
          </td>
        );
      })}
    </tr>
  );
});
