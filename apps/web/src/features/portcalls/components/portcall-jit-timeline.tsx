// The call's DCSA JIT timeline: every service a carrier's or agent's system sent for it (berth, pilotage, towage,
// mooring, readiness, safety, ...) with its timestamps in the order they came, and what Quayline sent to which
// connected system and whether it arrived (the terminal operator sees these). Shown only when there is any.
import { Badge, Group, Paper, Stack, Text, Timeline, Title } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TJitDeliveryStatus, TPortcallJitMessage, TPortcallJitService } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { usePortcallJitMessages } from '../api/get-portcall-jit-messages';
import { usePortcallJitServices } from '../api/get-portcall-jit-services';

const CLASSIFIER_COLOUR: Record<string, string> = { EST: 'gray', REQ: 'blue', PLN: 'teal', ACT: 'green' };
const STATUS_COLOUR: Record<TJitDeliveryStatus, string> = { pending: 'gray', retrying: 'yellow', sent: 'green', failed: 'red' };
const KINDS = ['port-calls', 'terminal-calls', 'port-call-services', 'timestamps', 'vessel-statuses', 'cancel', 'decline', 'omit'] as const;

/** What a message is, from its path: its last word for cancel, decline and omit, otherwise the object it puts. */
function kindOf(m: TPortcallJitMessage): (typeof KINDS)[number] | null {
  const parts = m.path.split('/').filter(Boolean);
  const word = m.method === 'POST' ? parts.at(-1) : parts[0];
  return KINDS.find((k) => k === word) ?? null;
}

/** The latest time of a service, to order the timeline as the call runs. */
const latest = (s: TPortcallJitService) => s.timestamps.at(-1)?.date_time ?? '9999';

export function PortcallJitTimeline({ portcallId, timeZone }: { portcallId: number; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const services = usePortcallJitServices(portcallId);
  const messages = usePortcallJitMessages(portcallId);
  const sent = messages.data ?? [];
  if ((!services.data || services.data.length === 0) && sent.length === 0) return null;
  const ordered = [...(services.data ?? [])].sort((a, b) => latest(a).localeCompare(latest(b)));
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
        {sent.length > 0 && (
          <Stack gap="xs" data-testid="portcall-jit-messages">
            <Title order={3} size="h5">
              {t('portcalls.jit.sent_title')}
            </Title>
            {sent.map((m) => {
              const kind = kindOf(m);
              return (
                <Stack key={m.id} gap={2} data-testid="portcall-jit-message">
                  <Group gap="xs" wrap="wrap">
                    <Badge color={STATUS_COLOUR[m.status]} variant="light" size="sm">
                      {t(`portcalls.jit.status.${m.status}`)}
                    </Badge>
                    {m.classifier_code ? (
                      <Badge color={CLASSIFIER_COLOUR[m.classifier_code] ?? 'gray'} variant="outline" size="sm">
                        {m.classifier_code}
                      </Badge>
                    ) : (
                      kind && <Text size="sm">{t(`portcalls.jit.kind.${kind}`)}</Text>
                    )}
                    {m.date_time && <Text size="sm">{formatZonedDateTime(m.date_time, timeZone, locale)}</Text>}
                    <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t('portcalls.jit.to', { name: m.counterparty_name })}
                    </Text>
                    {m.is_fyi && (
                      <Badge color="gray" variant="dot" size="sm">
                        {t('portcalls.jit.fyi')}
                      </Badge>
                    )}
                    {m.attempts > 1 && (
                      <Text size="xs" c="dimmed">
                        {t('portcalls.jit.attempts', { count: m.attempts })}
                      </Text>
                    )}
                  </Group>
                  {m.status !== 'sent' && m.last_error && (
                    <Text size="xs" c={m.status === 'failed' ? 'red' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                      {m.last_error.slice(0, 300)}
                    </Text>
                  )}
                </Stack>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
