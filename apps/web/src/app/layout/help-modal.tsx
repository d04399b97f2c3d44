// Help entry of the side navigation: who to contact and where the API reference lives.
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { API_PREFIX } from '@quayline/domain';

export function HelpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('help.title')} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack gap="md" data-testid="help-modal">
        <Text size="sm">{t('help.description')}</Text>
        <Anchor href={`${API_PREFIX}/docs`} target="_blank" rel="noreferrer" size="sm" fw={600}>
          {t('help.api_docs')} <IconExternalLink size={14} style={{ verticalAlign: 'middle' }} />
        </Anchor>
      </Stack>
    </Modal>
  );
}
