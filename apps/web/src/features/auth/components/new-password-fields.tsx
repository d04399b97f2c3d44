// New password + confirmation with show/hide toggles, the live strength bar and the rule checklist (reset and change screens).
import { Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '@/components/ui/text-field';
import { PasswordChecklist, PasswordStrengthBar } from './password-strength-meter';

type TNewPasswordFieldsProps = {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  onFocus: () => void;
  labels: { password: string; passwordPlaceholder: string; confirmation: string; confirmationPlaceholder: string };
  passwordError?: string | null;
  confirmationError?: string | null;
  testIds: { password: string; confirmation: string };
};

export function NewPasswordFields({
  password,
  confirmation,
  onPasswordChange,
  onConfirmationChange,
  onFocus,
  labels,
  passwordError,
  confirmationError,
  testIds,
}: TNewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <PasswordField
        label={labels.password}
        placeholder={labels.passwordPlaceholder}
        autoComplete="new-password"
        leftSection={<IconLock size={18} stroke={1.6} />}
        showLabel={t('common.show_password')}
        hideLabel={t('common.hide_password')}
        toggleTestId={`${testIds.password}-toggle`}
        value={password}
        onChange={(event) => onPasswordChange(event.currentTarget.value)}
        onFocus={onFocus}
        error={passwordError}
        data-testid={testIds.password}
      />
      <PasswordStrengthBar password={password} />
      <PasswordChecklist password={password} />
      <PasswordField
        label={labels.confirmation}
        placeholder={labels.confirmationPlaceholder}
        autoComplete="new-password"
        leftSection={<IconLock size={18} stroke={1.6} />}
        showLabel={t('common.show_password')}
        hideLabel={t('common.hide_password')}
        toggleTestId={`${testIds.confirmation}-toggle`}
        value={confirmation}
        onChange={(event) => onConfirmationChange(event.currentTarget.value)}
        onFocus={onFocus}
        error={confirmationError}
        data-testid={testIds.confirmation}
        mt={4}
      />
    </Stack>
  );
}
