// /shift-planner (shift_view): the board an operations planner works at every shift change — calls × shifts with the
// cards of each call's work, capacity per shift, problems, and the same board by resource or as the week at a glance.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  copyShiftPattern,
  DEFAULT_TIMEZONE,
  moveShiftWork,
  POPUP_AUTO_CLOSE_MS,
  shiftIndexOf,
  splitShiftWork,
  toShiftDetailInput,
  type TBoardPortcall,
  type TShiftBoard,
  type TShiftDetailInput,
  type TShiftPlanProblem,
} from '@quayline/domain';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { fieldErrorText, isApiError } from '@/lib/api-client';
import { useCurrentTerminal, useLinkedTerminals } from '@/lib/terminals';
import { addDays, formatDay } from '@/lib/zoned-time';
import { useSearchParam } from '@/lib/search-params';
import { boardParamsOf, useShiftBoard } from '../api/get-shift-board';
import { prefillCallShifts, toCardInput } from '../api/prefill-shift-details';
import { shiftPlannerKeys, type TShiftBoardParams } from '../api/query-keys';
import { shiftDownloadUrl, type TShiftDownloadKind, type TShiftDownloadType } from '../api/shift-downloads';
import { useLiveShiftBoard } from '../hooks/use-live-shift-board';
import { useSaveShiftPlan, type TSaveOutcome } from '../hooks/use-save-shift-plan';
import { useShiftPlannerSettings } from '../hooks/use-shift-planner-settings';
import { canTakeWork, cardIndexIn, followingOpenColumns, halfOfCard, newCardIn, stayOf } from '../utils/board-grid';
import type { TTexts } from '../utils/board-texts';
import { cardErrors } from '../utils/card-form';
import { ProblemList } from './problem-list';
import { ResourceBoard } from './resource-board';
import type { TCardAction } from './shift-card';
import { ShiftBoard, type THighlight } from './shift-board';
import { ShiftCardDrawer, type TCardSaveOutcome } from './shift-card-drawer';
import classes from './shift-planner.module.css';
import { ShiftCalendarDrawer } from './shift-calendar-drawer';
import { ShiftSettingsDrawer } from './shift-settings-drawer';
import { ShiftToolbar } from './shift-toolbar';
import { WeekOverview } from './week-overview';

const isDay = (v: string | null): v is string => v !== null && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** A handler whose identity never changes but that always runs with the latest render's values (rows stay memoised). */
function useStableHandler<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const ref = useRef(fn);
  useLayoutEffect(() => {
    ref.current = fn;
  });
  return useCallback((...args: A) => ref.current(...args), []);
}

type TEditor = {
  portcallId: number;
  shiftKey: string;
  isNew: boolean;
  initial: TShiftDetailInput;
  /** A new value resets the form (opened anew, or reloaded after someone else's change). */
  resetKey: number;
  isChangedElsewhere: boolean;
};

const sortByStart = (details: TShiftDetailInput[]) => details.sort((a, b) => Date.parse(a.start_time) - Date.parse(b.start_time));

export function ShiftPlannerScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const [params, setParam] = useSearchParam();
  const terminalParam = Number(params.get('terminal')) || null;
  const fromParam = isDay(params.get('from')) ? params.get('from') : null;
  const focusId = Number(params.get('portcall')) || null;

  const { settings, isLoaded: isSettingsLoaded, setSetting } = useShiftPlannerSettings();
  const currentTerminal = useCurrentTerminal({ isEnabled: terminalParam === null });
  const linkedTerminals = useLinkedTerminals();
  const terminalId = terminalParam ?? currentTerminal.data?.id ?? null;

  const viewMode = settings.shift_planner_view_mode;
  const boardParams = useMemo<TShiftBoardParams | null>(() => (terminalId !== null && isSettingsLoaded ? boardParamsOf({ terminalId, from: fromParam, settings }) : null), [terminalId, isSettingsLoaded, fromParam, settings]);
  const days = boardParams?.days ?? settings.number_of_days_to_show_shifts;
  const orderBy = settings.order_by;
  const boardQuery = useShiftBoard(boardParams);
  const board = boardQuery.data;
  const isReady = boardQuery.isSuccess && !boardQuery.isPlaceholderData;
  const canEdit = (board?.can_edit ?? false) && isReady;
  const timeZone = board?.time_zone ?? currentTerminal.data?.time_zone ?? DEFAULT_TIMEZONE;
  const texts = useMemo<TTexts>(() => ({ t, locale, timeZone }), [t, locale, timeZone]);
  const firstDay = board?.from ?? fromParam ?? '';

  /** The board as it is now in the cache: handlers run after optimistic updates the render has not seen yet. */
  const latestBoard = useStableHandler((): TShiftBoard | undefined => (boardParams ? queryClient.getQueryData<TShiftBoard>(shiftPlannerKeys.board(boardParams)) : undefined) ?? board);
  const callOf = (id: number) => latestBoard()?.portcalls.find((c) => c.id === id);

  const { save, isSaving } = useSaveShiftPlan(terminalId);
  const [editor, setEditor] = useState<TEditor | null>(null);
  // The card being typed takes its shift over capacity: the board marks that card (or empty cell) as the cause.
  const [isTypedOver, setTypedOver] = useState(false);
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isCalendarOpen, setCalendarOpen] = useState(false);
  const [prefillAsk, setPrefillAsk] = useState<TBoardPortcall | null>(null);
  const [highlight, setHighlight] = useState<THighlight | null>(focusId !== null ? { portcallId: focusId, shiftKey: null } : null);
  const scrollPending = useRef(focusId !== null);
  const rootRef = useRef<HTMLDivElement | null>(null);

  useLiveShiftBoard({
    terminalId,
    isSaving,
    onForeignChange: useStableHandler((id: number) => setEditor((e) => (e && e.portcallId === id ? { ...e, isChangedElsewhere: true } : e))),
  });

  // A link from elsewhere (?portcall=ID&from=DAY) opens that period with the call's row in view and marked.
  useEffect(() => {
    if (focusId === null) return;
    setHighlight({ portcallId: focusId, shiftKey: null });
    scrollPending.current = true;
  }, [focusId]);
  useEffect(() => {
    if (!isReady || !scrollPending.current || !highlight || !rootRef.current) return;
    const selector =
      highlight.portcallId !== null && highlight.shiftKey !== null
        ? `[data-testid="shift-cell"][data-portcall-id="${highlight.portcallId}"][data-shift-key="${highlight.shiftKey}"]`
        : highlight.portcallId !== null
          ? `[data-testid="shift-row"][data-portcall-id="${highlight.portcallId}"]`
          : `[data-testid="shift-column"][data-shift-key="${highlight.shiftKey ?? ''}"]`;
    const target = rootRef.current.querySelector(selector);
    if (!target) return;
    scrollPending.current = false;
    target.scrollIntoView({ block: 'center', inline: highlight.shiftKey !== null ? 'center' : 'nearest' });
  }, [isReady, highlight, board, viewMode]);


  const showOutcome = (call: TBoardPortcall, outcome: TSaveOutcome) => {
    switch (outcome.kind) {
      case 'saved':
        return;
      case 'conflict':
        setHighlight({ portcallId: call.id, shiftKey: null });
        notifications.show({
          id: `shift-conflict-${call.id}`,
          color: 'orange',
          title: t('shiftPlanner.conflict.title'),
          message: t('shiftPlanner.conflict.message', { vessel: call.vessel_name }),
          autoClose: POPUP_AUTO_CLOSE_MS,
          ...({ 'data-testid': 'shift-conflict' } as object),
        });
        return;
      case 'invalid':
        notifications.show({
          id: `shift-invalid-${call.id}`,
          color: 'red',
          title: t('shiftPlanner.save.invalid_title', { vessel: call.vessel_name }),
          message: outcome.problems.map((p) => p.message).join('; '),
          autoClose: POPUP_AUTO_CLOSE_MS,
          ...({ 'data-testid': 'shift-invalid' } as object),
        });
        return;
      case 'failed':
        notifications.show({ color: 'red', message: t('shiftPlanner.save.failed', { vessel: call.vessel_name, message: errorText(outcome.error) ?? '' }), autoClose: POPUP_AUTO_CLOSE_MS });
        return;
      default: {
        const unreachable: never = outcome;
        return unreachable;
      }
    }
  };
  /** One write of a call's whole plan, with its outcome told on screen. */
  const savePlan = async (call: TBoardPortcall, details: TShiftDetailInput[]) => {
    const outcome = await save(call, details);
    showOutcome(call, outcome);
    return outcome;
  };

  const onCardAction = useStableHandler((portcallId: number, index: number, action: TCardAction) => {
    setOpenMenu(null);
    const current = latestBoard();
    const call = callOf(portcallId);
    if (!current || !call || !canEdit) return;
    const shifts = current.shiftsList;
    const details = call.portcall_shift_details.map(toShiftDetailInput);
    const source = details[index];
    if (!source) return;
    const stay = stayOf(call);
    const following = followingOpenColumns(shifts, call, shiftIndexOf(shifts, source));
    const next = following[0] !== undefined ? shifts[following[0]] : undefined;
    let result: TShiftDetailInput[] | null = null;
    switch (action) {
      case 'next':
        result = next ? moveShiftWork(details, index, next, stay) : null;
        break;
      case 'split':
        result = next ? splitShiftWork(details, index, next, halfOfCard(source), stay) : null;
        break;
      case 'copy':
        result = copyShiftPattern(
          details,
          index,
          following.map((i) => shifts[i]!),
          stay,
        );
        break;
      case 'delete':
        result = details.filter((_, i) => i !== index);
        break;
      default: {
        const unreachable: never = action;
        return unreachable;
      }
    }
    if (result) void savePlan(call, result);
  });

  const onMoveCard = useStableHandler((portcallId: number, index: number, shiftKey: string) => {
    const current = latestBoard();
    const call = callOf(portcallId);
    const target = current?.shiftsList.find((s) => s.key === shiftKey);
    if (!call || !target || !canEdit || !canTakeWork(target, call)) return;
    const result = moveShiftWork(call.portcall_shift_details.map(toShiftDetailInput), index, target, stayOf(call));
    if (result) void savePlan(call, result);
  });

  const openEditor = (call: TBoardPortcall, shiftKey: string, resetKey: number) => {
    const shifts = latestBoard()?.shiftsList ?? [];
    const column = shifts.findIndex((s) => s.key === shiftKey);
    const shift = shifts[column];
    if (!shift) return null;
    const index = cardIndexIn(shifts, call.portcall_shift_details, column);
    const card = call.portcall_shift_details[index];
    if (card) return { portcallId: call.id, shiftKey, isNew: false, initial: toShiftDetailInput(card), resetKey, isChangedElsewhere: false };
    const fresh = newCardIn(shift, call);
    return fresh ? { portcallId: call.id, shiftKey, isNew: true, initial: fresh, resetKey, isChangedElsewhere: false } : null;
  };
  const onOpenCard = useStableHandler((portcallId: number, shiftKey: string) => {
    const call = callOf(portcallId);
    if (call) setEditor(openEditor(call, shiftKey, Date.now()));
  });
  const onAddCard = useStableHandler((portcallId: number, shiftKey: string) => {
    const call = callOf(portcallId);
    if (call && canEdit) setEditor(openEditor(call, shiftKey, Date.now()));
  });

  /** The call's plan with the editor's card put in (or taken out), and where that card sits in what is sent. */
  const writeCard = async (card: TShiftDetailInput | null): Promise<TCardSaveOutcome> => {
    const current = latestBoard();
    const call = editor ? callOf(editor.portcallId) : undefined;
    const column = current && editor ? current.shiftsList.findIndex((s) => s.key === editor.shiftKey) : -1;
    if (!current || !call || column < 0) return { kind: 'failed', error: new Error('The call is no longer on the board') };
    const details = call.portcall_shift_details.map(toShiftDetailInput);
    const there = cardIndexIn(current.shiftsList, details, column);
    const others = details.filter((_, i) => i !== there);
    const next = card ? sortByStart([...others, card]) : others;
    const sentIndex = card ? next.indexOf(card) : -1;
    const outcome = await save(call, next);
    switch (outcome.kind) {
      case 'saved':
        return { kind: 'saved' };
      case 'invalid':
        return { kind: 'invalid', errors: cardErrors(outcome.problems, sentIndex) };
      case 'conflict': {
        const theirs = outcome.current.portcall_shift_details[cardIndexIn(current.shiftsList, outcome.current.portcall_shift_details, column)];
        return { kind: 'conflict', theirs: theirs ? toShiftDetailInput(theirs) : null };
      }
      case 'failed':
        return outcome;
      default: {
        const unreachable: never = outcome;
        return unreachable;
      }
    }
  };
  const loadLatest = () => {
    const call = editor ? callOf(editor.portcallId) : undefined;
    if (!editor || !call) return setEditor(null);
    setEditor(openEditor(call, editor.shiftKey, editor.resetKey + 1));
  };

  const runPrefill = async (call: TBoardPortcall) => {
    if (terminalId === null) return;
    try {
      const cards = await prefillCallShifts(terminalId, call);
      // The plan may have moved on while the proposal was computed: the write carries the version on the board now.
      await savePlan(callOf(call.id) ?? call, cards.map(toCardInput));
    } catch (error) {
      const detail = fieldErrorText(error) ?? errorText(error) ?? '';
      notifications.show({ color: 'red', message: t('shiftPlanner.prefill.failed', { vessel: call.vessel_name, message: detail }), autoClose: POPUP_AUTO_CLOSE_MS, ...({ 'data-testid': 'shift-prefill-failed' } as object) });
    }
  };
  const onPrefill = useStableHandler((portcallId: number) => {
    setOpenMenu(null);
    const call = callOf(portcallId);
    if (!call || !canEdit) return;
    if (call.portcall_shift_details.length > 0) setPrefillAsk(call);
    else void runPrefill(call);
  });

  const onSelectProblem = useCallback((problem: TShiftPlanProblem) => {
    setHighlight({ portcallId: problem.portcall_ids[0] ?? null, shiftKey: problem.shift_key });
    scrollPending.current = true;
  }, []);
  const onOpenDay = useStableHandler((date: string) => {
    setParam('from', date);
    setSetting('shift_planner_view_mode', 'by_portcall');
  });

  const callsById = useMemo(() => new Map((board?.portcalls ?? []).map((c) => [c.id, c])), [board?.portcalls]);
  const shiftsByKey = useMemo(() => new Map((board?.shiftsList ?? []).map((s) => [s.key, s])), [board?.shiftsList]);

  // What the editor's shift already holds from the other calls: their gangs, and who has which equipment.
  const editorContext = useMemo(() => {
    if (!editor || !board) return null;
    const call = callsById.get(editor.portcallId);
    const column = board.shiftsList.findIndex((s) => s.key === editor.shiftKey);
    const shift = board.shiftsList[column];
    if (!call || !shift) return null;
    const takenBy = new Map<string, string[]>();
    let otherGangs = 0;
    const otherCalls: { vessel: string; gangs: number }[] = [];
    for (const other of board.portcalls) {
      if (other.id === call.id) continue;
      for (const card of other.portcall_shift_details) {
        if (shiftIndexOf(board.shiftsList, card) !== column) continue;
        otherGangs += card.gangs;
        if (card.gangs > 0) otherCalls.push({ vessel: other.vessel_name, gangs: card.gangs });
        for (const e of card.shift_equipment_details) takenBy.set(e.equipment_number, [...(takenBy.get(e.equipment_number) ?? []), other.vessel_name]);
      }
    }
    // Most gangs first: those are where gangs could come from.
    otherCalls.sort((a, b) => b.gangs - a.gangs);
    return { call, shift, otherGangs, otherCalls, takenBy: new Map([...takenBy].map(([k, v]) => [k, v.join(', ')])) };
  }, [editor, board, callsById]);

  const downloadUrl = useMemo(
    () => (board && terminalId !== null ? (kind: TShiftDownloadKind, type: TShiftDownloadType) => shiftDownloadUrl(kind, { terminalId, from: board.from, days: board.days, type, locale }) : null),
    [board, terminalId],
  );

  const isNoTerminal = terminalParam === null && currentTerminal.isError && isApiError(currentTerminal.error) && currentTerminal.error.code === 'NOT_FOUND';
  let content: React.ReactNode;
  if (isNoTerminal) {
    content = (
      <Alert color="gray" data-testid="shift-no-terminal">
        {t('shiftPlanner.no_terminal')}
      </Alert>
    );
  } else if (currentTerminal.isError || (boardQuery.isError && !board)) {
    content = (
      <Alert color="red" role="alert" title={t('shiftPlanner.load_failed')} data-testid="shift-load-failed">
        {errorText(currentTerminal.error ?? boardQuery.error)}
      </Alert>
    );
  } else if (!board) {
    content = (
      <Group justify="center" p="xl">
        <Loader color="harbor" type="dots" aria-label={t('shiftPlanner.loading')} />
      </Group>
    );
  } else {
    let view: React.ReactNode;
    switch (viewMode) {
      case 'by_portcall':
        view = (
          <ShiftBoard
            board={board}
            isReady={isReady}
            cardFields={settings.shift_planner_shift_card_settings}
            rowFields={settings.shift_planner_portcall_settings}
            headerFields={settings.shift_planner_header_settings}
            texts={texts}
            canEdit={canEdit}
            highlight={highlight}
            overCapacity={editor && isTypedOver ? { portcallId: editor.portcallId, shiftKey: editor.shiftKey } : null}
            openMenu={openMenu}
            onMenu={setOpenMenu}
            onOpenCard={onOpenCard}
            onAddCard={onAddCard}
            onMoveCard={onMoveCard}
            onCardAction={onCardAction}
            onPrefill={onPrefill}
          />
        );
        break;
      case 'by_resource':
        view = <ResourceBoard board={board} texts={texts} />;
        break;
      case 'week_overview':
        view = <WeekOverview board={board} texts={texts} onOpenDay={onOpenDay} />;
        break;
      default: {
        const unreachable: never = viewMode;
        view = unreachable;
      }
    }
    content = (
      <div className={classes.layout}>
        <div className={classes.main}>{view}</div>
        <aside className={classes.side}>
          <ProblemList problems={board.problems} callsById={callsById} shiftsByKey={shiftsByKey} texts={texts} onSelect={onSelectProblem} />
        </aside>
      </div>
    );
  }

  return (
    <Stack gap="xs" className={classes.root} ref={rootRef} data-testid="shift-planner" data-ready={String(isReady)} data-view-mode={viewMode}>
      <Stack gap={0}>
        <Text component="h1" fw={700} size="xl" c="navy.9" m={0}>
          {t('navigation.shift_planner')}
        </Text>
        {board && (
          <Text size="xs" c="dimmed" data-testid="shift-window">
            {t('shiftPlanner.window', { from: formatDay(board.from, locale), to: formatDay(addDays(board.from, board.days - 1), locale), zone: board.time_zone })}
            {!board.can_edit && ` · ${t('shiftPlanner.read_only')}`}
          </Text>
        )}
      </Stack>
      <ShiftToolbar
        terminals={linkedTerminals.data ?? []}
        terminalId={terminalId}
        onTerminal={(id) => setParam('terminal', String(id))}
        firstDay={firstDay}
        onFirstDay={(day) => setParam('from', day)}
        onStep={(direction) => firstDay && setParam('from', addDays(firstDay, direction * days))}
        days={days}
        isDaysFixed={viewMode === 'week_overview'}
        onDays={(n) => setSetting('number_of_days_to_show_shifts', n)}
        orderBy={orderBy}
        onOrderBy={(order) => setSetting('order_by', order)}
        viewMode={viewMode}
        onViewMode={(mode) => setSetting('shift_planner_view_mode', mode)}
        onSettings={() => setSettingsOpen(true)}
        onCalendar={canEdit ? () => setCalendarOpen(true) : null}
        downloadUrl={downloadUrl}
      />
      {content}
      <ShiftSettingsDrawer opened={isSettingsOpen} onClose={() => setSettingsOpen(false)} settings={settings} setSetting={setSetting} />
      {board && canEdit && <ShiftCalendarDrawer opened={isCalendarOpen} onClose={() => setCalendarOpen(false)} board={board} locale={locale} />}
      {editor && editorContext && board && (
        <ShiftCardDrawer
          opened
          resetKey={String(editor.resetKey)}
          call={editorContext.call}
          shift={editorContext.shift}
          initial={editor.initial}
          isNew={editor.isNew}
          canEdit={canEdit}
          equipments={board.equipments}
          takenBy={editorContext.takenBy}
          otherGangs={editorContext.otherGangs}
          otherCalls={editorContext.otherCalls}
          onOverCapacity={setTypedOver}
          texts={texts}
          isChangedElsewhere={editor.isChangedElsewhere}
          onClose={() => setEditor(null)}
          onSave={(card) => writeCard(card)}
          onDelete={() => writeCard(null)}
          onLoadLatest={loadLatest}
        />
      )}
      <Modal opened={prefillAsk !== null} onClose={() => setPrefillAsk(null)} title={t('shiftPlanner.prefill.title')} transitionProps={{ duration: 0 }} closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="shift-prefill-dialog">
        {prefillAsk && (
          <Stack gap="sm">
            <Text size="sm">{t('shiftPlanner.prefill.replace', { vessel: prefillAsk.vessel_name, count: prefillAsk.portcall_shift_details.length })}</Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setPrefillAsk(null)} data-testid="shift-prefill-cancel">
                {t('shiftPlanner.editor.cancel')}
              </Button>
              <Button
                onClick={() => {
                  const call = prefillAsk;
                  setPrefillAsk(null);
                  void runPrefill(call);
                }}
                data-testid="shift-prefill-confirm"
              >
                {t('shiftPlanner.prefill.confirm')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
