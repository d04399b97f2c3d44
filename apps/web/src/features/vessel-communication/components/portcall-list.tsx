// The left pane: the user's port calls of the window with their message icons, searchable, 50 at a time.
import { Button, Center, Group, Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TLocale, TPortcall } from '@quayline/domain';
import { formatZonedDateTime } from '@/lib/zoned-time';
import type { TMessageStates } from '../api/get-message-states';
import { MessageStateIcon } from './message-state-icon';
import classes from './vessel-communication.module.css';

type TPortcallListProps = {
  portcalls: TPortcall[];
  states: TMessageStates | undefined;
  selectedId: number | null;
  onSelect: (id: number) => void;
  search: string;
  onSearch: (q: string) => void;
  isLoading: boolean;
  isError: boolean;
  onRetry: () => void;
  hasMore: boolean;
  isLoadingMore: boolean;
  onLoadMore: () => void;
  total: number | undefined;
  zoneOf: (terminalId: number) => string;
  locale: TLocale;
};

export function PortcallList(props: TPortcallListProps) {
  const { t } = useTranslation();
  const { portcalls, states, selectedId, onSelect, zoneOf, locale } = props;
  return (
    <Stack gap={0} h="100%" className={classes.listPane} data-testid="vc-list">
      <Stack gap={6} p="sm" className={classes.listHead}>
        <TextInput
          size="sm"
          value={props.search}
          onChange={(e) => props.onSearch(e.currentTarget.value)}
          placeholder={t('vesselCommunication.search_placeholder')}
          aria-label={t('vesselCommunication.search')}
          leftSection={<IconSearch size={16} />}
          data-testid="vc-search"
        />
        {props.total !== undefined && (
          <Text size="xs" c="dimmed">
            {t('vesselCommunication.list_count', { count: props.total })}
          </Text>
        )}
      </Stack>
      {/* The list holds only its calls; the loader, the error and "load more" sit beside it in the scrolling box. */}
      <div className={classes.scroll}>
        {props.isLoading ? (
          <Center py="xl">
            <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
          </Center>
        ) : props.isError ? (
          <Stack align="center" gap="xs" p="md" ta="center" role="alert">
            <Text size="sm">{t('vesselCommunication.list_failed')}</Text>
            <Button variant="light" size="compact-sm" onClick={props.onRetry}>
              {t('common.retry')}
            </Button>
          </Stack>
        ) : portcalls.length === 0 ? (
          <Text size="sm" c="dimmed" p="md" ta="center" data-testid="vc-list-empty">
            {t('vesselCommunication.list_empty')}
          </Text>
        ) : (
          <>
            <div role="list" aria-label={t('vesselCommunication.list_label')}>
              {portcalls.map((p) => {
                const state = states?.[String(p.id)];
                return (
                  <div role="listitem" key={p.id}>
                    <UnstyledButton
                      className={classes.item}
                      data-selected={p.id === selectedId || undefined}
                      data-new={state === 'new' || undefined}
                      aria-current={p.id === selectedId ? 'true' : undefined}
                      onClick={() => onSelect(p.id)}
                      data-testid="vc-portcall"
                      data-portcall-id={p.id}
                      data-state={state ?? 'unknown'}
                    >
                      <Group gap="sm" wrap="nowrap" align="flex-start">
                        <MessageStateIcon state={state} />
                        <div style={{ minWidth: 0, flex: 1 }}>
                          <Text size="sm" fw={state === 'new' ? 700 : 600} c="navy.9" truncate>
                            {p.vessel_name}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {t('vesselCommunication.arrival', { time: formatZonedDateTime(p.berth_arrival, zoneOf(p.terminal_id), locale) })}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {[p.terminal_name, p.voyage_number_import || p.voyage_number_export].filter(Boolean).join(' · ')}
                          </Text>
                        </div>
                      </Group>
                    </UnstyledButton>
                  </div>
                );
              })}
            </div>
            {props.hasMore && (
              <Center p="sm">
                <Button variant="subtle" size="compact-sm" onClick={props.onLoadMore} loading={props.isLoadingMore} data-testid="vc-load-more">
                  {t('vesselCommunication.load_more')}
                </Button>
              </Center>
            )}
          </>
        )}
      </div>
    </Stack>
  );
}
