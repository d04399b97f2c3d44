// The field lists of the shift planner: what a card, a row header and a column header show; each change is saved.
import { Checkbox, Divider, Drawer, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHIFT_CARD_FIELDS, SHIFT_HEADER_FIELDS, SHIFT_PORTCALL_FIELDS, type TShiftPlannerSettings } from '@quayline/domain';
import type { TSetShiftPlannerSetting } from '../hooks/use-shift-planner-settings';

type TListKey = 'shift_planner_shift_card_settings' | 'shift_planner_portcall_settings' | 'shift_planner_header_settings';

type TFieldListProps<K extends TListKey> = { settingKey: K; fields: readonly TShiftPlannerSettings[K][number][]; label: (field: TShiftPlannerSettings[K][number]) => string; settings: TShiftPlannerSettings; setSetting: TSetShiftPlannerSetting };

function FieldList<K extends TListKey>({ settingKey, fields, label, settings, setSetting }: TFieldListProps<K>) {
  return (
    <Checkbox.Group
      value={settings[settingKey] as string[]}
      onChange={(values) => {
        const picked = new Set(values);
        // Kept in the catalogue's order, whatever order they were ticked in.
        setSetting(settingKey, fields.filter((f) => picked.has(f)) as TShiftPlannerSettings[K]);
      }}
      data-testid={`setting-${settingKey}`}
    >
      <Stack gap={4}>
        {fields.map((field) => (
          <Checkbox key={field} value={field} label={label(field)} size="xs" data-testid={`setting-${settingKey}-${field}`} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export function ShiftSettingsDrawer({ opened, onClose, settings, setSetting }: { opened: boolean; onClose: () => void; settings: TShiftPlannerSettings; setSetting: TSetShiftPlannerSetting }) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="sm" transitionProps={{ duration: 0 }}>
      <Drawer.Overlay />
      <Drawer.Content data-testid="shift-settings-drawer">
        <Drawer.Header>
          <Drawer.Title fw={600}>{t('shiftPlanner.settings.title')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="sm">
            <Divider label={t('shiftPlanner.settings.card_fields')} labelPosition="left" />
            <FieldList settingKey="shift_planner_shift_card_settings" fields={SHIFT_CARD_FIELDS} label={(f) => t(`shiftPlanner.card_fields.${f}`)} settings={settings} setSetting={setSetting} />
            <Divider label={t('shiftPlanner.settings.row_fields')} labelPosition="left" />
            <FieldList settingKey="shift_planner_portcall_settings" fields={SHIFT_PORTCALL_FIELDS} label={(f) => t(`shiftPlanner.row_fields.${f}`)} settings={settings} setSetting={setSetting} />
            <Divider label={t('shiftPlanner.settings.header_fields')} labelPosition="left" />
            <FieldList settingKey="shift_planner_header_settings" fields={SHIFT_HEADER_FIELDS} label={(f) => t(`shiftPlanner.header_fields.${f}`)} settings={settings} setSetting={setSetting} />
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
