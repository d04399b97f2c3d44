// A terminal's alert thresholds in a dialog (terminal operators only): the whole object is saved at once; a refused value shows at its field.
import { useEffect, useState } from 'react';
import { ActionIcon, Button, Modal, NumberInput, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAdjustments } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, type TAlertSettings, ZAlertSettings } from '@quayline/domain';
import { isApiError } from '@/lib/api-client';
import { useCurrentTerminal } from '@/lib/terminals';
import { useAlertSettings, useUpdateAlertSettings } from '../api/alert-settings';

const FIELDS = ['unanswered_request_minutes', 'arrival_deviation_minutes', 'cargo_delay_minutes', 'under_keel_clearance_m', 'horizon_hours'] as const satisfies readonly (keyof TAlertSettings)[];

export function AlertSettingsDialog() {
  const { t } = useTranslation();
  const terminal = useCurrentTerminal();
  const terminalId = terminal.data?.id ?? null;
  const [isOpen, setOpen] = useState(false);
  const current = useAlertSettings(isOpen ? terminalId : null);
  const update = useUpdateAlertSettings();
  const [values, setValues] = useState<TAlertSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Filled once per opening: a refetch must not overwrite what the user is typing.
  useEffect(() => {
    if (current.data && values === null) setValues(current.data.settings);
  }, [current.data, values]);

  const save = () => {
    if (!values || terminalId === null) return;
    const parsed = ZAlertSettings.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    update.mutate(
      { terminalId, settings: parsed.data },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('dashboard.alert_settings.saved'), autoClose: POPUP_AUTO_CLOSE_MS });
          close();
        },
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.length) setErrors(Object.fromEntries(error.fieldErrors.map((e) => [e.path.split('.').at(-1) ?? e.path, e.message])));
          else notifications.show({ color: 'red', message: t('dashboard.alert_settings.save_failed'), autoClose: POPUP_AUTO_CLOSE_MS });
        },
      },
    );
  };

  const close = () => {
    setOpen(false);
    setValues(null);
    setErrors({});
  };

  return (
    <>
      <Tooltip label={t('dashboard.alert_settings.title')}>
        <ActionIcon variant="subtle" color="gray" onClick={() => setOpen(true)} aria-label={t('dashboard.alert_settings.title')} data-testid="alert-settings-button" disabled={terminalId === null}>
          <IconAdjustments size={18} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={isOpen} onClose={close} title={t('dashboard.alert_settings.title')} size="sm" closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="alert-settings">
        <Stack gap="xs">
          {values &&
            FIELDS.map((field) => (
              <NumberInput
                key={field}
                size="sm"
                label={t(`dashboard.alert_settings.fields.${field}`)}
                value={values[field]}
                decimalScale={field === 'under_keel_clearance_m' ? 1 : 0}
                onChange={(v) => setValues({ ...values, [field]: typeof v === 'number' ? v : Number(v) })}
                error={errors[field]}
                data-testid={`alert-setting-${field}`}
              />
            ))}
          <Button onClick={save} loading={update.isPending} disabled={!values} data-testid="alert-settings-save">
            {t('dashboard.alert_settings.save')}
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
