// Reset-password section (/reset-password?email=&code=): choose a new password from an e-mailed code, then sign in.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconArrowLeft, IconAt } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useUpdatePassword } from '../api/update-password';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';
import { NewPasswordFields } from './new-password-fields';

export function ResetPasswordForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const completeSignIn = useCompleteSignIn();
  const updateMutation = useUpdatePassword();
  const [searchParams] = useSearchParams();
  const email = (searchParams.get('email') ?? '').trim().toLowerCase();
  const code = (searchParams.get('code') ?? '').trim();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);

  const clearErrors = () => {
    setMismatch(false);
    if (updateMutation.error) updateMutation.reset();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (updateMutation.isPending) return;
    if (!password || !confirmation || password !== confirmation) {
      setMismatch(true);
      return;
    }
    updateMutation.mutate({ code, email, password, password_confirmation: confirmation }, { onSuccess: completeSignIn });
  };

  const error = updateMutation.error;
  const isServerMismatch = isApiError(error) && error.code === 'PASSWORDS_DO_NOT_MATCH';
  const confirmationError = mismatch || isServerMismatch ? t('resetPasswordFlow.passwords_do_not_match') : null;
  const alertText = error && !isServerMismatch ? errorText(error) : null;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="reset-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" id="reset-title" c="navy.9">
            {t('resetPasswordFlow.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('resetPasswordFlow.description')}
          </Text>
        </Stack>

        {(!email || !code) && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} data-testid="reset-incomplete">
            <Stack gap={6}>
              <Text size="sm">{t('resetPasswordFlow.incomplete_link')}</Text>
              <Anchor component={Link} to={`/${locale}/forgot-password`} size="sm" fw={600}>
                {t('resetPasswordFlow.request_new_link')}
              </Anchor>
            </Stack>
          </Alert>
        )}

        {alertText && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="reset-error">
            <Stack gap={6}>
              <Text size="sm">{alertText}</Text>
              {isApiError(error) && error.code === 'INVALID_RESET_CODE' && (
                <Anchor component={Link} to={`/${locale}/forgot-password`} size="sm" fw={600}>
                  {t('resetPasswordFlow.request_new_link')}
                </Anchor>
              )}
            </Stack>
          </Alert>
        )}

        <TextField
          label={t('resetPasswordFlow.email_label')}
          value={email}
          readOnly
          variant="filled"
          leftSection={<IconAt size={18} stroke={1.6} />}
          data-testid="reset-email"
        />
        <input type="hidden" name="code" value={code} />

        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          onFocus={clearErrors}
          labels={{
            password: t('resetPasswordFlow.new_password_label'),
            passwordPlaceholder: t('resetPasswordFlow.new_password_placeholder'),
            confirmation: t('resetPasswordFlow.confirm_password_label'),
            confirmationPlaceholder: t('resetPasswordFlow.confirm_password_placeholder'),
          }}
          confirmationError={confirmationError}
          testIds={{ password: 'reset-password', confirmation: 'reset-confirm' }}
        />

        <Button type="submit" fullWidth loading={updateMutation.isPending} loaderProps={{ type: 'dots' }} data-testid="reset-submit">
          {t('resetPasswordFlow.submit')}
        </Button>

        <Group justify="center">
          <Anchor component={Link} to={`/${locale}/login`} size="sm" fw={600}>
            <Group gap={6} component="span" wrap="nowrap">
              <IconArrowLeft size={16} />
              {t('resetPasswordFlow.back_to_login')}
            </Group>
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
