// The board by call: a sticky header row of shifts (day, name, local times, the chosen totals against capacity) and a
// sticky first column of calls. Clicks, keys, drags and drops are handled once on the table, not per card.
import { memo, useMemo, useRef, type DragEvent, type KeyboardEvent, type MouseEvent } from 'react';
import type { TBoardPortcall, TBoardShift, TBoardShiftVolume, TShiftBoard } from '@quayline/domain';
import { canTakeWork } from '../utils/board-grid';
import { dayLabel, headerLines, shiftLabel, shiftTimes, type TShiftCardField, type TShiftHeaderField, type TShiftPortcallField, type TTexts } from '../utils/board-texts';
import { BoardRow } from './board-row';
import type { TCardAction } from './shift-card';
import classes from './shift-planner.module.css';
import { isShiftWarning, localizedName } from '@quayline/domain';

/** The call and, when given, the shift to bring into view and mark. */
export type THighlight = { portcallId: number | null; shiftKey: string | null };

type TShiftBoardProps = {
  board: TShiftBoard;
  /** The board shown is the one asked for (not the previous period kept on screen while the next one loads). */
  isReady: boolean;
  cardFields: readonly TShiftCardField[];
  rowFields: readonly TShiftPortcallField[];
  headerFields: readonly TShiftHeaderField[];
  texts: TTexts;
  canEdit: boolean;
  highlight: THighlight | null;
  /** The card being edited when what is typed takes its shift over capacity. */
  overCapacity?: { portcallId: number; shiftKey: string } | null;
  openMenu: string | null;
  onMenu: (key: string | null) => void;
  onOpenCard: (portcallId: number, shiftKey: string) => void;
  onAddCard: (portcallId: number, shiftKey: string) => void;
  onMoveCard: (portcallId: number, index: number, shiftKey: string) => void;
  onCardAction: (portcallId: number, index: number, action: TCardAction) => void;
  onPrefill: (portcallId: number) => void;
};

type TColumnHeaderProps = {
  shift: TBoardShift;
  volume: TBoardShiftVolume | undefined;
  fields: readonly TShiftHeaderField[];
  texts: TTexts;
  reason: string | undefined;
  isHighlighted: boolean;
  /** A card being typed takes this shift over capacity. */
  isTypedOver: boolean;
  /** Vessels with figures to check in this shift (gangs above cranes, a rate far above the norm). */
  toCheck: string | undefined;
};

/** Per shift, the vessels whose work in it breaks a plausibility rule. */
export function shiftsToCheck(shifts: readonly TBoardShift[], portcalls: readonly TBoardPortcall[]): Map<string, string> {
  const out = new Map<string, string[]>();
  for (const call of portcalls) {
    for (const w of call.plausibility) {
      if (!isShiftWarning(w)) continue;
      const at = Date.parse(w.shiftStart);
      const shift = shifts.find((s) => Date.parse(s.start_time) <= at && at < Date.parse(s.end_time));
      if (!shift) continue;
      const names = out.get(shift.key) ?? [];
      if (!names.includes(call.vessel_name)) out.set(shift.key, [...names, call.vessel_name]);
    }
  }
  return new Map([...out].map(([key, names]) => [key, names.join(', ')]));
}

const ColumnHeader = memo(function ColumnHeader({ shift, volume, fields, texts, reason, isHighlighted, isTypedOver, toCheck }: TColumnHeaderProps) {
  const lines = headerLines(volume, fields, texts);
  return (
    <th
      scope="col"
      className={classes.colHead}
      data-testid="shift-column"
      data-shift-key={shift.key}
      data-closed={String(shift.closed)}
      data-over-capacity={String((volume?.over_capacity ?? false) || isTypedOver)}
      data-gangs={volume?.gangs ?? 0}
      data-volume={volume?.volume ?? 0}
      data-highlight={String(isHighlighted)}
      data-plausibility={String(toCheck !== undefined)}
    >
      <div className={classes.colDay}>{dayLabel(shift.date, texts.locale)}</div>
      <div>
        <span className={classes.colName}>{localizedName(shift, texts.locale)}</span> <span className={classes.colTimes}>{shiftTimes(shift, texts.timeZone)}</span>
      </div>
      {reason !== undefined && (
        <div className={classes.closedMark} data-testid="shift-column-closed">
          {reason}
        </div>
      )}
      {lines.map((l) => (
        <div key={l.field} className={classes.headLine} data-testid={`shift-header-${l.field}`}>
          {l.text}
        </div>
      ))}
      {toCheck !== undefined && (
        <div className={classes.headCheck} data-testid="shift-header-plausibility">
          {texts.t('shiftPlanner.header.plausibility', { vessels: toCheck })}
        </div>
      )}
    </th>
  );
});

type TDrag = { portcallId: number; index: number; column: number };

const closestIn = (target: EventTarget | null, testId: string): HTMLElement | null => (target instanceof Element ? target.closest<HTMLElement>(`[data-testid="${testId}"]`) : null);
const cellOf = (target: EventTarget | null) => closestIn(target, 'shift-cell');
/** The card under the event, unless the event happened on its menu button. */
const cardOf = (target: EventTarget | null) => (target instanceof Element && target.closest('button') ? null : closestIn(target, 'shift-card'));

/** The reason a closed shift takes no work: the non-working times that cover it. */
export function closedReasonsOf(shifts: readonly TBoardShift[], nonWorking: TShiftBoard['shiftsData']['non_working_times'], fallback: string): Map<string, string> {
  const reasons = new Map(nonWorking.map((n) => [n.id, n.reason]));
  const out = new Map<string, string>();
  for (const s of shifts) {
    if (!s.closed) continue;
    const text = [...new Set(s.non_working_time_ids.map((id) => reasons.get(id)).filter((r): r is string => Boolean(r)))].join(', ');
    out.set(s.key, text || fallback);
  }
  return out;
}

export function ShiftBoard(p: TShiftBoardProps) {
  const { board, canEdit, texts } = p;
  const { t } = texts;
  const shifts = board.shiftsList;
  const callsById = useMemo(() => new Map(board.portcalls.map((c) => [c.id, c])), [board.portcalls]);
  const volumes = useMemo(() => new Map(board.shiftsVolume.shifts_volume.map((v) => [v.key, v])), [board.shiftsVolume]);
  const closedFallback = t('shiftPlanner.cell.closed');
  // Built from the columns and the calendar only, so a saved row leaves the other rows' props alone.
  const nonWorking = board.shiftsData.non_working_times;
  const shiftLabels = useMemo(() => shifts.map((s) => shiftLabel(s, texts.locale)), [shifts, texts.locale]);
  const closedReasons = useMemo(() => closedReasonsOf(shifts, nonWorking, closedFallback), [shifts, nonWorking, closedFallback]);
  const toCheck = useMemo(() => shiftsToCheck(shifts, board.portcalls), [shifts, board.portcalls]);
  const problemKeys = useMemo(() => {
    const out = new Map<number, Set<string>>();
    for (const problem of board.problems) {
      // Too many gangs is the shift's problem (its header is marked); the others are the named calls' cards.
      if (problem.shift_key === null || problem.kind === 'gangs_over_capacity') continue;
      for (const id of problem.portcall_ids) out.set(id, (out.get(id) ?? new Set()).add(problem.shift_key));
    }
    return new Map([...out].map(([id, keys]) => [id, [...keys].sort().join(' ')]));
  }, [board.problems]);

  const drag = useRef<TDrag | null>(null);
  const dropCell = useRef<HTMLElement | null>(null);
  const markDrop = (cell: HTMLElement | null) => {
    if (dropCell.current === cell) return;
    if (dropCell.current) delete dropCell.current.dataset.drop;
    dropCell.current = cell;
    if (cell) cell.dataset.drop = 'true';
  };
  /** The cell under the pointer when the dragged card's work may go there: same call, another shift that takes work. */
  const acceptingCell = (target: EventTarget | null): { cell: HTMLElement; call: TBoardPortcall; shift: TBoardShift } | null => {
    const cell = cellOf(target);
    const d = drag.current;
    if (!cell || !d || Number(cell.dataset.portcallId) !== d.portcallId) return null;
    const column = Number(cell.dataset.column);
    const shift = shifts[column];
    const call = callsById.get(d.portcallId);
    if (!shift || !call || column === d.column || !canTakeWork(shift, call)) return null;
    return { cell, call, shift };
  };

  const onDragStart = (event: DragEvent<HTMLTableElement>) => {
    const card = cardOf(event.target);
    const cell = cellOf(card);
    if (!card || !cell || card.dataset.editable !== 'true') return;
    drag.current = { portcallId: Number(card.dataset.portcallId), index: Number(card.dataset.index), column: Number(cell.dataset.column) };
    if (event.dataTransfer) {
      event.dataTransfer.effectAllowed = 'move';
      // Firefox starts a drag only with data set.
      event.dataTransfer.setData('text/plain', `${card.dataset.portcallId}:${card.dataset.index}`);
    }
  };
  const onDragEnd = () => {
    drag.current = null;
    markDrop(null);
  };
  const onDragOver = (event: DragEvent<HTMLTableElement>) => {
    const target = acceptingCell(event.target);
    markDrop(target?.cell ?? null);
    if (!target) return;
    // Allowing the drop is what preventDefault means for dragover; a closed shift never gets it.
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
  };
  const onDrop = (event: DragEvent<HTMLTableElement>) => {
    const target = acceptingCell(event.target);
    const d = drag.current;
    onDragEnd();
    if (!target || !d) return;
    event.preventDefault();
    p.onMoveCard(d.portcallId, d.index, target.shift.key);
  };
  const onClick = (event: MouseEvent<HTMLTableElement>) => {
    const card = cardOf(event.target);
    if (card) return p.onOpenCard(Number(card.dataset.portcallId), card.dataset.shiftKey!);
    const cell = cellOf(event.target);
    if (!canEdit || !cell || cell.dataset.editable !== 'true' || (event.target instanceof Element && event.target.closest('a'))) return;
    p.onAddCard(Number(cell.dataset.portcallId), cell.dataset.shiftKey!);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    const card = cardOf(event.target);
    // Only the card's own body opens it; a key on its menu button is the menu's.
    if (!card || !(event.target instanceof HTMLElement) || event.target.dataset.cardOpen !== 'true') return;
    event.preventDefault();
    p.onOpenCard(Number(card.dataset.portcallId), card.dataset.shiftKey!);
  };

  const highlight = p.highlight;
  return (
    <div className={classes.scroller} data-testid="shift-board" data-ready={String(p.isReady)} data-can-edit={String(canEdit)}>
      <table
        className={classes.board}
        onClick={onClick}
        onKeyDown={onKeyDown}
        onDragStart={canEdit ? onDragStart : undefined}
        onDragEnd={canEdit ? onDragEnd : undefined}
        onDragOver={canEdit ? onDragOver : undefined}
        onDrop={canEdit ? onDrop : undefined}
        onDragLeave={canEdit ? (e) => cellOf(e.relatedTarget) === null && markDrop(null) : undefined}
      >
        <thead>
          <tr>
            <th scope="col" className={classes.corner}>
              {t('shiftPlanner.board.corner')}
            </th>
            {shifts.map((shift) => (
              <ColumnHeader key={shift.key} shift={shift} volume={volumes.get(shift.key)} fields={p.headerFields} texts={texts} reason={closedReasons.get(shift.key)} isHighlighted={highlight?.shiftKey === shift.key} isTypedOver={p.overCapacity?.shiftKey === shift.key} toCheck={toCheck.get(shift.key)} />
            ))}
          </tr>
        </thead>
        <tbody>
          {board.portcalls.map((call) => (
            <BoardRow
              key={call.id}
              call={call}
              shifts={shifts}
              cardFields={p.cardFields}
              rowFields={p.rowFields}
              texts={texts}
              canEdit={canEdit}
              highlight={highlight?.portcallId === call.id ? (highlight.shiftKey ?? '') : null}
              problemKeys={problemKeys.get(call.id) ?? ''}
              overCapacityKey={p.overCapacity?.portcallId === call.id ? p.overCapacity.shiftKey : null}
              closedReasons={closedReasons}
              shiftLabels={shiftLabels}
              openMenu={p.openMenu?.startsWith(`card:${call.id}:`) ? p.openMenu : null}
              onMenu={p.onMenu}
              onCardAction={p.onCardAction}
              onPrefill={p.onPrefill}
            />
          ))}
        </tbody>
      </table>
      {board.portcalls.length === 0 && (
        <div className={classes.emptyBoard} data-testid="shift-board-empty">
          {t('shiftPlanner.board.empty')}
        </div>
      )}
    </div>
  );
}
