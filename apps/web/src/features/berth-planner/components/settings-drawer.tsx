// Every canvas setting of spec section 9; each change is saved at once through update_canvas_settings.
import { useEffect, useState } from 'react';
import { Checkbox, Divider, Drawer, NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CANVAS_SETTING_SCHEMAS, PORTCALL_CARD_FIELDS, REFRESH_INTERVAL_OPTIONS, type TCanvasSettings, type TPortcallCardField } from '@quayline/domain';
import type { TSetCanvasSetting } from '../hooks/use-planner-settings';

type TToggleKey = 'switch_canvas_axes' | 'canvas_tidal' | 'canvas_shifts' | 'canvas_volumes' | 'canvas_section_depths' | 'canvas_blockzones' | 'canvas_cranes' | 'canvas_highlight_shifts' | 'canvas_highlight_weekends' | 'canvas_hour_grid' | 'canvas_shift_grid' | 'canvas_day_grid';

const LAYER_TOGGLES = [
  ['canvas_tidal', 'tidal'],
  ['canvas_section_depths', 'section_depths'],
  ['canvas_cranes', 'cranes'],
  ['canvas_shifts', 'shifts'],
  ['canvas_volumes', 'volumes'],
  ['canvas_blockzones', 'blockzones'],
] as const satisfies readonly (readonly [TToggleKey, string])[];
const GRID_TOGGLES = [
  ['canvas_highlight_shifts', 'highlight_shifts'],
  ['canvas_highlight_weekends', 'highlight_weekends'],
  ['canvas_hour_grid', 'hour_grid'],
  ['canvas_shift_grid', 'shift_grid'],
  ['canvas_day_grid', 'day_grid'],
] as const satisfies readonly (readonly [TToggleKey, string])[];

/** A number typed in a field, saved on blur or Enter when the schema accepts it. */
function SavedNumber({ label, value, testId, min, max, step, onSave }: { label: string; value: number; testId: string; min: number; max: number; step?: number; onSave: (value: number) => boolean }) {
  const [text, setText] = useState<string | number>(value);
  useEffect(() => setText(value), [value]);
  const commit = () => {
    const n = typeof text === 'number' ? text : Number(text);
    if (!Number.isFinite(n) || n === value || !onSave(n)) setText(value);
  };
  return <NumberInput label={label} value={text} onChange={setText} onBlur={commit} onKeyDown={(e) => e.key === 'Enter' && commit()} min={min} max={max} step={step ?? 1} size="xs" data-testid={testId} allowDecimal={false} />;
}

export function SettingsDrawer({ opened, onClose, settings, setSetting }: { opened: boolean; onClose: () => void; settings: TCanvasSettings; setSetting: TSetCanvasSetting }) {
  const { t } = useTranslation();
  const schedule = settings.canvas_schedule;
  const saveSchedule = (patch: Partial<TCanvasSettings['canvas_schedule']>) => {
    const next = { ...schedule, ...patch };
    // The days shown follow the days before and after today.
    if (patch.days_before !== undefined || patch.days_after !== undefined) next.days = Math.min(90, Math.max(1, next.days_before + next.days_after));
    if (!CANVAS_SETTING_SCHEMAS.canvas_schedule.safeParse(next).success) return false;
    setSetting('canvas_schedule', next);
    return true;
  };
  const toggle = (key: TToggleKey, label: string) => (
    <Switch key={key} label={label} checked={settings[key]} onChange={(e) => setSetting(key, e.currentTarget.checked)} data-testid={`setting-${key}`} size="sm" />
  );
  return (
    <Drawer opened={opened} onClose={onClose} title={t('berthPlanner.settings.title')} position="right" size="sm" transitionProps={{ duration: 0 }} data-testid="planner-settings-drawer">
      <Stack gap="sm">
        <Text fw={600} size="sm">
          {t('berthPlanner.settings.schedule')}
        </Text>
        <SimpleGrid cols={2} spacing="xs" data-testid="setting-canvas_schedule">
          <SavedNumber label={t('berthPlanner.settings.days')} value={schedule.days} min={1} max={90} testId="setting-canvas_schedule-days" onSave={(days) => saveSchedule({ days })} />
          <SavedNumber label={t('berthPlanner.settings.hours')} value={schedule.hours} min={1} max={24} testId="setting-canvas_schedule-hours" onSave={(hours) => saveSchedule({ hours })} />
          <SavedNumber label={t('berthPlanner.settings.days_before')} value={schedule.days_before} min={0} max={60} testId="setting-canvas_schedule-days_before" onSave={(days_before) => saveSchedule({ days_before })} />
          <SavedNumber label={t('berthPlanner.settings.days_after')} value={schedule.days_after} min={0} max={90} testId="setting-canvas_schedule-days_after" onSave={(days_after) => saveSchedule({ days_after })} />
        </SimpleGrid>
        <SimpleGrid cols={2} spacing="xs">
          <SavedNumber
            label={t('berthPlanner.settings.step_metres')}
            value={settings.canvas_position.step_metres}
            min={10}
            max={500}
            step={10}
            testId="setting-canvas_position"
            onSave={(step_metres) => CANVAS_SETTING_SCHEMAS.canvas_position.safeParse({ step_metres }).success && (setSetting('canvas_position', { step_metres }), true)}
          />
          <SavedNumber
            label={t('berthPlanner.settings.zoom')}
            value={settings.canvas_step_zoom_percentage}
            min={25}
            max={1000}
            step={25}
            testId="setting-canvas_step_zoom_percentage"
            onSave={(zoom) => CANVAS_SETTING_SCHEMAS.canvas_step_zoom_percentage.safeParse(zoom).success && (setSetting('canvas_step_zoom_percentage', zoom), true)}
          />
        </SimpleGrid>
        <div>
          <Text size="xs" fw={500} mb={4}>
            {t('berthPlanner.settings.refresh')}
          </Text>
          <SegmentedControl
            size="xs"
            data-testid="setting-canvas_refresh"
            value={String(settings.canvas_refresh)}
            onChange={(v) => {
              const n = Number(v);
              if (n === 1 || n === 5 || n === 15) setSetting('canvas_refresh', n);
            }}
            data={REFRESH_INTERVAL_OPTIONS.map((n) => ({ value: String(n), label: t('berthPlanner.settings.refresh_option', { count: n }) }))}
          />
        </div>
        {toggle('switch_canvas_axes', t('berthPlanner.settings.axes'))}
        <Divider label={t('berthPlanner.settings.overlays')} labelPosition="left" />
        {LAYER_TOGGLES.map(([key, label]) => toggle(key, t(`berthPlanner.settings.${label}`)))}
        <Divider label={t('berthPlanner.settings.grids')} labelPosition="left" />
        {GRID_TOGGLES.map(([key, label]) => toggle(key, t(`berthPlanner.settings.${label}`)))}
        <Divider label={t('berthPlanner.settings.card_fields')} labelPosition="left" />
        <Checkbox.Group
          value={settings.portcall_card_settings}
          onChange={(values) => {
            const picked = new Set(values);
            setSetting('portcall_card_settings', PORTCALL_CARD_FIELDS.filter((f): f is TPortcallCardField => picked.has(f)));
          }}
          data-testid="setting-portcall_card_settings"
        >
          <Stack gap={4}>
            {PORTCALL_CARD_FIELDS.map((field) => (
              <Checkbox key={field} value={field} label={t(`settings.card.fields.${field}`)} size="xs" data-testid={`setting-portcall_card_settings-${field}`} />
            ))}
          </Stack>
        </Checkbox.Group>
      </Stack>
    </Drawer>
  );
}
