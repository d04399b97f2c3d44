// /user-settings (settings_view): language, daily task e-mail and port-call card fields, all read back from /user_details.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { useUserDetails } from '@/lib/user';
import { EmailNotificationSettings } from './email-notification-settings';
import { LanguageSettings } from './language-settings';
import { PortcallCardSettings } from './portcall-card-settings';

export function SettingsScreen() {
  const { t } = useTranslation();
  const { data: user } = useUserDetails();
  return (
    <Stack gap="lg" maw={960} data-testid="settings-screen">
      <PageHeader title={t('navigation.settings')} description={t('settings.description')} />
      <LanguageSettings />
      {user && (
        <>
          {/* Keyed by the saved values so a re-fetch after saving or reloading shows what the server holds. */}
          <EmailNotificationSettings
            key={`${user.enable_email_notification}|${user.mail_settings.receive_time}|${user.mail_settings.timezone}`}
            user={user}
          />
          <PortcallCardSettings key={user.portcall_card_settings.join(',')} initial={user.portcall_card_settings} />
        </>
      )}
    </Stack>
  );
}
