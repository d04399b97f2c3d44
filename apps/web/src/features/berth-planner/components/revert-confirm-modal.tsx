// "Revert to live plan" drops every move of the sandbox: asked first, and undoable afterwards.
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function RevertConfirmModal({ changeCount, isBusy, onConfirm, onClose }: { changeCount: number; isBusy: boolean; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('berthPlanner.revert.title')} centered data-testid="revert-confirm">
      <Stack gap="md">
        <Text size="sm">{t('berthPlanner.revert.body', { count: changeCount })}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose} data-testid="revert-cancel">
            {t('berthPlanner.revert.cancel')}
          </Button>
          <Button color="orange" loading={isBusy} onClick={onConfirm} data-testid="revert-confirm-button">
            {t('berthPlanner.revert.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
