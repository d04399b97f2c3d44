// /berth-planner (berth_view): the quay over time for the terminal planner — live or in the sandbox.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { clashingPairs, DEFAULT_TIMEZONE, planQuayOf, terminalCraneRate, POPUP_AUTO_CLOSE_MS, summarisePlanClashes, type TPlanClashSummary, type TPlannerPortcall } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { can } from '@/lib/permissions';
import { useUserDetails } from '@/lib/user';
import { addDays, formatDay, zonedDay } from '@/lib/zoned-time';
import { useSearchParam } from '@/lib/search-params';
import { draftDownloadUrl } from '../api/draft-portcalls';
import { useBlockedZones } from '../api/get-blocked-zones';
import { usePortcallTimestamps } from '../api/get-portcall-timestamps';
import { usePlannerPortcalls } from '../api/get-planner-portcalls';
import { usePlannerTerminal } from '../api/get-planner-terminal';
import { useTerminalCranes } from '@/lib/terminals';
import { useTidalData } from '../api/get-tidal-data';
import type { TPlace } from '../api/update-portcall-place';
import { useLivePlannerEvents } from '../hooks/use-live-planner-events';
import { useLivePlacement } from '../hooks/use-place-call';
import { usePlannerSettings } from '../hooks/use-planner-settings';
import { useSandbox } from '../hooks/use-sandbox';
import { useUnassignedDrop } from '../hooks/use-unassigned-drop';
import { OptimizePanel } from '../optimize/optimize-panel';
import { hourGridLines, shiftOccurrences } from '../utils/day-grid';
import { applyDraft, withPlace } from '../utils/draft-overlay';
import { negotiationWindows } from '../utils/negotiation-windows';
import { plannerWindowDays } from '../utils/planner-window';
import { isPlaced, tideModel, toPlannedCall } from '../utils/plan-model';
import { createScale, planToScreen } from '../utils/planner-scale';
import { shiftVolumes } from '../utils/shift-volumes';
import { buildTimeIndex } from '../utils/time-index';
import classes from './berth-planner.module.css';
import { CLASH_LIST_LIMIT, ClashList } from './clash-list';
import { CranesPanel } from './cranes-panel';
import { PlannerDiagram } from './planner-diagram';
import { PlannerToolbar, type TPlannerMode } from './planner-toolbar';
import { PublishPreviewModal } from './publish-preview-modal';
import { RevertConfirmModal } from './revert-confirm-modal';
import { SettingsDrawer } from './settings-drawer';
import { UnassignedPanel } from './unassigned-panel';

const EMPTY: never[] = [];
const NO_CLASHES: TPlanClashSummary = { total: 0, callIds: new Set(), first: [] };

export function BerthPlannerScreen() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params, setParam] = useSearchParam();
  const terminalParam = Number(params.get('terminal')) || null;
  const fromParam = params.get('from');
  // ?portcall=ID (e.g. from the shift planner): that call selected and brought into view once the plan is drawn.
  const focusParam = Number(params.get('portcall')) || null;
  const { settings, isLoaded: isSettingsLoaded, setSetting } = usePlannerSettings();
  const { data: user } = useUserDetails();
  const terminalQuery = usePlannerTerminal(terminalParam);
  const terminal = terminalQuery.data;
  const terminalId = terminal?.id ?? null;
  const timeZone = terminal?.time_zone ?? DEFAULT_TIMEZONE;
  const [openedAt] = useState(() => Date.now());
  const schedule = settings.canvas_schedule;

  const { firstDay, days, from, to } = useMemo(() => plannerWindowDays({ fromParam, now: openedAt, timeZone, schedule }), [fromParam, openedAt, timeZone, schedule]);
  const windowStart = days[0]!.start;
  const windowEnd = days.at(-1)!.end;
  const plannerWindow = useMemo(() => (terminalId !== null ? { terminalId, from, to } : null), [terminalId, from, to]);

  const callsQuery = usePlannerPortcalls(plannerWindow, settings.canvas_refresh);
  const zonesQuery = useBlockedZones(terminalId, from, to);
  const tideQuery = useTidalData(terminalId, from, to);
  // Always loaded: the cranes' productivity is the norm the cards' plausibility warnings hold cargo to.
  const cranesQuery = useTerminalCranes(terminalId, true);
  const craneRate = useMemo(() => terminalCraneRate(cranesQuery.data ?? []), [cranesQuery.data]);

  // Moving calls, the sandbox and the optimiser are the terminal's (403 for the vessel side): others only look.
  const canPlan = can(user, 'plan_berths');
  const [chosenMode, setMode] = useState<TPlannerMode>(params.get('mode') === 'sandbox' ? 'sandbox' : 'live');
  const mode: TPlannerMode = canPlan ? chosenMode : 'live';
  const refetchCalls = callsQuery.refetch;
  const sandbox = useSandbox(terminalId, mode === 'sandbox', useCallback(() => void refetchCalls(), [refetchCalls]));
  const live = useLivePlacement();
  useLivePlannerEvents({ terminalId, userId: user?.id ?? null });

  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [isSettingsOpen, setSettingsOpen] = useState(false);
  const [isOptimizeOpen, setOptimizeOpen] = useState(false);
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const [isRevertOpen, setRevertOpen] = useState(false);
  const viewportRef = useRef<HTMLDivElement | null>(null);

  const liveCalls = callsQuery.data ?? EMPTY;
  const draft = mode === 'sandbox' ? sandbox.draft : undefined;
  const shownCalls = useMemo(() => {
    if (mode === 'sandbox') return applyDraft(liveCalls, draft);
    if (live.pending.size === 0) return liveCalls;
    return liveCalls.map((c) => {
      const pending = live.pending.get(c.id);
      return pending ? withPlace(c, pending) : c;
    });
  }, [mode, liveCalls, draft, live.pending]);
  const placed = useMemo(() => shownCalls.filter(isPlaced), [shownCalls]);
  const unassigned = useMemo(() => shownCalls.filter((c) => !isPlaced(c)), [shownCalls]);
  const callsById = useMemo(() => new Map(shownCalls.map((c) => [c.id, c])), [shownCalls]);
  const liveById = useMemo(() => new Map(liveCalls.map((c) => [c.id, c])), [liveCalls]);
  const tideAt = useMemo(() => tideModel(tideQuery.data?.levels ?? []), [tideQuery.data]);
  const blockZones = zonesQuery.data ?? EMPTY;
  const quay = useMemo(() => (terminal ? planQuayOf({ terminal, blockZones, tideAt }) : null), [terminal, blockZones, tideAt]);
  const planned = useMemo(() => placed.map(toPlannedCall), [placed]);
  const clearance = quay?.clearance ?? 0;
  const pairs = useMemo(() => clashingPairs(planned, clearance), [planned, clearance]);
  const clashes = useMemo(() => (quay ? summarisePlanClashes(planned, quay, CLASH_LIST_LIMIT, pairs) : NO_CLASHES), [planned, quay, pairs]);
  const index = useMemo(() => buildTimeIndex(planned), [planned]);
  const frozenIds = useMemo(() => new Set(draft?.frozen_portcall_ids ?? []), [draft]);
  const bollardPositions = useMemo(() => (terminal?.bollards ?? []).map((b) => b.position_m), [terminal]);
  const hourLines = useMemo(() => hourGridLines(days, schedule.hours), [days, schedule.hours]);
  const shifts = useMemo(() => (terminal ? shiftOccurrences(days, terminal.shifts, timeZone) : []), [days, terminal, timeZone]);
  const volumes = useMemo(() => (settings.canvas_volumes ? shiftVolumes(shifts, shownCalls) : null), [settings.canvas_volumes, shifts, shownCalls]);
  const scale = useMemo(
    () => createScale({ windowStart, windowEnd, quayLength: terminal?.quay_length_m ?? 1000, zoomPercent: settings.canvas_step_zoom_percentage, isSwitched: settings.switch_canvas_axes }),
    [windowStart, windowEnd, terminal?.quay_length_m, settings.canvas_step_zoom_percentage, settings.switch_canvas_axes],
  );
  const layers = useMemo(
    () => ({
      isDayGrid: settings.canvas_day_grid,
      isHourGrid: settings.canvas_hour_grid,
      isShiftGrid: settings.canvas_shift_grid,
      isWeekendHighlight: settings.canvas_highlight_weekends,
      isShiftHighlight: settings.canvas_highlight_shifts,
    }),
    [settings.canvas_day_grid, settings.canvas_hour_grid, settings.canvas_shift_grid, settings.canvas_highlight_weekends, settings.canvas_highlight_shifts],
  );
  const timestamps = usePortcallTimestamps(selectedId);
  const windows = useMemo(() => negotiationWindows(timestamps.data ?? []), [timestamps.data]);

  const canMove = useCallback((id: number) => canPlan && !(mode === 'sandbox' && frozenIds.has(id)), [canPlan, mode, frozenIds]);
  const { move: moveInDraft } = sandbox;
  const { place: placeLive } = live;
  const commit = useCallback(
    (call: TPlannerPortcall, place: TPlace) => {
      if (mode === 'sandbox') {
        if (!frozenIds.has(call.id)) void moveInDraft([{ portcall_id: call.id, ...place }]);
        return;
      }
      void placeLive(liveById.get(call.id) ?? call, place);
    },
    [mode, frozenIds, moveInDraft, placeLive, liveById],
  );
  // A clash picked in the list: select its call and bring the card into view.
  const revealCall = useCallback(
    (id: number) => {
      setSelectedId(id);
      const call = callsById.get(id);
      const el = viewportRef.current;
      if (!call || !isPlaced(call) || !el) return;
      const r = planToScreen(scale, toPlannedCall(call));
      el.scrollTo({ left: Math.max(0, r.left + r.width / 2 - el.clientWidth / 2), top: Math.max(0, r.top + r.height / 2 - el.clientHeight / 2) });
    },
    [callsById, scale],
  );
  const openForm = useCallback((id: number) => void navigate(`/${locale}/portcall-planner/portcall/edit?id=${id}`), [navigate, locale]);
  const grabFromList = useUnassignedDrop({ viewport: viewportRef, scale, days, stepMinutes: schedule.hours * 60, bollardPositions, onPlace: commit });

  const changeMode = (next: TPlannerMode) => {
    setMode(next);
    setParam('mode', next === 'sandbox' ? 'sandbox' : null);
  };

  const isDataReady = terminal !== undefined && callsQuery.isSuccess && isSettingsLoaded && (mode === 'live' || sandbox.draft !== undefined);
  const [isCommitted, setCommitted] = useState(false);
  useEffect(() => setCommitted(isDataReady), [isDataReady]);
  const focusedRef = useRef<number | null>(null);
  useEffect(() => {
    if (!isDataReady || !isCommitted || focusParam === null || focusedRef.current === focusParam || !callsById.has(focusParam)) return;
    focusedRef.current = focusParam;
    revealCall(focusParam);
  }, [isDataReady, isCommitted, focusParam, callsById, revealCall]);

  const selected = selectedId !== null ? callsById.get(selectedId) : undefined;
  const isSelectedFrozen = selectedId !== null && frozenIds.has(selectedId);
  const conflictName = (id: number) => callsById.get(id)?.vessel_name ?? `#${id}`;

  let content: React.ReactNode;
  if (terminalQuery.isError && isApiError(terminalQuery.error) && terminalQuery.error.code === 'NOT_FOUND') {
    content = (
      <Alert color="gray" data-testid="planner-no-terminal">
        {t('berthPlanner.no_terminal')}
      </Alert>
    );
  } else if (terminalQuery.isError || callsQuery.isError) {
    content = (
      <Alert color="red" role="alert" title={t('berthPlanner.load_failed')}>
        {errorText(terminalQuery.error ?? callsQuery.error)}
      </Alert>
    );
  } else if (!terminal || !quay || callsQuery.isPending || !isSettingsLoaded) {
    content = (
      <Group justify="center" p="xl">
        <Loader color="harbor" type="dots" aria-label={t('berthPlanner.loading')} />
      </Group>
    );
  } else {
    content = (
      <div className={classes.body}>
        <PlannerDiagram
          terminal={terminal}
          craneRate={craneRate}
          scale={scale}
          days={days}
          hourLines={hourLines}
          shifts={shifts}
          volumes={volumes}
          layers={layers}
          showShifts={settings.canvas_shifts}
          showTide={settings.canvas_tidal}
          showDepths={settings.canvas_section_depths}
          showBlockZones={settings.canvas_blockzones}
          calls={placed}
          callsById={callsById}
          clashIds={clashes.callIds}
          frozenIds={frozenIds}
          selectedId={selectedId}
          windows={windows}
          blockZones={blockZones}
          tide={tideQuery.data}
          quay={quay}
          index={index}
          stepMinutes={schedule.hours * 60}
          stepMetres={settings.canvas_position.step_metres}
          bollardPositions={bollardPositions}
          fields={settings.portcall_card_settings}
          timeZone={timeZone}
          locale={locale}
          initialScrollMs={fromParam ? windowStart : openedAt - 6 * 3_600_000}
          viewportRef={viewportRef}
          canMove={canMove}
          onSelect={setSelectedId}
          onOpen={openForm}
          onCommit={commit}
        />
        <aside className={classes.side}>
          <ClashList clashes={clashes} callsById={callsById} onSelect={revealCall} />
          <UnassignedPanel calls={unassigned} timeZone={timeZone} locale={locale} onGrab={canPlan ? grabFromList : null} />
          {settings.canvas_cranes && <CranesPanel cranes={cranesQuery.data ?? EMPTY} calls={shownCalls} timeZone={timeZone} locale={locale} />}
        </aside>
      </div>
    );
  }

  return (
    <Stack gap="xs" className={classes.root} data-testid="berth-planner" data-ready={String(isDataReady && isCommitted)} data-mode={mode} data-can-plan={String(canPlan)}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Stack gap={0}>
          <Text component="h1" fw={700} size="xl" c="navy.9" m={0}>
            {t('navigation.berth_planner')}
          </Text>
          {terminal && (
            <Text size="xs" c="dimmed" data-testid="planner-window">
              {terminal.name} · {t('berthPlanner.toolbar.window', { from: formatDay(days[0]!.date, locale), to: formatDay(days.at(-1)!.date, locale), zone: timeZone })}
            </Text>
          )}
        </Stack>
      </Group>
      <PlannerToolbar
        canPlan={canPlan}
        mode={mode}
        onMode={changeMode}
        firstDay={firstDay}
        onFirstDay={(day) => setParam('from', day)}
        onShiftWeek={(weeks) => setParam('from', addDays(firstDay, weeks * 7))}
        zoom={settings.canvas_step_zoom_percentage}
        onZoom={(zoom) => setSetting('canvas_step_zoom_percentage', zoom)}
        onSettings={() => setSettingsOpen(true)}
        hasSelection={selected !== undefined}
        selectedCall={selected ? { id: selected.id, vesselName: selected.vessel_name } : null}
        isSelectedFrozen={isSelectedFrozen}
        onOpenForm={() => selectedId !== null && openForm(selectedId)}
        shiftPlannerHref={selected ? `/${locale}/shift-planner?portcall=${selected.id}&from=${zonedDay(Date.parse(selected.berth_arrival), timeZone)}` : null}
        onFreeze={() => selectedId !== null && void sandbox.freeze(selectedId, !isSelectedFrozen)}
        sandbox={{
          canUndo: sandbox.draft?.can_undo ?? false,
          canRedo: sandbox.draft?.can_redo ?? false,
          changeCount: sandbox.draft?.changes.length ?? 0,
          isBusy: sandbox.isBusy,
          downloadUrl: terminalId !== null ? draftDownloadUrl(terminalId, locale) : null,
          onUndo: () => void sandbox.undo(),
          onRedo: () => void sandbox.redo(),
          onRevert: () => setRevertOpen(true),
          onPublish: () => setPreviewOpen(true),
          onOptimize: () => setOptimizeOpen(true),
        }}
      />
      {mode === 'sandbox' && sandbox.conflicts.length > 0 && (
        <Alert color="orange" title={t('berthPlanner.sandbox.conflicts_title')} withCloseButton onClose={sandbox.clearConflicts} data-testid="sandbox-conflicts">
          <List size="sm">
            {sandbox.conflicts.map((c) => (
              <List.Item key={c.portcall_id} data-testid="sandbox-conflict" data-portcall-id={c.portcall_id} data-reason={c.reason}>
                {conflictName(c.portcall_id)}: {t(`berthPlanner.sandbox.reasons.${c.reason}`)}
                {c.reason === 'invalid' && c.message ? ` (${c.message})` : ''}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {content}
      {mode === 'sandbox' && terminalId !== null && isPreviewOpen && sandbox.draft && (
        <PublishPreviewModal
          terminalId={terminalId}
          draftVersion={sandbox.draft.version}
          timeZone={timeZone}
          locale={locale}
          isBusy={sandbox.isBusy}
          onClose={() => setPreviewOpen(false)}
          onPublish={(version) => {
            void sandbox.publish(version).then(() => setPreviewOpen(false));
          }}
        />
      )}
      {mode === 'sandbox' && isRevertOpen && (
        <RevertConfirmModal
          changeCount={sandbox.draft?.changes.length ?? 0}
          isBusy={sandbox.isBusy}
          onClose={() => setRevertOpen(false)}
          onConfirm={() => {
            void sandbox.revert().then((isReverted) => {
              setRevertOpen(false);
              if (!isReverted) return;
              // The dropped moves stay on the undo stack: one click brings them back.
              const id = notifications.show({
                color: 'orange',
                autoClose: POPUP_AUTO_CLOSE_MS,
                message: (
                  <Group gap="xs" justify="space-between" wrap="nowrap">
                    <Text size="sm">{t('berthPlanner.revert.done')}</Text>
                    <Button size="compact-xs" variant="light" data-testid="revert-undo" onClick={() => {
                        notifications.hide(id);
                        void sandbox.undo();
                      }}>
                      {t('berthPlanner.sandbox.undo')}
                    </Button>
                  </Group>
                ),
              });
            });
          }}
        />
      )}
      <SettingsDrawer opened={isSettingsOpen} onClose={() => setSettingsOpen(false)} settings={settings} setSetting={setSetting} />
      {mode === 'sandbox' && terminalId !== null && isOptimizeOpen && (
        <OptimizePanel terminalId={terminalId} windowStart={from} windowEnd={to} opened={isOptimizeOpen} onClose={() => setOptimizeOpen(false)} onApplied={() => {
            setOptimizeOpen(false);
            sandbox.refetch();
          }} />
      )}
    </Stack>
  );
}
