// Change-expired-password section (/change-password?email=): current password, new password with checks, then sign in.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconAt, IconKey } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useResetExpiredPassword } from '../api/reset-expired-password';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { NewPasswordFields } from './new-password-fields';

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const completeSignIn = useCompleteSignIn();
  const changeMutation = useResetExpiredPassword();
  const [searchParams] = useSearchParams();
  const email = (searchParams.get('email') ?? '').trim().toLowerCase();
  const [oldPassword, setOldPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [oldPasswordMissing, setOldPasswordMissing] = useState(false);
  const [mismatch, setMismatch] = useState(false);

  const clearErrors = () => {
    setOldPasswordMissing(false);
    setMismatch(false);
    if (changeMutation.error) changeMutation.reset();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (changeMutation.isPending) return;
    const isOldMissing = !oldPassword;
    const isMismatch = !password || !confirmation || password !== confirmation;
    setOldPasswordMissing(isOldMissing);
    setMismatch(isMismatch);
    if (isOldMissing || isMismatch) return;
    changeMutation.mutate(
      { email, old_password: oldPassword, new_password: password, new_password_confirmation: confirmation },
      { onSuccess: completeSignIn },
    );
  };

  const error = changeMutation.error;
  const code = isApiError(error) ? error.code : null;
  const oldPasswordError = code === 'INVALID_PASSWORD' ? errorText(error) : oldPasswordMissing ? t('change_password_flow.current_password_required') : null;
  const confirmationError = mismatch || code === 'PASSWORDS_DO_NOT_MATCH' ? t('change_password_flow.passwords_do_not_match') : null;
  const alertText = error && code !== 'INVALID_PASSWORD' && code !== 'PASSWORDS_DO_NOT_MATCH' ? errorText(error) : null;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="change-title">
      <Stack gap="md">
        <Title order={1} size="h2" id="change-title" c="navy.9">
          {t('change_password_flow.title')}
        </Title>

        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={20} />} title={t('change_password_flow.warning_title')} data-testid="change-warning">
          <Stack gap={2}>
            <Text size="sm">{t('change_password_flow.warning_line1')}</Text>
            <Text size="sm">{t('change_password_flow.warning_line2')}</Text>
          </Stack>
        </Alert>

        {alertText && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="change-error">
            {alertText}
          </Alert>
        )}

        <TextField
          label={t('change_password_flow.email_label')}
          value={email}
          readOnly
          variant="filled"
          leftSection={<IconAt size={18} stroke={1.6} />}
          data-testid="change-email"
        />

        <PasswordField
          label={t('change_password_flow.current_password_label')}
          placeholder={t('change_password_flow.current_password_placeholder')}
          autoComplete="current-password"
          leftSection={<IconKey size={18} stroke={1.6} />}
          showLabel={t('common.show_password')}
          hideLabel={t('common.hide_password')}
          value={oldPassword}
          onChange={(event) => setOldPassword(event.currentTarget.value)}
          onFocus={clearErrors}
          error={oldPasswordError}
          data-testid="change-old-password"
        />

        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          onFocus={clearErrors}
          labels={{
            password: t('change_password_flow.new_password_label'),
            passwordPlaceholder: t('change_password_flow.new_password_placeholder'),
            confirmation: t('change_password_flow.confirm_password_label'),
            confirmationPlaceholder: t('change_password_flow.confirm_password_placeholder'),
          }}
          confirmationError={confirmationError}
          testIds={{ password: 'change-new-password', confirmation: 'change-confirm' }}
        />

        <Button type="submit" fullWidth loading={changeMutation.isPending} loaderProps={{ type: 'dots' }} data-testid="change-submit">
          {t('change_password_flow.submit')}
        </Button>

        <Group justify="center">
          <Anchor component={Link} to={`/${locale}/forgot-password`} size="sm" fw={600} data-testid="change-forgot-link">
            {t('change_password_flow.forgot_password_link')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
