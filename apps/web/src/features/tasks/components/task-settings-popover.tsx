// Which kinds of task the user sees: the reasons of the user's side as checkboxes, saved with PUT.
import { useState } from 'react';
import { Button, Checkbox, Group, Popover, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, type TParty, type TTaskReason } from '@quayline/domain';
import { useTaskSettings } from '../api/get-task-settings';
import { useUpdateTaskSettings } from '../api/update-task-settings';
import { REASONS_OF_PARTY, reasonKey } from '../utils/task-labels';

export function TaskSettingsPopover({ party }: { party: TParty }) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const settings = useTaskSettings();
  const update = useUpdateTaskSettings();
  const offered = REASONS_OF_PARTY[party];
  const [checked, setChecked] = useState<string[]>([]);

  const open = () => {
    setChecked((settings.data?.enabled_reasons ?? offered).filter((r) => offered.includes(r)));
    setIsOpen(true);
  };

  const save = () => {
    // Reasons of the other side are not shown; whatever is stored for them stays as it is.
    const kept = (settings.data?.enabled_reasons ?? []).filter((r) => !offered.includes(r));
    const enabled_reasons = [...kept, ...offered.filter((r) => checked.includes(r))] as TTaskReason[];
    update.mutate(
      { enabled_reasons },
      {
        onSuccess: () => {
          setIsOpen(false);
          notifications.show({ id: 'task-settings-saved', message: t('tasks.settings_saved'), color: 'green', autoClose: POPUP_AUTO_CLOSE_MS, withBorder: true });
        },
      },
    );
  };

  return (
    <Popover opened={isOpen} onChange={setIsOpen} position="bottom-end" shadow="md" width={300} withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconAdjustmentsHorizontal size={18} />}
          onClick={() => (isOpen ? setIsOpen(false) : open())}
          disabled={settings.isPending}
          data-testid="task-settings-button"
        >
          {t('tasks.settings')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="task-settings">
        <Stack gap="sm">
          <div>
            <Text fw={600} size="sm">
              {t('tasks.settings_title')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('tasks.settings_description')}
            </Text>
          </div>
          <Checkbox.Group value={checked} onChange={setChecked}>
            <Stack gap={8}>
              {offered.map((reason) => (
                <Checkbox key={reason} value={reason} label={t(reasonKey(reason))} data-testid={`task-setting-${reason}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          {update.isError && (
            <Text size="xs" c="red" role="alert">
              {t('tasks.settings_failed')}
            </Text>
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="subtle" size="compact-sm" onClick={() => setIsOpen(false)}>
              {t('tasks.settings_cancel')}
            </Button>
            <Button size="compact-sm" onClick={save} loading={update.isPending} data-testid="task-settings-save">
              {t('tasks.settings_save')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
