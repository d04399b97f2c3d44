// Terminal operators' AIS settings: apply AIS-detected actual times directly or propose them; which prediction to prefer.
import { useState } from 'react';
import { Alert, Button, Drawer, Group, Loader, Radio, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TTerminalAisSettings } from '@quayline/domain';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { useAisSettings, useUpdateAisSettings } from '../api/ais-settings';

type TDraft = Pick<TTerminalAisSettings, 'ais_actuals_mode' | 'preferred_prediction_source'>;

function SettingsForm({ terminalId, settings, onDone }: { terminalId: number; settings: TTerminalAisSettings; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateAisSettings(terminalId);
  const [draft, setDraft] = useState<TDraft>({ ais_actuals_mode: settings.ais_actuals_mode, preferred_prediction_source: settings.preferred_prediction_source });
  const isConflict = isApiError(update.error) && update.error.httpStatus === 409;
  const save = () => update.mutate({ version: settings.version, ...draft }, { onSuccess: onDone });
  return (
    <Stack gap="lg" data-testid="ais-settings-form">
      <Radio.Group label={t('map.settings.actuals_mode')} value={draft.ais_actuals_mode} onChange={(value) => setDraft((d) => ({ ...d, ais_actuals_mode: value === 'propose' ? 'propose' : 'apply' }))}>
        <Stack gap="xs" mt="xs">
          <Radio value="apply" label={t('map.settings.actuals_apply')} description={t('map.settings.actuals_apply_hint')} data-testid="ais-settings-apply" />
          <Radio value="propose" label={t('map.settings.actuals_propose')} description={t('map.settings.actuals_propose_hint')} data-testid="ais-settings-propose" />
        </Stack>
      </Radio.Group>
      <Radio.Group label={t('map.settings.prediction_source')} value={draft.preferred_prediction_source} onChange={(value) => setDraft((d) => ({ ...d, preferred_prediction_source: value === 'portcast' ? 'portcast' : 'ais' }))}>
        <Stack gap="xs" mt="xs">
          <Radio value="ais" label={t('map.settings.source_ais')} />
          <Radio value="portcast" label={t('map.settings.source_portcast')} />
        </Stack>
      </Radio.Group>
      <Stack gap={2} data-testid="ais-settings-on-time">
        <Text size="sm" fw={500}>
          {t('map.settings.on_time')}
        </Text>
        <Text size="sm">{t('map.settings.on_time_value', { minutes: settings.on_time_minutes })}</Text>
        <Text size="xs" c="dimmed">
          {t('map.settings.on_time_hint')}
        </Text>
      </Stack>
      {update.error && (
        <Alert color={isConflict ? 'orange' : 'red'} role="alert" data-testid="ais-settings-error">
          {isConflict ? t('map.settings.conflict') : errorText(update.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('map.settings.cancel')}
        </Button>
        <Button onClick={save} loading={update.isPending} data-testid="ais-settings-save">
          {t('map.settings.save')}
        </Button>
      </Group>
    </Stack>
  );
}

export function AisSettingsDrawer({ terminalId, isOpen, onClose }: { terminalId: number; isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const settings = useAisSettings(isOpen ? terminalId : null);
  return (
    <Drawer opened={isOpen} onClose={onClose} position="right" title={t('map.settings.title')} zIndex={1100} data-testid="ais-settings-drawer">
      {settings.data ? (
        // Keyed by version: a conflict's refetch starts the form again from what was saved.
        <SettingsForm key={settings.data.version} terminalId={terminalId} settings={settings.data} onDone={onClose} />
      ) : settings.isError ? (
        <Text role="alert">{errorText(settings.error)}</Text>
      ) : (
        <Loader type="dots" aria-label={t('app.loading')} />
      )}
    </Drawer>
  );
}
