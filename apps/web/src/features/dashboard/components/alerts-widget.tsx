// alerts: what needs attention, most severe first, grouped per vessel and kind, with the reason in words, a link to
// act and an acknowledgement; a group opens to show each of its alerts.
import { useState } from 'react';
import { Anchor, Badge, Box, Button, Group, Pagination, Paper, Stack, Switch, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TAlertGroup, TAlertSeverity, TDashboardAlert } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { can } from '@/lib/permissions';
import { useUserDetails } from '@/lib/user';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useAcknowledgeAlert, useAcknowledgeAlertGroup } from '../api/acknowledge-alert';
import { useAlertGroup, useAlerts } from '../api/get-alerts';
import { alertWhyText } from '../utils/alert-text';
import { AlertSettingsDialog } from './alert-settings-dialog';
import { WidgetFrame } from './widget-frame';

/** The first groups are the most severe and soonest; the rest wait behind a button so the page stays short. */
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

/**
 * A vessel's alerts of one kind: the most pressing one in full, how many there are on how many calls, an
 * acknowledgement of all of them, and a toggle that lists each one. A group of one alert is that alert.
 */
function AlertGroupRow({ group, isShowingAcknowledged }: { group: TAlertGroup; isShowingAcknowledged: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zoneOf } = useTerminalTimeZones();
  const [isOpen, setOpen] = useState(false);
  const alerts = useAlertGroup(group.key, isShowingAcknowledged, isOpen);
  const acknowledgeAll = useAcknowledgeAlertGroup();
  if (group.count === 1) return <AlertRow alert={group.first} />;
  const first = group.first;
  const zone = zoneOf(first.terminal_id);
  const colour = SEVERITY_COLOURS[group.severity];
  const isDone = group.unacknowledged_count === 0;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="alert-group" data-group={group.key} data-severity={group.severity} style={{ borderLeft: `4px solid var(--mantine-color-${colour}-6)`, opacity: isDone ? 0.65 : 1 }}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" style={{ minWidth: 0 }}>
            <Badge color={colour} radius="sm" data-testid="alert-severity">
              {t(`dashboard.alerts.severities.${group.severity}`)}
            </Badge>
            <Text fw={600} size="sm">
              {t(`dashboard.alerts.rules.${group.rule}`)}
            </Text>
            <Badge variant="light" color={colour} radius="sm" data-testid="alert-group-count">
              {t('dashboard.alerts.group_count', { count: group.count, calls: group.portcalls.length })}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {group.vessel_name} · {formatZonedDateTime(first.berth_arrival, zone, locale)}
          </Text>
        </Group>
        <Text size="sm" data-testid="alert-why">
          {alertWhyText(t, first, zone, locale)}
        </Text>
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="subtle"
            onClick={() => setOpen((v) => !v)}
            rightSection={isOpen ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
            aria-expanded={isOpen}
            data-testid="alert-group-toggle"
          >
            {isOpen ? t('dashboard.alerts.group_close') : t('dashboard.alerts.group_open', { count: group.count })}
          </Button>
          <Box style={{ flex: 1 }} />
          {isDone ? (
            <Badge variant="light" color="gray" leftSection={<IconCheck size={12} />} radius="sm">
              {t('dashboard.alerts.acknowledged')}
            </Badge>
          ) : (
            <Button size="compact-sm" variant="light" color={colour} onClick={() => acknowledgeAll.mutate(group.key)} loading={acknowledgeAll.isPending} data-testid="alert-group-acknowledge">
              {t('dashboard.alerts.acknowledge_group', { count: group.unacknowledged_count })}
            </Button>
          )}
        </Group>
        {isOpen && (
          <Stack gap="xs" pl="sm" data-testid="alert-group-items">
            {alerts.data?.items.map((alert) => <AlertRow key={alert.key} alert={alert} />) ?? (
              <Text size="xs" c="dimmed">
                {t('dashboard.alerts.group_loading')}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

export function AlertsWidget() {
  const { t } = useTranslation();
  const { data: user } = useUserDetails();
  const [isShowingAcknowledged, setShowingAcknowledged] = useState(false);
  const [isShowingAll, setShowingAll] = useState(false);
  const [page, setPage] = useState(1);
  const alerts = useAlerts(isShowingAcknowledged, page);
  const open = alerts.data?.unacknowledged_count ?? 0;
  const groups = alerts.data?.groups ?? [];
  const totalPages = alerts.data?.meta.total_pages ?? 1;
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
          <Switch
            size="sm"
            label={t('dashboard.alerts.show_acknowledged')}
            checked={isShowingAcknowledged}
            onChange={(e) => {
              setShowingAcknowledged(e.currentTarget.checked);
              setPage(1);
            }}
            data-testid="alerts-show-acknowledged"
          />
          {/* Thresholds are the terminal's: only its operators may change them (the server refuses everybody else). */}
          {can(user, 'manage_alert_settings') && <AlertSettingsDialog />}
        </>
      }
    >
      {alerts.data && groups.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="alerts-empty">
          {t('dashboard.alerts.empty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="alerts-list">
          {alerts.data && alerts.data.meta.total_count > 1 && (
            <Text size="xs" c="dimmed" data-testid="alerts-summary">
              {t('dashboard.alerts.summary', { count: alerts.data.alert_count, groups: alerts.data.meta.total_count })}
            </Text>
          )}
          {groups.slice(0, isShowingAll ? undefined : ALERTS_SHOWN).map((group) => (
            <AlertGroupRow key={group.key} group={group} isShowingAcknowledged={isShowingAcknowledged} />
          ))}
          {groups.length > ALERTS_SHOWN && (
            <Group justify="center">
              <Button variant="subtle" size="compact-sm" onClick={() => setShowingAll((v) => !v)} data-testid="alerts-show-all">
                {isShowingAll ? t('dashboard.alerts.show_fewer') : t('dashboard.alerts.show_all', { count: groups.length })}
              </Button>
            </Group>
          )}
          {isShowingAll && totalPages > 1 && (
            <Group justify="center">
              <Pagination size="sm" total={totalPages} value={page} onChange={setPage} data-testid="alerts-pages" getControlProps={(control) => ({ 'aria-label': t(`tasks.page_${control}`) })} />
            </Group>
          )}
        </Stack>
      )}
    </WidgetFrame>
  );
}
