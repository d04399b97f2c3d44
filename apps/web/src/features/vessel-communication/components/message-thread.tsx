// The right pane: the selected port call's thread, newest at the bottom, and the composer under it.
import { useEffect, useRef } from 'react';
import { ActionIcon, Anchor, Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconExternalLink, IconMessages } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type TLocale, type TPortcall, type TPortcallMessage, USER_TYPES, type TUserType } from '@quayline/domain';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { MessageComposer } from './message-composer';
import classes from './vessel-communication.module.css';

type TMessageThreadProps = {
  portcall: TPortcall | undefined;
  portcallId: number;
  messages: TPortcallMessage[] | undefined;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  onBack: () => void;
  onSend: (body: string, done: () => void) => void;
  isSending: boolean;
  sendFailed: boolean;
  timeZone: string;
  locale: TLocale;
};

const isUserType = (value: string): value is TUserType => (USER_TYPES as readonly string[]).includes(value);

export function MessageThread(props: TMessageThreadProps) {
  const { t } = useTranslation();
  const { portcall, messages, timeZone, locale } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const lastId = messages?.[messages.length - 1]?.id;

  // Open at the newest message, and follow new ones as they come.
  useEffect(() => {
    const el = scrollRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lastId, props.portcallId]);

  const vessel = portcall?.vessel_name ?? t('vesselCommunication.portcall_number', { id: props.portcallId });

  return (
    <Stack gap={0} h="100%" className={classes.threadPane} data-testid="vc-thread" data-portcall-id={props.portcallId}>
      <Group gap="xs" p="sm" wrap="nowrap" className={classes.threadHead}>
        <ActionIcon variant="subtle" color="navy" onClick={props.onBack} hiddenFrom="sm" aria-label={t('vesselCommunication.back')} data-testid="vc-back">
          <IconArrowLeft size={20} />
        </ActionIcon>
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text fw={650} c="navy.9" truncate data-testid="vc-thread-vessel">
            {vessel}
          </Text>
          {portcall && (
            <Text size="xs" c="dimmed" truncate>
              {t('vesselCommunication.window', {
                arrival: formatZonedDateTime(portcall.berth_arrival, timeZone, locale),
                departure: formatZonedDateTime(portcall.berth_departure, timeZone, locale),
              })}
            </Text>
          )}
        </Box>
        <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${props.portcallId}`} size="sm" className={classes.detailsLink} data-testid="vc-details-link">
          <Group gap={4} wrap="nowrap">
            <IconExternalLink size={16} />
            <span className={classes.detailsText}>{t('vesselCommunication.open_details')}</span>
          </Group>
        </Anchor>
      </Group>

      <div ref={scrollRef} className={classes.scroll} role="log" aria-label={t('vesselCommunication.thread_label', { vessel })} aria-live="polite">
        {props.isLoading ? (
          <Center py="xl">
            <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
          </Center>
        ) : props.isError ? (
          <Stack align="center" gap="xs" p="md" ta="center" role="alert">
            <Text size="sm">{t('vesselCommunication.thread_failed')}</Text>
            <Button variant="light" size="compact-sm" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          </Stack>
        ) : !messages || messages.length === 0 ? (
          <Stack align="center" gap={6} p="xl" ta="center" c="dimmed" data-testid="vc-thread-empty">
            <IconMessages size={32} stroke={1.4} />
            <Text size="sm">{t('vesselCommunication.thread_empty')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" p="sm">
            {messages.map((m) => (
              <Box key={m.id} className={classes.message} data-own={m.is_own || undefined} data-testid="vc-message" data-message-id={m.id}>
                <Text size="xs" fw={600} c={m.is_own ? 'harbor.9' : 'navy.8'} className={classes.author}>
                  {m.is_own
                    ? t('vesselCommunication.you')
                    : [m.author.name, m.author.organisation_name ?? (isUserType(m.author.user_type) ? t(`userTypes.${m.author.user_type}`) : null)].filter(Boolean).join(' · ')}
                </Text>
                <Text size="sm" className={classes.body} data-testid="vc-message-body">
                  {m.body}
                </Text>
                <Text size="xs" c="dimmed" ta={m.is_own ? 'right' : 'left'}>
                  {formatZonedDateTime(m.created_at, timeZone, locale)}
                </Text>
              </Box>
            ))}
          </Stack>
        )}
      </div>

      <MessageComposer key={props.portcallId} onSend={props.onSend} isSending={props.isSending} sendFailed={props.sendFailed} />
    </Stack>
  );
}
