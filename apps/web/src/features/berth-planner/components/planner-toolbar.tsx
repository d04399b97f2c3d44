// The planner's controls: mode, the window (previous/next week, go to date, today), zoom, settings, the selected
// call's actions, and in sandbox mode undo/redo/revert/publish/download/optimise.
import { ActionIcon, Button, Group, List, Popover, Text, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconArrowBackUp, IconArrowForwardUp, IconCalendarTime, IconChevronLeft, IconChevronRight, IconDownload, IconKeyboard, IconLock, IconLockOpen, IconPencil, IconRestore, IconSparkles, IconUpload, IconZoomIn, IconZoomOut } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PinButton } from '@/components/pin-button';
import { DateField } from '@/components/date-inputs';

export type TPlannerMode = 'live' | 'sandbox';

type TProps = {
  /** The terminal's planners: mode switch, freeze and the sandbox bar; everyone else sees the live plan only. */
  canPlan: boolean;
  mode: TPlannerMode;
  onMode: (mode: TPlannerMode) => void;
  firstDay: string;
  onFirstDay: (day: string | null) => void;
  onShiftWeek: (weeks: number) => void;
  zoom: number;
  onZoom: (zoom: number) => void;
  onSettings: () => void;
  hasSelection: boolean;
  /** The selected call, for the one pin button of the planner (never one per card: the plan draws 2,000 of them). */
  selectedCall: { id: number; vesselName: string } | null;
  isSelectedFrozen: boolean;
  onOpenForm: () => void;
  /** The shift planner at the selected call's first day at the berth, with its row marked; null without a selection. */
  shiftPlannerHref: string | null;
  onFreeze: () => void;
  sandbox: { canUndo: boolean; canRedo: boolean; changeCount: number; isBusy: boolean; downloadUrl: string | null; onUndo: () => void; onRedo: () => void; onRevert: () => void; onPublish: () => void; onOptimize: () => void };
};

const ZOOM_STEP = 25;

function KeysHelp() {
  const { t } = useTranslation();
  return (
    <Popover width={320} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Tooltip label={t('berthPlanner.toolbar.keys')}>
          <ActionIcon variant="default" size="lg" aria-label={t('berthPlanner.toolbar.keys')} data-testid="planner-keys">
            <IconKeyboard size={18} />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Text fw={600} size="sm" mb={4}>
          {t('berthPlanner.keys.title')}
        </Text>
        <List size="xs" spacing={2}>
          <List.Item>{t('berthPlanner.keys.select')}</List.Item>
          <List.Item>{t('berthPlanner.keys.move_time')}</List.Item>
          <List.Item>{t('berthPlanner.keys.move_quay')}</List.Item>
          <List.Item>{t('berthPlanner.keys.fine')}</List.Item>
          <List.Item>{t('berthPlanner.keys.resize')}</List.Item>
          <List.Item>{t('berthPlanner.keys.open')}</List.Item>
        </List>
      </Popover.Dropdown>
    </Popover>
  );
}

export function PlannerToolbar(p: TProps) {
  const { t } = useTranslation();
  const s = p.sandbox;
  return (
    <Group gap="xs" wrap="wrap" data-testid="planner-toolbar">
      {p.canPlan && (
        <Button.Group aria-label={t('berthPlanner.mode.label')}>
          <Button size="xs" variant={p.mode === 'live' ? 'filled' : 'default'} onClick={() => p.onMode('live')} data-testid="planner-mode-live" aria-pressed={p.mode === 'live'}>
            {t('berthPlanner.mode.live')}
          </Button>
          <Button size="xs" variant={p.mode === 'sandbox' ? 'filled' : 'default'} color="orange" onClick={() => p.onMode('sandbox')} data-testid="planner-mode-sandbox" aria-pressed={p.mode === 'sandbox'}>
            {t('berthPlanner.mode.sandbox')}
          </Button>
        </Button.Group>
      )}
      <Group gap={4} wrap="nowrap">
        <Tooltip label={t('berthPlanner.toolbar.previous_week')}>
          <ActionIcon variant="default" size="lg" onClick={() => p.onShiftWeek(-1)} aria-label={t('berthPlanner.toolbar.previous_week')} data-testid="planner-previous-week">
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <DateField
          size="xs"
          w={140}
          value={p.firstDay}
          onChange={(next) => next && p.onFirstDay(next)}
          aria-label={t('berthPlanner.toolbar.go_to_date')}
          title={t('berthPlanner.toolbar.go_to_date')}
          data-testid="planner-go-to-date"
        />
        <Tooltip label={t('berthPlanner.toolbar.next_week')}>
          <ActionIcon variant="default" size="lg" onClick={() => p.onShiftWeek(1)} aria-label={t('berthPlanner.toolbar.next_week')} data-testid="planner-next-week">
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        <Button size="xs" variant="default" onClick={() => p.onFirstDay(null)} data-testid="planner-today">
          {t('berthPlanner.toolbar.today')}
        </Button>
      </Group>
      <Group gap={4} wrap="nowrap">
        <ActionIcon variant="default" size="lg" onClick={() => p.onZoom(Math.max(25, p.zoom - ZOOM_STEP))} aria-label={t('berthPlanner.toolbar.zoom_out')} data-testid="planner-zoom-out">
          <IconZoomOut size={18} />
        </ActionIcon>
        <Text size="xs" w={40} ta="center" data-testid="planner-zoom">
          {p.zoom}%
        </Text>
        <ActionIcon variant="default" size="lg" onClick={() => p.onZoom(Math.min(1000, p.zoom + ZOOM_STEP))} aria-label={t('berthPlanner.toolbar.zoom_in')} data-testid="planner-zoom-in">
          <IconZoomIn size={18} />
        </ActionIcon>
      </Group>
      <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} disabled={!p.hasSelection} onClick={p.onOpenForm} data-testid="planner-open-form">
        {t('berthPlanner.toolbar.open_form')}
      </Button>
      {p.shiftPlannerHref !== null ? (
        <Button size="xs" variant="default" leftSection={<IconCalendarTime size={14} />} component={Link} to={p.shiftPlannerHref} data-testid="berth-card-open-shift-planner">
          {t('berthPlanner.toolbar.open_shift_planner')}
        </Button>
      ) : (
        <Button size="xs" variant="default" leftSection={<IconCalendarTime size={14} />} disabled data-testid="berth-card-open-shift-planner">
          {t('berthPlanner.toolbar.open_shift_planner')}
        </Button>
      )}
      {p.selectedCall && <PinButton key={p.selectedCall.id} portcallId={p.selectedCall.id} vesselName={p.selectedCall.vesselName} variant="icon" />}
      {p.canPlan && (
        <Tooltip label={t('berthPlanner.sandbox.frozen_hint')} disabled={p.mode !== 'sandbox'}>
          <Button size="xs" variant="default" leftSection={p.isSelectedFrozen ? <IconLockOpen size={14} /> : <IconLock size={14} />} disabled={!p.hasSelection || p.mode !== 'sandbox' || s.isBusy} onClick={p.onFreeze} data-testid="planner-freeze">
            {p.isSelectedFrozen ? t('berthPlanner.toolbar.unfreeze') : t('berthPlanner.toolbar.freeze')}
          </Button>
        </Tooltip>
      )}
      {p.canPlan && p.mode === 'sandbox' && (
        <Group gap={4} wrap="wrap" data-testid="planner-sandbox-bar">
          <Tooltip label={t('berthPlanner.sandbox.undo')}>
            <ActionIcon variant="default" size="lg" disabled={!s.canUndo || s.isBusy} onClick={s.onUndo} aria-label={t('berthPlanner.sandbox.undo')} data-testid="sandbox-undo">
              <IconArrowBackUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('berthPlanner.sandbox.redo')}>
            <ActionIcon variant="default" size="lg" disabled={!s.canRedo || s.isBusy} onClick={s.onRedo} aria-label={t('berthPlanner.sandbox.redo')} data-testid="sandbox-redo">
              <IconArrowForwardUp size={18} />
            </ActionIcon>
          </Tooltip>
          <Button size="xs" variant="default" leftSection={<IconRestore size={14} />} disabled={s.isBusy || s.changeCount === 0} onClick={s.onRevert} data-testid="sandbox-revert">
            {t('berthPlanner.sandbox.revert')}
          </Button>
          <Button size="xs" color="green" leftSection={<IconUpload size={14} />} disabled={s.changeCount === 0 || s.isBusy} onClick={s.onPublish} data-testid="sandbox-publish">
            {t('berthPlanner.sandbox.publish')}
          </Button>
          <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} component="a" href={s.downloadUrl ?? undefined} download data-testid="sandbox-download">
            {t('berthPlanner.sandbox.download')}
          </Button>
          <Button size="xs" variant="light" color="grape" leftSection={<IconSparkles size={14} />} onClick={s.onOptimize} data-testid="sandbox-optimize">
            {t('berthPlanner.sandbox.optimize')}
          </Button>
          <Text size="xs" c="dimmed" data-testid="sandbox-change-count">
            {t('berthPlanner.sandbox.changes', { count: s.changeCount })}
          </Text>
        </Group>
      )}
      <KeysHelp />
      <Tooltip label={t('berthPlanner.toolbar.settings')}>
        <ActionIcon variant="default" size="lg" onClick={p.onSettings} aria-label={t('berthPlanner.toolbar.settings')} data-testid="planner-settings">
          <IconAdjustmentsHorizontal size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
