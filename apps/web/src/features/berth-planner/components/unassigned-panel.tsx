// Calls of the window without a place on the quay; a terminal planner drags one onto the diagram to place it.
import { Badge, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TLocale, TPlannerPortcall } from '@quayline/domain';
import { formatZonedDateTime } from '@/lib/zoned-time';
import classes from './berth-planner.module.css';
import { SidePanel } from './side-panel';

export function UnassignedPanel({ calls, timeZone, locale, onGrab }: { calls: readonly TPlannerPortcall[]; timeZone: string; locale: TLocale; onGrab: ((event: React.PointerEvent<HTMLElement>, call: TPlannerPortcall) => void) | null }) {
  const { t } = useTranslation();
  return (
    <SidePanel
      title={t('berthPlanner.unassigned.title')}
      testId="planner-unassigned"
      badge={
        <Badge size="sm" variant="light" data-testid="planner-unassigned-count">
          {calls.length}
        </Badge>
      }
    >
      {(!calls.length || onGrab) && (
        <Text size="xs" c="dimmed" mb={4}>
          {calls.length ? t('berthPlanner.unassigned.hint') : t('berthPlanner.unassigned.none')}
        </Text>
      )}
      <Stack gap={4}>
        {calls.slice(0, 50).map((call) => (
          <Paper key={call.id} withBorder p={4} radius="sm" className={onGrab ? classes.unassignedItem : undefined} data-testid="planner-unassigned-item" data-portcall-id={call.id} onPointerDown={onGrab ? (e) => onGrab(e, call) : undefined}>
            <Text size="xs" fw={600}>
              {call.vessel_name}
            </Text>
            <Text size="xs" c="dimmed">
              {formatZonedDateTime(call.berth_arrival, timeZone, locale)} – {formatZonedDateTime(call.berth_departure, timeZone, locale)}
            </Text>
          </Paper>
        ))}
      </Stack>
    </SidePanel>
  );
}
