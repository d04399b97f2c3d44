// Vessel communication (vessel_view): the user's port calls of the window on the left, the selected call's thread on the right.
// Under 768 px the two are separate screens: the list, then the thread with a way back.
import { useEffect, useState } from 'react';
import { Box, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMessages } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TPortcall } from '@quayline/domain';
import { PageHeader } from '@/components/ui/page-header';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { PORTCALL_MESSAGE_EVENT, usePortcallEvents } from '@/lib/use-portcall-events';
import { useUserDetails } from '@/lib/user';
import { type TMessageStates, useMessageStates } from '../api/get-message-states';
import { useMessages } from '../api/get-messages';
import { useThreadPortcall } from '../api/get-portcall';
import { useCurrentWindow, useWindowPortcalls, WINDOW_DAYS_AFTER, WINDOW_DAYS_BEFORE } from '../api/get-window-portcalls';
import { setMessageState, useMarkMessagesRead } from '../api/mark-messages-read';
import { usePostMessage } from '../api/post-message';
import { messageKeys } from '../api/query-keys';
import { MessageThread } from './message-thread';
import { PortcallList } from './portcall-list';
import classes from './vessel-communication.module.css';

/** What `portcall.message` carries (docs/realtime.md). */
type TMessageEventPayload = { portcall_id?: unknown; author_id?: unknown };

function readSelectedId(params: URLSearchParams): number | null {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function VesselCommunicationScreen() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { data: user } = useUserDetails();
  const { zoneOf } = useTerminalTimeZones();
  const [params, setParams] = useSearchParams();
  const selectedId = readSelectedId(params);

  const range = useCurrentWindow();
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const list = useWindowPortcalls({ ...range, q });
  const portcalls: TPortcall[] = list.data?.pages.flatMap((page) => page.items) ?? [];
  const ids = portcalls.map((p) => p.id);
  const states = useMessageStates(ids);

  const thread = useMessages(selectedId);
  const listed = portcalls.find((p) => p.id === selectedId);
  const fetched = useThreadPortcall(selectedId, !listed && !list.isPending);
  const selected = listed ?? fetched.data;
  const post = usePostMessage();
  const markRead = useMarkMessagesRead();
  const { mutate: markThreadRead } = markRead;

  // Opening a thread reads it.
  useEffect(() => {
    if (selectedId !== null) markThreadRead(selectedId);
  }, [selectedId, markThreadRead]);

  usePortcallEvents((event) => {
    if (event.event !== PORTCALL_MESSAGE_EVENT) return;
    const payload = (event.payload ?? {}) as TMessageEventPayload;
    const portcallId = Number(payload.portcall_id);
    if (!Number.isInteger(portcallId)) return;
    const isOwn = user !== undefined && payload.author_id === user.id;
    if (portcallId === selectedId) {
      // The open thread: show the message and keep it read.
      void queryClient.invalidateQueries({ queryKey: messageKeys.thread(portcallId) }).then(() => {
        if (!isOwn) markThreadRead(portcallId);
      });
      return;
    }
    if (!isOwn) queryClient.setQueriesData<TMessageStates>({ queryKey: messageKeys.statesAll() }, (current) => setMessageState(current, portcallId, 'new'));
    void queryClient.invalidateQueries({ queryKey: messageKeys.statesAll() });
  });

  const select = (id: number | null) => {
    const next = new URLSearchParams(params);
    if (id === null) next.delete('id');
    else next.set('id', String(id));
    setParams(next, { replace: id === null });
  };

  const total = list.data?.pages[0]?.meta.total_count;

  return (
    <Stack gap={0} data-testid="screen-vessel_view">
      <PageHeader title={t('navigation.vessel_communication')} description={t('vesselCommunication.description', { before: WINDOW_DAYS_BEFORE, after: WINDOW_DAYS_AFTER })} />
      <div className={classes.layout} data-view={selectedId === null ? 'list' : 'thread'}>
        <Box className={`${classes.pane} ${classes.listSlot}`}>
          <PortcallList
            portcalls={portcalls}
            states={states.data}
            selectedId={selectedId}
            onSelect={select}
            search={search}
            onSearch={setSearch}
            isLoading={list.isPending}
            isError={list.isError}
            onRetry={() => void list.refetch()}
            hasMore={list.hasNextPage}
            isLoadingMore={list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            total={total}
            zoneOf={zoneOf}
            locale={locale}
          />
        </Box>
        <Box className={`${classes.pane} ${classes.threadSlot}`}>
          {selectedId === null ? (
            <Center h="100%" p="md">
              <Stack align="center" gap="xs" ta="center" maw={360} data-testid="vc-no-selection">
                <ThemeIcon size={64} radius={32} variant="light" color="harbor">
                  <IconMessages size={32} stroke={1.5} />
                </ThemeIcon>
                <Title order={3} size="h4">
                  {t('vesselCommunication.select_title')}
                </Title>
                <Text c="dimmed">{t('vesselCommunication.select_description')}</Text>
              </Stack>
            </Center>
          ) : (
            <MessageThread
              portcall={selected}
              portcallId={selectedId}
              messages={thread.data}
              isLoading={thread.isPending}
              isError={thread.isError}
              onRetry={() => void thread.refetch()}
              onBack={() => select(null)}
              onSend={(body, done) => post.mutate({ portcallId: selectedId, body }, { onSuccess: done })}
              isSending={post.isPending}
              sendFailed={post.isError && post.variables?.portcallId === selectedId}
              timeZone={zoneOf(selected?.terminal_id ?? null)}
              locale={locale}
            />
          )}
        </Box>
      </div>
    </Stack>
  );
}
