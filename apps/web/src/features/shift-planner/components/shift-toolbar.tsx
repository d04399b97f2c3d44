// The planner's controls: the period (first day, previous/next, today, days shown), order, view mode, field settings,
// downloads of the shown period and the printed shift sheet. Wraps on a narrow screen.
import { ActionIcon, Button, Group, Menu, NativeSelect, SegmentedControl, Tooltip } from '@mantine/core';
import { IconAdjustmentsHorizontal, IconCalendarOff, IconChevronLeft, IconChevronRight, IconDownload, IconFileSpreadsheet, IconFileTypeCsv, IconPrinter } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SHIFT_PLANNER_ORDER_BY, SHIFT_PLANNER_VIEW_MODES, type TShiftPlannerOrderBy, type TShiftPlannerViewMode, type TTerminal } from '@quayline/domain';
import type { TShiftDownloadKind, TShiftDownloadType } from '../api/shift-downloads';
import classes from './shift-planner.module.css';
import { DateField } from '@/components/date-inputs';

const DAY_OPTIONS = Array.from({ length: 14 }, (_, i) => String(i + 1));
const DOWNLOADS: readonly (readonly [TShiftDownloadKind, TShiftDownloadType])[] = [
  ['shift_plan', 'csv'],
  ['shift_plan', 'xlsx'],
  ['shift_report', 'csv'],
  ['shift_report', 'xlsx'],
];

type TShiftToolbarProps = {
  terminals: readonly TTerminal[];
  terminalId: number | null;
  onTerminal: (id: number) => void;
  firstDay: string;
  onFirstDay: (day: string | null) => void;
  onStep: (direction: -1 | 1) => void;
  days: number;
  isDaysFixed: boolean;
  onDays: (days: number) => void;
  orderBy: TShiftPlannerOrderBy;
  onOrderBy: (order: TShiftPlannerOrderBy) => void;
  viewMode: TShiftPlannerViewMode;
  onViewMode: (mode: TShiftPlannerViewMode) => void;
  onSettings: () => void;
  /** The terminal's shift calendar (gangs, non-working times); only for those who plan. */
  onCalendar: (() => void) | null;
  downloadUrl: ((kind: TShiftDownloadKind, type: TShiftDownloadType) => string) | null;
};

const isOrderBy = (v: string | null): v is TShiftPlannerOrderBy => (SHIFT_PLANNER_ORDER_BY as readonly (string | null)[]).includes(v);
const isViewMode = (v: string): v is TShiftPlannerViewMode => (SHIFT_PLANNER_VIEW_MODES as readonly string[]).includes(v);

export function ShiftToolbar(p: TShiftToolbarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="wrap" align="flex-end" className={classes.noPrint} data-testid="shift-toolbar">
      {p.terminals.length > 1 && (
        <NativeSelect
          size="xs"
          w={200}
          label={t('shiftPlanner.toolbar.terminal')}
          value={p.terminalId === null ? '' : String(p.terminalId)}
          onChange={(e) => e.currentTarget.value && p.onTerminal(Number(e.currentTarget.value))}
          data={p.terminals.map((terminal) => ({ value: String(terminal.id), label: terminal.name }))}
          data-testid="shift-terminal"
        />
      )}
      <Group gap={4} wrap="nowrap" align="flex-end">
        <Tooltip label={t('shiftPlanner.toolbar.previous')}>
          <ActionIcon variant="default" size="lg" onClick={() => p.onStep(-1)} aria-label={t('shiftPlanner.toolbar.previous')} data-testid="shift-previous">
            <IconChevronLeft size={18} />
          </ActionIcon>
        </Tooltip>
        <DateField
          size="xs"
          w={140}
          label={t('shiftPlanner.toolbar.first_day')}
          value={p.firstDay}
          onChange={(next) => next && p.onFirstDay(next)}
          data-testid="shift-first-day"
        />
        <Tooltip label={t('shiftPlanner.toolbar.next')}>
          <ActionIcon variant="default" size="lg" onClick={() => p.onStep(1)} aria-label={t('shiftPlanner.toolbar.next')} data-testid="shift-next">
            <IconChevronRight size={18} />
          </ActionIcon>
        </Tooltip>
        <Button size="xs" variant="default" onClick={() => p.onFirstDay(null)} data-testid="shift-today">
          {t('shiftPlanner.toolbar.today')}
        </Button>
      </Group>
      <NativeSelect
        size="xs"
        w={80}
        label={t('shiftPlanner.toolbar.days')}
        value={String(p.days)}
        onChange={(e) => p.onDays(Number(e.currentTarget.value))}
        data={DAY_OPTIONS}
        disabled={p.isDaysFixed}
        data-testid="shift-days"
      />
      <NativeSelect
        size="xs"
        w={180}
        label={t('shiftPlanner.toolbar.order_by')}
        value={p.orderBy}
        onChange={(e) => isOrderBy(e.currentTarget.value) && p.onOrderBy(e.currentTarget.value)}
        data={SHIFT_PLANNER_ORDER_BY.map((value) => ({ value, label: t(`shiftPlanner.order.${value}`) }))}
        data-testid="shift-order-by"
      />
      <SegmentedControl
        size="xs"
        value={p.viewMode}
        onChange={(v) => isViewMode(v) && p.onViewMode(v)}
        data={SHIFT_PLANNER_VIEW_MODES.map((value) => ({ value, label: t(`shiftPlanner.views.${value}`) }))}
        aria-label={t('shiftPlanner.toolbar.view')}
        data-testid="shift-view-mode"
      />
      <Group gap={4} wrap="nowrap">
        <Menu position="bottom-end" shadow="md" withinPortal>
          <Menu.Target>
            <Button size="xs" variant="default" leftSection={<IconDownload size={14} />} disabled={p.downloadUrl === null} data-testid="shift-downloads">
              {t('shiftPlanner.toolbar.downloads')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {p.downloadUrl &&
              DOWNLOADS.map(([kind, type]) => (
                <Menu.Item
                  key={`${kind}-${type}`}
                  component="a"
                  href={p.downloadUrl!(kind, type)}
                  download
                  leftSection={type === 'csv' ? <IconFileTypeCsv size={14} /> : <IconFileSpreadsheet size={14} />}
                  data-testid={`shift-download-${kind}-${type}`}
                >
                  {t(`shiftPlanner.downloads.${kind}_${type}`)}
                </Menu.Item>
              ))}
          </Menu.Dropdown>
        </Menu>
        <Tooltip label={t('shiftPlanner.toolbar.print')}>
          <ActionIcon variant="default" size="lg" onClick={() => window.print()} aria-label={t('shiftPlanner.toolbar.print')} data-testid="shift-print">
            <IconPrinter size={18} />
          </ActionIcon>
        </Tooltip>
        {p.onCalendar && (
          <Tooltip label={t('shiftPlanner.toolbar.calendar')}>
            <ActionIcon variant="default" size="lg" onClick={p.onCalendar} aria-label={t('shiftPlanner.toolbar.calendar')} data-testid="shift-calendar">
              <IconCalendarOff size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('shiftPlanner.toolbar.settings')}>
          <ActionIcon variant="default" size="lg" onClick={p.onSettings} aria-label={t('shiftPlanner.toolbar.settings')} data-testid="shift-settings">
            <IconAdjustmentsHorizontal size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
