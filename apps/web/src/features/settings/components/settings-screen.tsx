// /user-settings (settings_view): language, daily task e-mail and port-call card fields, all read back from /user_details,
// who acted on the user's behalf and, for terminal operators, the terminal's delay reasons and JIT connections. While acting for a colleague, the colleague's own settings are shown but locked.
import { Alert, Stack } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/ui/page-header';
import { can } from '@/lib/permissions';
import { useUserDetails } from '@/lib/user';
import { DelayReasonsSettings } from './delay-reasons-settings';
import { EmailNotificationSettings } from './email-notification-settings';
import { JitConnectionsSettings } from './jit-connections-settings';
import { LanguageSettings } from './language-settings';
import { OnMyBehalfSettings } from './on-my-behalf-settings';
import { PortcallCardSettings } from './portcall-card-settings';

export function SettingsScreen() {
  const { t } = useTranslation();
  const { data: user } = useUserDetails();
  const proxy = user?.proxy ?? null;
  // The server refuses these under a proxy token too; the notice says why before anyone tries.
  const lockedNotice = proxy ? (
    <Alert color="orange" variant="light" icon={<IconLock size={18} />} data-testid="settings-locked-while-acting">
      {t('settings.not_while_acting', { person: `${proxy.acting_for.first_name} ${proxy.acting_for.last_name}`.trim() || proxy.acting_for.email })}
    </Alert>
  ) : null;
  return (
    <Stack gap="lg" maw={960} data-testid="settings-screen">
      <PageHeader title={t('navigation.settings')} description={t('settings.description')} />
      <LanguageSettings lockedNotice={lockedNotice} />
      {user && (
        <>
          {/* Keyed by the saved values so a re-fetch after saving or reloading shows what the server holds. */}
          <EmailNotificationSettings
            key={`${user.enable_email_notification}|${user.mail_settings.receive_time}|${user.mail_settings.timezone}`}
            user={user}
            lockedNotice={lockedNotice}
          />
          <PortcallCardSettings key={user.portcall_card_settings.join(',')} initial={user.portcall_card_settings} />
          <OnMyBehalfSettings />
          {can(user, 'manage_delay_reasons') && <DelayReasonsSettings />}
          {can(user, 'manage_jit_counterparties') && <JitConnectionsSettings />}
        </>
      )}
    </Stack>
  );
}
