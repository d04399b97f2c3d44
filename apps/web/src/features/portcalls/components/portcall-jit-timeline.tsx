// The call's DCSA JIT timeline: every service a carrier's or agent's system sent for it (berth, pilotage, towage,
// mooring, readiness, safety, ...) with its timestamps in the order they came. Shown only when there are any.
import { Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPortcallJitService } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { usePortcallJitServices } from '../api/get-portcall-jit-services';

const CLASSIFIER_COLOUR: Record<string, string> = { EST: 'gray', REQ: 'blue', PLN: 'teal', ACT: 'green' };

/** The latest time of a service, to order the timeline as the call runs. */
const latest = (s: TPortcallJitService) => s.timestamps.at(-1)?.date_time ?? '9999';

export function PortcallJitTimeline({ portcallId, timeZone }: { portcallId: number; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const services = usePortcallJitServices(portcallId);
  if (!services.data || services.data.length === 0) return null;
  const ordered = [...services.data].sort((a, b) => latest(a).localeCompare(latest(b)));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="portcall-jit-title" data-testid="portcall-jit-timeline">
      <Stack gap="md">
        <Group gap="xs">
          <IconPlugConnected size={20} />
          <Title order={2} size="h4" id="portcall-jit-title">
            {t('portcalls.jit.title')}
          </Title>
        </Group>
        <Timeline bulletSize={14} lineWidth={2} active={ordered.length}>
          {ordered.map((s) => (
            <Timeline.Item
              key={s.port_call_service_id}
              data-testid="portcall-jit-service"
              title={
                <Group gap="xs" wrap="wrap">
                  <Text fw={600} size="sm">
                    {`${s.type_code} · ${s.event_type_code}${s.phase_type_code ? ` · ${s.phase_type_code}` : ''}`}
                  </Text>
                  {s.cancelled && (
                    <Badge color="red" variant="light" size="sm">
                      {t('portcalls.jit.cancelled')}
                    </Badge>
                  )}
                  {s.declined && (
                    <Badge color="orange" variant="light" size="sm">
                      {t('portcalls.jit.declined')}
                    </Badge>
                  )}
                </Group>
              }
            >
              {s.timestamps.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {t('portcalls.jit.no_times')}
                </Text>
              ) : (
                <Stack gap={2}>
                  {s.timestamps.map((ts) => (
                    <Group key={ts.timestamp_id} gap="xs" wrap="wrap">
                      <Badge color={CLASSIFIER_COLOUR[ts.classifier_code] ?? 'gray'} variant="light" size="sm">
                        {ts.classifier_code}
                      </Badge>
                      <Text size="sm">{formatZonedDateTime(ts.date_time, timeZone, locale)}</Text>
                      {ts.remark && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {ts.remark}
                        </Text>
                      )}
                    </Group>
                  ))}
                </Stack>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      </Stack>
    </Paper>
  );
}
