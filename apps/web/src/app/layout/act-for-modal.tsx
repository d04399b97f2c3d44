// "Act for a colleague": a searchable list of the people the server says one may act for; choosing one starts it.
import { useMemo, useState } from 'react';
import { Alert, Avatar, Box, Group, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, PROXY_SESSION_TTL_MINUTES, type TProxyCandidate } from '@quayline/domain';
import { useErrorText } from '@/hooks/use-error-text';
import { fullNameOf, switchSession, useProxyCandidates, useStartProxy } from './proxy-session';

function matches(candidate: TProxyCandidate, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [candidate.first_name, candidate.last_name, candidate.email, `${candidate.first_name} ${candidate.last_name}`].some((text) => text.toLowerCase().includes(needle));
}

export function ActForModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const candidates = useProxyCandidates(opened);
  const queryClient = useQueryClient();
  const startMutation = useStartProxy();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (candidates.data ?? []).filter((c) => matches(c, query)), [candidates.data, query]);

  const start = (candidate: TProxyCandidate) => {
    if (startMutation.isPending) return;
    startMutation.mutate(candidate.id, {
      onSuccess: () => {
        onClose();
        setQuery('');
        startMutation.reset();
        void switchSession(queryClient).catch((error: unknown) => console.error(error));
        notifications.show({ id: 'proxy-started', title: t('proxy.started_title'), message: t('proxy.started', { person: fullNameOf(candidate) }), color: 'orange', autoClose: POPUP_AUTO_CLOSE_MS, withBorder: true });
      },
    });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('proxy.modal_title')} size="md" closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="act-for-modal">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('proxy.modal_intro', { minutes: PROXY_SESSION_TTL_MINUTES })}
        </Text>
        <TextInput
          label={t('proxy.search')}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          leftSection={<IconSearch size={16} />}
          data-autofocus
          data-testid="act-for-search"
        />
        {startMutation.isError && (
          <Alert color="red" variant="light" data-testid="act-for-error">
            {errorText(startMutation.error)}
          </Alert>
        )}
        {/* A plain scrolling box: a ScrollArea would let long e-mails widen the rows past the dialog instead of truncating. */}
        <Box mah={360} style={{ overflowY: 'auto' }}>
          <Stack gap={4} role="list" aria-label={t('proxy.modal_title')}>
            {shown.length === 0 && !candidates.isPending && (
              <Text size="sm" c="dimmed" py="sm">
                {t('proxy.no_match')}
              </Text>
            )}
            {shown.map((candidate) => (
              <UnstyledButton
                key={candidate.id}
                role="listitem"
                onClick={() => start(candidate)}
                disabled={startMutation.isPending}
                aria-label={`${t('proxy.start')}: ${fullNameOf(candidate)}`}
                data-testid="act-for-candidate"
                style={{ display: 'block', width: '100%', borderRadius: 8, padding: '8px 10px', border: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar radius="xl" size={32} color="orange">
                    {`${candidate.first_name.charAt(0)}${candidate.last_name.charAt(0)}`.toUpperCase() || candidate.email.charAt(0).toUpperCase()}
                  </Avatar>
                  <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
                    <Text size="sm" fw={600} truncate="end">
                      {fullNameOf(candidate)}
                    </Text>
                    <Text size="xs" c="dimmed" truncate="end">
                      {candidate.email}
                      {candidate.organisation_name ? ` · ${candidate.organisation_name}` : ''}
                    </Text>
                  </Stack>
                </Group>
              </UnstyledButton>
            ))}
          </Stack>
        </Box>
      </Stack>
    </Modal>
  );
}
