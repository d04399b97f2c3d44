// A voyage's schedule as marks on a time axis (our terminal's call highlighted, each time's classifier shown); a compact list on phones.
import { Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TScheduleRow, type TVoyagePortcall, classifierOfLabel } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';

type TProps = { schedule: TScheduleRow[]; timeZone: string; testId: string; portcalls?: readonly TVoyagePortcall[] | undefined };

/**
 * A row's classifiers: our terminal's call reads its port call's own labels (an actual arrival is ACT however old the
 * schedule row's classifier is, as the schedule provider publishes it); any other port its stored classifiers.
 */
function classifiersOf(row: TScheduleRow, portcalls: readonly TVoyagePortcall[]): Pick<TScheduleRow, 'arrival_classifier' | 'departure_classifier'> {
  const call = row.is_terminal_call && row.portcall_id !== null ? portcalls.find((c) => c.id === row.portcall_id) : undefined;
  if (!call) return { arrival_classifier: row.arrival_classifier, departure_classifier: row.departure_classifier };
  return { arrival_classifier: row.arrival ? classifierOfLabel(call.berth_arrival_state.label) : null, departure_classifier: row.departure ? classifierOfLabel(call.berth_departure_state.label) : null };
}

const timeOf = (row: TScheduleRow): number | null => {
  const iso = row.arrival ?? row.departure;
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(ms) ? null : ms;
};

function Classifier({ value }: { value: TScheduleRow['arrival_classifier'] }) {
  if (!value) return null;
  return (
    <Badge size="xs" radius="sm" variant={value === 'ACT' ? 'filled' : 'light'} color={value === 'PLN' ? 'gray' : value === 'EST' ? 'blue' : 'teal'} data-testid="timeline-classifier">
      {value}
    </Badge>
  );
}

export function VoyageTimeline({ schedule: stored, timeZone, testId, portcalls = [] }: TProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const schedule = stored.map((row) => ({ ...row, ...classifiersOf(row, portcalls) }));
  const times = schedule.map(timeOf).filter((ms): ms is number => ms !== null);
  const first = Math.min(...times);
  const span = Math.max(...times) - first;
  // Rows without a time sit in rotation order between their neighbours' positions.
  const positions = schedule.map((row, index) => {
    const ms = timeOf(row);
    if (ms !== null && times.length > 0) return span > 0 ? (ms - first) / span : 0.5;
    return schedule.length > 1 ? index / (schedule.length - 1) : 0.5;
  });
  const at = (iso: string | null) => (iso ? formatZonedDateTime(iso, timeZone, locale) : '–');

  return (
    <>
      <Box visibleFrom="sm" pos="relative" h={78} mx={40} data-testid={`${testId}-axis`} aria-label={t('voyageCenter.voyages.timeline')} role="img">
        <Box pos="absolute" left={0} right={0} top={38} h={2} bg="gray.3" />
        {schedule.map((row, index) => {
          const left = `${(positions[index] ?? 0) * 100}%`;
          const isOurs = row.is_terminal_call;
          const isAbove = index % 2 === 0;
          return (
            <Tooltip
              key={row.id}
              label={`${row.port_name} (${row.unlocode}) · ${t('voyageCenter.schedule.arrival')} ${at(row.arrival)} ${row.arrival_classifier ?? ''} · ${t('voyageCenter.schedule.departure')} ${at(row.departure)} ${row.departure_classifier ?? ''}`}
              multiline
              w={260}
              withinPortal
            >
              <Box pos="absolute" left={left} top={0} h={78} style={{ transform: 'translateX(-50%)', width: 84 }} data-testid={`${testId}-mark`} data-terminal-call={isOurs ? 'true' : 'false'}>
                <Box
                  pos="absolute"
                  left="50%"
                  top={isOurs ? 32 : 34}
                  w={isOurs ? 14 : 10}
                  h={isOurs ? 14 : 10}
                  bg={isOurs ? 'orange.6' : 'navy.5'}
                  style={{ borderRadius: '50%', transform: 'translateX(-50%)', border: '2px solid white' }}
                />
                <Stack gap={0} align="center" pos="absolute" left={0} right={0} top={isAbove ? 0 : 50}>
                  <Group gap={2} wrap="nowrap" justify="center">
                    <Text size="xs" fw={isOurs ? 700 : 500} c={isOurs ? 'orange.8' : undefined}>
                      {row.unlocode}
                    </Text>
                    <Classifier value={row.arrival_classifier ?? row.departure_classifier} />
                  </Group>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {row.arrival ? at(row.arrival).slice(0, 5) : ''}
                  </Text>
                </Stack>
              </Box>
            </Tooltip>
          );
        })}
      </Box>
      <Stack hiddenFrom="sm" gap={4} data-testid={`${testId}-list`}>
        {schedule.map((row) => (
          <Group key={row.id} gap="xs" wrap="nowrap" data-testid={`${testId}-list-row`} data-terminal-call={row.is_terminal_call ? 'true' : 'false'}>
            <Box w={8} h={8} bg={row.is_terminal_call ? 'orange.6' : 'navy.5'} style={{ borderRadius: '50%', flexShrink: 0 }} />
            <Text size="xs" fw={row.is_terminal_call ? 700 : 500} w={52} style={{ flexShrink: 0 }}>
              {row.unlocode}
            </Text>
            <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
              {at(row.arrival)}
            </Text>
            <Classifier value={row.arrival_classifier} />
          </Group>
        ))}
      </Stack>
    </>
  );
}
