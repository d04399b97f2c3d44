// The dashboard's layout menu: show or hide each widget, move it up or down, back to the default.
import { ActionIcon, Button, Checkbox, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLayoutGrid, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_WIDGETS } from '@quayline/domain';
import type { useDashboardSettings } from '../hooks/use-dashboard-settings';

export function WidgetSettingsMenu({ settings }: { settings: ReturnType<typeof useDashboardSettings> }) {
  const { t } = useTranslation();
  const { shown, hidden } = settings;
  return (
    <Popover position="bottom-end" shadow="md" width={320} withinPortal trapFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconLayoutGrid size={18} />} data-testid="dashboard-settings-button">
          {t('dashboard.settings.button')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="dashboard-settings">
        <Stack gap="xs">
          <Text fw={600} size="sm">
            {t('dashboard.settings.title')}
          </Text>
          {[...shown, ...hidden].map((widget) => {
            const index = shown.indexOf(widget);
            const isShown = index >= 0;
            const name = t(`dashboard.widgets.${widget}`);
            return (
              <Group key={widget} justify="space-between" wrap="nowrap" gap="xs">
                <Checkbox label={name} checked={isShown} onChange={() => (isShown ? settings.hide(widget) : settings.show(widget))} data-testid={`dashboard-setting-${widget}`} />
                {isShown && (
                  <Group gap={2} wrap="nowrap">
                    <ActionIcon variant="subtle" color="gray" disabled={index === 0} onClick={() => settings.move(widget, -1)} aria-label={t('dashboard.settings.move_up', { widget: name })} data-testid={`dashboard-move-up-${widget}`}>
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon variant="subtle" color="gray" disabled={index === shown.length - 1} onClick={() => settings.move(widget, 1)} aria-label={t('dashboard.settings.move_down', { widget: name })} data-testid={`dashboard-move-down-${widget}`}>
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Group>
                )}
              </Group>
            );
          })}
          <Divider />
          <Button variant="subtle" size="compact-sm" leftSection={<IconRestore size={16} />} onClick={settings.reset} data-testid="dashboard-settings-reset">
            {t('dashboard.settings.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
