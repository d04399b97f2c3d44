// Daily task e-mail: on/off, delivery time (HH:mm) and IANA time zone, saved through query parameters.
import { type ReactNode, useMemo, useState } from 'react';
import { Button, Fieldset, Group, Select, Stack, Switch } from '@mantine/core';
import { IconClock, IconMail, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isIanaTimeZone, ZTimeOfDay, type TUserDetails } from '@quayline/domain';
import { useUpdateEmailNotificationSetting } from '../api/update-email-notification-setting';
import { DigestPreview } from './digest-preview';
import { notifyFailure, notifySuccess } from './notify';
import { SettingsSection } from './settings-section';
import { TimeField } from '@/components/date-inputs';

/** The browser's own zone, when the runtime names one the server accepts. */
function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isIanaTimeZone(zone) ? zone : null;
}

function listTimeZones(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) || !current ? zones : [current, ...zones];
}

/** lockedNotice: set while acting for a colleague; the daily mail goes to their inbox and is theirs to set. */
type TEmailNotificationSettingsProps = { user: TUserDetails; lockedNotice?: ReactNode };

export function EmailNotificationSettings({ user, lockedNotice = null }: TEmailNotificationSettingsProps) {
  const { t } = useTranslation();
  const saveMutation = useUpdateEmailNotificationSetting();
  const [isEnabled, setIsEnabled] = useState(user.enable_email_notification);
  const [receiveTime, setReceiveTime] = useState(user.mail_settings.receive_time);
  // While the mail is off the stored zone is only the column default, so the browser's zone is proposed instead.
  const suggestedZone = user.enable_email_notification ? null : browserTimeZone();
  const [timezone, setTimezone] = useState<string | null>(suggestedZone ?? user.mail_settings.timezone);
  const [showErrors, setShowErrors] = useState(false);
  const timeZones = useMemo(() => listTimeZones(timezone ?? user.mail_settings.timezone), [timezone, user.mail_settings.timezone]);

  const isTimeValid = ZTimeOfDay.safeParse(receiveTime).success;
  const isZoneValid = !!timezone && isIanaTimeZone(timezone);

  const save = () => {
    if (saveMutation.isPending || lockedNotice) return;
    if (!isTimeValid || !isZoneValid || !timezone) {
      setShowErrors(true);
      return;
    }
    saveMutation.mutate(
      { enable: isEnabled, receive_time: receiveTime, timezone },
      {
        onSuccess: () =>
          notifySuccess({ id: 'email-settings-saved', title: t('settings.email.success_title'), message: t('settings.email.success_description') }),
        onError: (error) => notifyFailure({ id: 'email-settings-failed', message: t('settings.save_failed'), error }),
      },
    );
  };

  return (
    <SettingsSection icon={<IconMail size={22} />} title={t('settings.email.title')} description={t('settings.email.description')} testId="settings-email">
      <Stack gap="md">
        {lockedNotice}
        <Fieldset variant="unstyled" disabled={!!lockedNotice} p={0} m={0}>
          <Stack gap="md">
            <Switch
              label={t('settings.email.enable_label')}
              checked={isEnabled}
              onChange={(event) => setIsEnabled(event.currentTarget.checked)}
              size="md"
              data-testid="settings-email-enable"
            />
            <Group gap="md" align="flex-start" grow preventGrowOverflow={false} wrap="wrap">
              <TimeField
                label={t('settings.email.time_label')}
                value={receiveTime}
                onChange={(next) => setReceiveTime(next)}
                onEnter={save}
                leftSection={<IconClock size={18} stroke={1.6} />}
                error={showErrors && !isTimeValid ? t('settings.email.time_invalid') : null}
                miw={180}
                size="sm"
                data-testid="settings-email-time"
              />
              <Select
                label={t('settings.email.timezone_label')}
                placeholder={t('settings.email.timezone_placeholder')}
                data={timeZones}
                value={timezone}
                onChange={setTimezone}
                searchable
                allowDeselect={false}
                nothingFoundMessage={t('settings.email.nothing_found')}
                leftSection={<IconWorld size={18} stroke={1.6} />}
                error={showErrors && !isZoneValid ? t('settings.email.timezone_required') : null}
                miw={240}
                maxDropdownHeight={280}
                data-testid="settings-email-timezone"
                {...(suggestedZone && suggestedZone !== user.mail_settings.timezone ? { description: t('settings.email.timezone_browser') } : {})}
              />
            </Group>
            <Group>
              <Button onClick={save} loading={saveMutation.isPending} disabled={!!lockedNotice} size="sm" data-testid="settings-email-save">
                {t('settings.email.save')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <DigestPreview />
      </Stack>
    </SettingsSection>
  );
}
