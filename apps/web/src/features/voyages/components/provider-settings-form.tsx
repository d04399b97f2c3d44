// A provider's configuration: base URL, write-only credentials, polling interval, proposal threshold, on/off. Terminal operators only.
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, NumberInput, SimpleGrid, Stack, Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PROPOSAL_THRESHOLD_MINUTES, POPUP_AUTO_CLOSE_MS, type TScheduleProvider, type TScheduleProviderInput, type TScheduleProviderKind } from '@quayline/domain';
import { PasswordField, TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { useUpdateScheduleProvider } from '../api/update-schedule-provider';

type TValues = { base_url: string; credentials: string; remove_credentials: boolean; polling_interval_minutes: number | string; proposal_threshold_minutes: number | string; is_enabled: boolean };

const valuesOf = (provider: TScheduleProvider | null): TValues => ({
  base_url: provider?.base_url ?? '',
  credentials: '',
  remove_credentials: false,
  polling_interval_minutes: provider?.polling_interval_minutes ?? 60,
  proposal_threshold_minutes: provider?.proposal_threshold_minutes ?? DEFAULT_PROPOSAL_THRESHOLD_MINUTES,
  is_enabled: provider?.is_enabled ?? true,
});

type TProps = { kind: TScheduleProviderKind; provider: TScheduleProvider | null; terminalId: number; onSaved: () => void };

export function ProviderSettingsForm({ kind, provider, terminalId, onSaved }: TProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const mutation = useUpdateScheduleProvider();
  const [values, setValues] = useState<TValues>(() => valuesOf(provider));
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<'conflict' | 'failed' | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const testId = `provider-${kind}-form`;

  const set = (patch: Partial<TValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setFieldErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([path]) => !(path in patch))));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    // Credentials are write-only: left blank they stay as stored, the box removes them.
    const credentials = values.remove_credentials ? '' : values.credentials.trim() === '' ? undefined : values.credentials;
    const input: TScheduleProviderInput = {
      terminal_id: terminalId,
      provider: kind,
      base_url: values.base_url.trim(),
      ...(credentials === undefined ? {} : { credentials }),
      polling_interval_minutes: Number(values.polling_interval_minutes),
      proposal_threshold_minutes: Number(values.proposal_threshold_minutes),
      is_enabled: values.is_enabled,
      ...(provider ? { version: provider.version } : {}),
    };
    mutation.mutate(input, {
      onSuccess: (saved) => {
        setValues(valuesOf(saved));
        notifications.show({ color: 'green', withBorder: true, autoClose: POPUP_AUTO_CLOSE_MS, message: t('voyageCenter.providers.saved') });
        onSaved();
      },
      onError: (error) => {
        if (isApiError(error) && error.code === 'CONFLICT') {
          // Someone else changed it: the list is fetched again and the form shows what is stored now.
          const current = error.current as TScheduleProvider | undefined;
          if (current) setValues(valuesOf(current));
          setNotice('conflict');
        } else if (isApiError(error) && error.fieldErrors.length > 0) {
          setFieldErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path, e.message])));
        } else {
          setFailure(error);
          setNotice('failed');
        }
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <Stack gap="sm" pt="xs">
        {notice === 'conflict' && (
          <Alert color="orange" variant="light" role="alert" data-testid={`${testId}-conflict`}>
            {t('voyageCenter.providers.conflict')}
          </Alert>
        )}
        {notice === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {errorText(failure)}
          </Alert>
        )}
        <TextField
          size="sm"
          label={t('voyageCenter.providers.base_url')}
          value={values.base_url}
          onChange={(e) => set({ base_url: e.currentTarget.value })}
          error={fieldErrors.base_url}
          required
          data-testid={`${testId}-base-url`}
        />
        <PasswordField
          size="sm"
          label={t('voyageCenter.providers.credentials')}
          description={provider?.has_credentials ? t('voyageCenter.providers.credentials_stored') : t('voyageCenter.providers.credentials_none')}
          value={values.credentials}
          onChange={(e) => set({ credentials: e.currentTarget.value, remove_credentials: false })}
          error={fieldErrors.credentials}
          autoComplete="new-password"
          showLabel={t('voyageCenter.providers.show_credentials')}
          hideLabel={t('voyageCenter.providers.hide_credentials')}
          data-testid={`${testId}-credentials`}
        />
        {provider?.has_credentials && (
          <Checkbox
            label={t('voyageCenter.providers.remove_credentials')}
            checked={values.remove_credentials}
            onChange={(e) => set({ remove_credentials: e.currentTarget.checked, credentials: '' })}
            data-testid={`${testId}-remove-credentials`}
          />
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('voyageCenter.providers.polling_interval')}
            min={5}
            max={10_080}
            allowDecimal={false}
            value={values.polling_interval_minutes}
            onChange={(value) => set({ polling_interval_minutes: value })}
            error={fieldErrors.polling_interval_minutes}
            data-testid={`${testId}-interval`}
          />
          <NumberInput
            label={t('voyageCenter.providers.proposal_threshold')}
            min={0}
            max={10_080}
            allowDecimal={false}
            value={values.proposal_threshold_minutes}
            onChange={(value) => set({ proposal_threshold_minutes: value })}
            error={fieldErrors.proposal_threshold_minutes}
            data-testid={`${testId}-threshold`}
          />
        </SimpleGrid>
        <Switch label={t('voyageCenter.providers.enabled_switch')} checked={values.is_enabled} onChange={(e) => set({ is_enabled: e.currentTarget.checked })} data-testid={`${testId}-enabled`} />
        <Group>
          <Button type="submit" size="sm" loading={mutation.isPending} data-testid={`${testId}-save`}>
            {t('voyageCenter.providers.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
