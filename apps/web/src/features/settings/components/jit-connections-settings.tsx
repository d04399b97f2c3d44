// "JIT connections" (terminal operators): the carriers' and agents' DCSA JIT 2.0 systems connected to the terminal,
// each with its API key shown once (on connecting and on a new key), and the address Quayline will send to.
import { useState } from 'react';
import { Alert, Badge, Button, Code, CopyButton, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DCSA_JIT_PREFIX, ZDcsaCounterpartyCreate, type TDcsaCounterparty, type TDcsaCounterpartyWithKey } from '@quayline/domain';
import { reasonOf } from '@/lib/api-client';
import { useMasterDataSearch } from '@/lib/master-data-search';
import { useCounterparties, useCounterpartyActions } from '../api/dcsa-counterparties';
import { SectionList } from './section-list';
import { SettingsSection } from './settings-section';

export function JitConnectionsSettings() {
  const { t } = useTranslation();
  const list = useCounterparties(true);
  const { create, rotate, revoke } = useCounterpartyActions();
  const operators = useMasterDataSearch('vessel_operators', '');
  const agents = useMasterDataSearch('agents', '');
  const [name, setName] = useState('');
  const [organisationId, setOrganisationId] = useState<string | null>(null);
  const [endpointUrl, setEndpointUrl] = useState('');
  const [shownKey, setShownKey] = useState<TDcsaCounterpartyWithKey | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const organisationOptions = [
    { group: t('settings.jit.vessel_operators'), items: (operators.data?.items ?? []).map((o) => ({ value: String(o.id), label: o.name })) },
    { group: t('settings.jit.agents'), items: (agents.data?.items ?? []).map((o) => ({ value: String(o.id), label: o.name })) },
  ];
  const parsed = ZDcsaCounterpartyCreate.safeParse({ name: name.trim(), organisation_id: Number(organisationId), endpoint_url: endpointUrl.trim() });
  const onKey = (result: TDcsaCounterpartyWithKey) => {
    setShownKey(result);
    setProblem(null);
  };
  const connect = () => {
    if (!parsed.success) return;
    create.mutate(parsed.data, {
      onSuccess: (result) => {
        onKey(result);
        setName('');
        setEndpointUrl('');
        setOrganisationId(null);
      },
      onError: (error) => setProblem(reasonOf(error)),
    });
  };
  const status = (c: TDcsaCounterparty) =>
    c.revoked_at ? (
      <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
        {t('settings.jit.revoked')}
      </Badge>
    ) : (
      <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
        {t('settings.jit.active')}
      </Badge>
    );

  return (
    <SettingsSection icon={<IconPlugConnected size={22} />} title={t('settings.jit.title')} description={t('settings.jit.description', { url: `${window.location.origin}${DCSA_JIT_PREFIX}` })} testId="settings-jit">
      {shownKey && (
        <Alert color="teal" variant="light" title={t('settings.jit.key_title', { name: shownKey.name })} data-testid="jit-key">
          <Stack gap="xs">
            <Text size="sm">{t('settings.jit.key_once')}</Text>
            <Group gap="xs">
              <Code style={{ wordBreak: 'break-all' }}>{shownKey.api_key}</Code>
              <CopyButton value={shownKey.api_key}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="light" onClick={copy}>
                    {copied ? t('settings.jit.copied') : t('settings.jit.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </Stack>
        </Alert>
      )}
      {problem && (
        <Alert color="red" variant="light" data-testid="jit-problem">
          {problem}
        </Alert>
      )}
      <SectionList list={list} loadFailed={t('settings.jit.load_failed')} empty={t('settings.jit.empty')} emptyTestId="jit-empty">
        {(items) => (
        // Cards rather than a table: the endpoint addresses are long, and a phone shows each system whole.
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          {items.map((c) => (
            <Paper key={c.id} withBorder radius="md" p="md" data-testid="jit-row">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {c.name}
                  </Text>
                  {status(c)}
                </Group>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('settings.jit.organisation')}:{' '}
                  </Text>
                  {c.organisation_name}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  <Text span c="dimmed" size="sm">
                    {t('settings.jit.endpoint')}:{' '}
                  </Text>
                  {c.endpoint_url}
                </Text>
                <Text size="sm">
                  <Text span c="dimmed" size="sm">
                    {t('settings.jit.key')}:{' '}
                  </Text>
                  <Code>{`${c.key_prefix}…`}</Code>
                </Text>
                {!c.revoked_at && (
                  <Group gap="xs" justify="flex-end">
                    <Button size="xs" variant="light" loading={rotate.isPending && rotate.variables === c.id} onClick={() => rotate.mutate(c.id, { onSuccess: onKey, onError: (e) => setProblem(reasonOf(e)) })}>
                      {t('settings.jit.rotate')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" loading={revoke.isPending && revoke.variables === c.id} onClick={() => revoke.mutate(c.id, { onError: (e) => setProblem(reasonOf(e)) })}>
                      {t('settings.jit.revoke')}
                    </Button>
                  </Group>
                )}
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
        )}
      </SectionList>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <TextInput size="sm" label={t('settings.jit.name')} value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} data-testid="jit-name" />
        <Select size="sm" label={t('settings.jit.organisation')} data={organisationOptions} value={organisationId} onChange={setOrganisationId} searchable data-testid="jit-organisation" />
        <TextInput size="sm" label={t('settings.jit.endpoint')} placeholder="https://" value={endpointUrl} onChange={(e) => setEndpointUrl(e.currentTarget.value)} maxLength={500} data-testid="jit-endpoint" />
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={connect} disabled={!parsed.success} loading={create.isPending} data-testid="jit-connect">
          {t('settings.jit.connect')}
        </Button>
      </Group>
    </SettingsSection>
  );
}
