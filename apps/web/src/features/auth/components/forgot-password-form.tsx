// Forgot-password section: asks for the account email; on success the form gives way to a green tick and the address used.
import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconAt, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { RESET_CODE_TTL_MS } from '@quayline/domain';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const locale = useLocale();
  const errorText = useErrorText();
  const resetMutation = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (resetMutation.isPending) return;
    const username = email.trim();
    if (!username) {
      setEmailError(t('forgotPasswordFlow.email_required'));
      return;
    }
    resetMutation.mutate({ username, locale }, { onSuccess: () => setSentTo(username) });
  };

  const backToLogin = (
    <Anchor component={Link} to={`/${locale}/login`} size="sm" fw={600} data-testid="forgot-back-link">
      <Group gap={6} component="span" wrap="nowrap">
        <IconArrowLeft size={16} />
        {t('forgotPasswordFlow.back_to_login')}
      </Group>
    </Anchor>
  );

  if (sentTo) {
    return (
      <Stack gap="md" align="center" ta="center" data-testid="forgot-success">
        <ThemeIcon size={72} radius={36} color="green" variant="light" aria-hidden="true">
          <IconCircleCheck size={44} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} size="h2" c="navy.9">
          {t('forgotPasswordFlow.success_title')}
        </Title>
        <Text>{t('forgotPasswordFlow.success_description')}</Text>
        <Text fw={700} c="navy.9" data-testid="forgot-success-email" style={{ wordBreak: 'break-all' }}>
          {sentTo}
        </Text>
        <Text size="sm" c="dimmed">
          {t('forgotPasswordFlow.success_hint', { minutes: RESET_CODE_TTL_MS / 60_000 })}
        </Text>
        <Button component={Link} to={`/${locale}/login`} variant="light" fullWidth data-testid="forgot-success-login">
          {t('forgotPasswordFlow.success_back_to_login')}
        </Button>
        {backToLogin}
      </Stack>
    );
  }

  const error = resetMutation.error;
  const message = error ? (isApiError(error) && (error.code === 'USER_NOT_FOUND' || error.code === 'NETWORK' || error.code === 'LOGIN_LIMIT_REACH' || error.code === 'TOO_MANY_REQUESTS') ? errorText(error) : t('forgotPasswordFlow.failed')) : null;

  return (
    <form onSubmit={submit} noValidate aria-labelledby="forgot-title">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={1} size="h2" id="forgot-title" c="navy.9">
            {t('forgotPasswordFlow.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('forgotPasswordFlow.description')}
          </Text>
        </Stack>

        {message && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert" data-testid="forgot-error">
            {message}
          </Alert>
        )}

        <TextField
          label={t('forgotPasswordFlow.email_label')}
          placeholder={t('forgotPasswordFlow.email_placeholder')}
          type="email"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          leftSection={<IconAt size={18} stroke={1.6} />}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value.toLowerCase())}
          onFocus={() => {
            setEmailError(null);
            if (resetMutation.error) resetMutation.reset();
          }}
          error={emailError}
          data-testid="forgot-email"
        />

        <Button type="submit" fullWidth loading={resetMutation.isPending} loaderProps={{ type: 'dots' }} data-testid="forgot-submit">
          {t('forgotPasswordFlow.submit')}
        </Button>

        <Group justify="center">{backToLogin}</Group>
      </Stack>
    </form>
  );
}
