// "Acting on your behalf": who acted for the signed-in user recently, when, and how much they did.
import { Alert, Loader, Table, Text } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TProxySessionOnMyBehalf } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useSessionsOnMyBehalf } from '../api/get-sessions-on-my-behalf';
import { SettingsSection } from './settings-section';

export function OnMyBehalfSettings({ now = () => new Date() }: { now?: () => Date }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const sessions = useSessionsOnMyBehalf();
  // The spec's date format per language (docs/dates.md), in the browser's zone: these sessions belong to no terminal.
  const format = (iso: string) => formatZonedDateTime(iso, Intl.DateTimeFormat().resolvedOptions().timeZone, locale);
  const endText = (s: TProxySessionOnMyBehalf) => {
    if (s.ended_at) return format(s.ended_at);
    if (new Date(s.expires_at).getTime() > now().getTime()) return t('settings.on_my_behalf.running', { time: format(s.expires_at) });
    return t('settings.on_my_behalf.ran_out', { time: format(s.expires_at) });
  };

  return (
    <SettingsSection icon={<IconUserShare size={22} />} title={t('settings.on_my_behalf.title')} description={t('settings.on_my_behalf.description')} testId="settings-on-my-behalf">
      {sessions.isPending ? (
        <Loader size="sm" type="dots" aria-label={t('app.loading')} />
      ) : sessions.isError ? (
        <Alert color="red" variant="light">
          {t('settings.on_my_behalf.load_failed')}
        </Alert>
      ) : sessions.data.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="on-my-behalf-empty">
          {t('settings.on_my_behalf.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="xs" fz="sm" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.on_my_behalf.who')}</Table.Th>
                <Table.Th>{t('settings.on_my_behalf.started')}</Table.Th>
                <Table.Th>{t('settings.on_my_behalf.ended')}</Table.Th>
                <Table.Th ta="right">{t('settings.on_my_behalf.requests')}</Table.Th>
                <Table.Th ta="right">{t('settings.on_my_behalf.writes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sessions.data.map((s) => (
                <Table.Tr key={s.id} data-testid="on-my-behalf-row">
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {`${s.actor.first_name} ${s.actor.last_name}`.trim() || s.actor.email}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {s.actor.email}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format(s.started_at)}</Table.Td>
                  <Table.Td>{endText(s)}</Table.Td>
                  <Table.Td ta="right">{s.request_count}</Table.Td>
                  <Table.Td ta="right">{s.write_count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SettingsSection>
  );
}
