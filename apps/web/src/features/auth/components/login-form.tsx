// Login section: lower-cased email with clear button, password, Enter submits, both fields required before anything is sent.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, CloseButton, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconAt, IconLock } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { useLocale } from '@/hooks/use-locale';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

type TFieldErrors = { email?: string; password?: string };

export function LoginForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const completeSignIn = useCompleteSignIn();
  const loginMutation = useLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<TFieldErrors>({});

  // Focusing a field clears its own error and the server's answer (spec 4).
  const clearErrors = (field: keyof TFieldErrors) => {
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    if (loginMutation.error) loginMutation.reset();
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (loginMutation.isPending) return;
    const username = email.trim();
    const errors: TFieldErrors = {};
    if (!username) errors.email = t('loginFlow.email_required');
    if (!password) errors.password = t('loginFlow.password_required');
    if (errors.email || errors.password) {
      setFieldErrors(errors);
      return;
    }
    loginMutation.mutate(
      { username, password },
      {
        onSuccess: completeSignIn,
        onError: (error) => {
          if (isApiError(error) && error.code === 'PASSWORD_EXPIRED') {
            void navigate(`/${locale}/change-password?email=${encodeURIComponent(username)}`);
          }
        },
      },
    );
  };

  const serverError = loginMutation.error && !(isApiError(loginMutation.error) && loginMutation.error.code === 'PASSWORD_EXPIRED') ? loginMutation.error : null;
  const credentialsWrong = isApiError(serverError) && serverError.code === 'CREDENTIALS_DO_NOT_MATCH';

  return (
    <form onSubmit={submit} noValidate aria-labelledby="login-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" id="login-title" c="navy.9">
            {t('loginFlow.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('loginFlow.subtitle')}
          </Text>
        </Stack>

        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="login-error">
            {errorText(serverError)}
          </Alert>
        )}

        <TextField
          label={t('loginFlow.email_label')}
          placeholder={t('loginFlow.email_placeholder')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          leftSection={<IconAt size={18} stroke={1.6} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value.toLowerCase())}
          onFocus={() => clearErrors('email')}
          error={fieldErrors.email ?? credentialsWrong}
          rightSectionPointerEvents="all"
          rightSection={
            email ? (
              <CloseButton size="sm" aria-label={t('loginFlow.clear_email')} onClick={() => setEmail('')} data-testid="login-email-clear" />
            ) : null
          }
          data-testid="login-email"
        />

        <PasswordField
          label={t('loginFlow.password_label')}
          placeholder={t('loginFlow.password_placeholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={18} stroke={1.6} />}
          showLabel={t('common.show_password')}
          hideLabel={t('common.hide_password')}
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          onFocus={() => clearErrors('password')}
          error={fieldErrors.password ?? credentialsWrong}
          data-testid="login-password"
        />

        <Button type="submit" fullWidth loading={loginMutation.isPending} loaderProps={{ type: 'dots' }} data-testid="login-submit" mt="xs">
          {t('loginFlow.submit')}
        </Button>

        <Text size="sm" ta="center" c="dimmed">
          {t('loginFlow.cant_log_in')}{' '}
          <Anchor component={Link} to={`/${locale}/forgot-password`} fw={600} data-testid="login-forgot-link">
            {t('loginFlow.forgot_password_link')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
