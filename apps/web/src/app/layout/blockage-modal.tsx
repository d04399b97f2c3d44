// The blockage modal (spec section 4): covers the signed-in area while nothing on it may be used. Shown while a sign-out
// is under way, so no change is sent halfway, and when the server says the session has ended, so the user signs in
// again instead of meeting a failed save. It cannot be closed; it hides when its reason is gone.
import { Button, Loader, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TBlockageReason = 'signing_out' | 'session_ended';

type TBlockageModalProps = { reason: TBlockageReason | null; onSignIn: () => void };

export function BlockageModal({ reason, onSignIn }: TBlockageModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={reason !== null}
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="sm"
      radius="lg"
      zIndex={1000}
      overlayProps={{ backgroundOpacity: 0.55, blur: 3 }}
      styles={{ title: { fontWeight: 700 } }}
      title={reason === 'session_ended' ? t('blockage.session_ended.title') : undefined}
      aria-busy={reason === 'signing_out'}
      data-testid="blockage-modal"
    >
      {reason === 'signing_out' && (
        <Stack align="center" gap="sm" py="md" role="status" data-testid="blockage-signing-out">
          <Loader size="md" />
          <Text fw={600}>{t('blockage.signing_out')}</Text>
        </Stack>
      )}
      {reason === 'session_ended' && (
        <Stack gap="md" data-testid="blockage-session-ended">
          <ThemeIcon size={44} radius="xl" variant="light" color="orange" aria-hidden>
            <IconLock size={24} />
          </ThemeIcon>
          <Text size="sm">{t('blockage.session_ended.description')}</Text>
          <Button onClick={onSignIn} data-autofocus data-testid="blockage-sign-in">
            {t('blockage.session_ended.sign_in')}
          </Button>
        </Stack>
      )}
    </Modal>
  );
}
