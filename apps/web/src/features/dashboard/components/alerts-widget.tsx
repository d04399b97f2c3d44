// alerts: what needs attention, most severe first, with the reason in words, a link to act and an acknowledgement.
import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TAlertSeverity, TDashboardAlert } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { can } from '@/lib/permissions';
import { useUserDetails } from '@/lib/user';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useAcknowledgeAlert } from '../api/acknowledge-alert';
import { useAlerts } from '../api/get-alerts';
import { alertWhyText } from '../utils/alert-text';
import { AlertSettingsDialog } from './alert-settings-dialog';
import { WidgetFrame } from './widget-frame';

/** The first alerts are the most severe and soonest; the rest wait behind a button so the page stays short. */
export const ALERTS_SHOWN = 5;
export const SEVERITY_COLOURS: Record<TAlertSeverity, string> = { critical: 'red', warning: 'orange', info: 'blue' };

function AlertRow({ alert }: { alert: TDashboardAlert }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zoneOf } = useTerminalTimeZones();
  const acknowledge = useAcknowledgeAlert();
  const zone = zoneOf(alert.terminal_id);
  const colour = SEVERITY_COLOURS[alert.severity];
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      data-testid="alert-item"
      data-severity={alert.severity}
      data-key={alert.key}
      style={{ borderLeft: `4px solid var(--mantine-color-${colour}-6)`, opacity: alert.acknowledged ? 0.65 : 1 }}
    >
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Badge color={colour} radius="sm" data-testid="alert-severity">
              {t(`dashboard.alerts.severities.${alert.severity}`)}
            </Badge>
            <Text fw={600} size="sm">
              {t(`dashboard.alerts.rules.${alert.rule}`)}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {alert.vessel_name} · {formatZonedDateTime(alert.berth_arrival, zone, locale)}
          </Text>
        </Group>
        <Text size="sm" data-testid="alert-why">
          {alertWhyText(t, alert, zone, locale)}
        </Text>
        <Group gap="xs">
          <Anchor component={Link} to={`/${locale}${alert.link}`} size="sm" data-testid="alert-link">
            {alert.link.startsWith('/berth-planner') ? t('dashboard.alerts.open_planner') : t('dashboard.alerts.open_call')}
          </Anchor>
          <Box style={{ flex: 1 }} />
          {alert.acknowledged ? (
            <Badge variant="light" color="gray" leftSection={<IconCheck size={12} />} radius="sm">
              {t('dashboard.alerts.acknowledged')}
            </Badge>
          ) : (
            <Button size="compact-sm" variant="light" color={colour} onClick={() => acknowledge.mutate(alert.key)} loading={acknowledge.isPending} data-testid="alert-acknowledge">
              {t('dashboard.alerts.acknowledge')}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

export function AlertsWidget() {
  const { t } = useTranslation();
  const { data: user } = useUserDetails();
  const [isShowingAcknowledged, setShowingAcknowledged] = useState(false);
  const [isShowingAll, setShowingAll] = useState(false);
  const alerts = useAlerts(isShowingAcknowledged);
  const open = alerts.data?.unacknowledged_count ?? 0;
  return (
    <WidgetFrame
      widget="alerts"
      icon={<IconAlertTriangle size={20} />}
      state={{ isPending: alerts.isPending, isError: alerts.isError, retry: () => void alerts.refetch() }}
      actions={
        <>
          <Badge color={open > 0 ? 'red' : 'gray'} variant={open > 0 ? 'filled' : 'light'} data-testid="alerts-open-count" aria-label={t('dashboard.alerts.open_count', { count: open })}>
            {open}
          </Badge>
          <Switch size="sm" label={t('dashboard.alerts.show_acknowledged')} checked={isShowingAcknowledged} onChange={(e) => setShowingAcknowledged(e.currentTarget.checked)} data-testid="alerts-show-acknowledged" />
          {/* Thresholds are the terminal's: only its operators may change them (the server refuses everybody else). */}
          {can(user, 'manage_alert_settings') && <AlertSettingsDialog />}
        </>
      }
    >
      {alerts.data && alerts.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="alerts-empty">
          {t('dashboard.alerts.empty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="alerts-list">
          {alerts.data?.items.slice(0, isShowingAll ? undefined : ALERTS_SHOWN).map((alert) => <AlertRow key={alert.key} alert={alert} />)}
          {alerts.data && alerts.data.items.length > ALERTS_SHOWN && (
            <Group justify="center">
              <Button variant="subtle" size="compact-sm" onClick={() => setShowingAll((v) => !v)} data-testid="alerts-show-all">
                {isShowingAll ? t('dashboard.alerts.show_fewer') : t('dashboard.alerts.show_all', { count: alerts.data.items.length })}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </WidgetFrame>
  );
}
