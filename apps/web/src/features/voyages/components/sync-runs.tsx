// The terminal's recent sync runs, newest first; each opens to the list of what it changed (before -> after).
import { useState } from 'react';
import { Anchor, Badge, Button, Center, Collapse, Group, Loader, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TSyncChange, TSyncRun } from '@quayline/domain';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useSyncRuns } from '../api/get-sync-runs';
import { changeKindKey, OUTCOME_COLOURS, outcomeKey, SOURCE_COLOURS, sourceLabel, triggerKey } from '../utils/labels';
import { ChangeCounts } from './change-counts';

function ChangeRow({ change, timeZone }: { change: TSyncChange; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const shown = (value: string | null) => (value && !Number.isNaN(Date.parse(value)) && /T/.test(value) ? formatZonedDateTime(value, timeZone, locale) : (value ?? '–'));
  return (
    <Table.Tr data-testid="sync-change" data-kind={change.kind}>
      <Table.Td>{t(changeKindKey(change.kind))}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          {change.voyage_id !== null && (
            <Anchor component={Link} to={`/${locale}/voyage-center/voyages/edit?id=${change.voyage_id}`} size="sm" data-testid="sync-change-voyage">
              {t('voyageCenter.runs.voyage_link', { id: change.voyage_id })}
            </Anchor>
          )}
          {change.portcall_id !== null && (
            <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${change.portcall_id}`} size="sm" data-testid="sync-change-portcall">
              {t('voyageCenter.runs.portcall_link', { id: change.portcall_id })}
            </Anchor>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{change.time ? t(`portcalls.times.${change.time}`) : ''}</Table.Td>
      <Table.Td data-testid="sync-change-values" style={{ whiteSpace: 'nowrap' }}>
        {change.before !== null || change.after !== null ? `${shown(change.before)} → ${shown(change.after)}` : ''}
      </Table.Td>
      <Table.Td c="dimmed">{change.note ?? ''}</Table.Td>
    </Table.Tr>
  );
}

function RunItem({ run, timeZone }: { run: TSyncRun; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [isOpen, setOpen] = useState(false);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="sync-run" data-run-id={run.id}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={600}>
              {formatZonedDateTime(run.started_at, timeZone, locale)}
            </Text>
            <Badge size="sm" variant="light" color={SOURCE_COLOURS[run.source]}>
              {sourceLabel(t, run.source)}
            </Badge>
            <Badge size="sm" variant="outline" color="gray">
              {t(triggerKey(run.trigger))}
            </Badge>
            <Badge size="sm" variant="light" color={OUTCOME_COLOURS[run.outcome]} data-testid="sync-run-outcome">
              {t(outcomeKey(run.outcome))}
            </Badge>
          </Group>
          {run.changes.length > 0 && (
            <Button size="compact-sm" variant="subtle" onClick={() => setOpen((open) => !open)} aria-expanded={isOpen} data-testid="sync-run-toggle">
              {isOpen ? t('voyageCenter.runs.hide_changes') : t('voyageCenter.runs.show_changes', { count: run.changes.length })}
            </Button>
          )}
        </Group>
        {run.error && (
          <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }} data-testid="sync-run-error">
            {run.error}
          </Text>
        )}
        {run.is_unreadable ? (
          <Text size="sm" c="orange.8" data-testid="sync-run-unreadable">
            {t('voyageCenter.runs.unreadable', { id: run.id })}
          </Text>
        ) : (
          <ChangeCounts changes={run.changes} testId="sync-run-counts" />
        )}
        <Collapse in={isOpen}>
          {isOpen && (
            <Table.ScrollContainer minWidth={640} type="native">
              <Table fz="sm" verticalSpacing={4} data-testid="sync-run-changes">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('voyageCenter.runs.kind')}</Table.Th>
                    <Table.Th>{t('voyageCenter.runs.record')}</Table.Th>
                    <Table.Th>{t('voyageCenter.runs.time')}</Table.Th>
                    <Table.Th>{t('voyageCenter.runs.before_after')}</Table.Th>
                    <Table.Th>{t('voyageCenter.runs.note')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {run.changes.map((change, index) => (
                    <ChangeRow key={index} change={change} timeZone={timeZone} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Collapse>
      </Stack>
    </Paper>
  );
}

export function SyncRuns({ terminalId, timeZone }: { terminalId: number; timeZone: string }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const runs = useSyncRuns(terminalId, page);
  return (
    <SectionCard id="sync-runs-title" title={t('voyageCenter.runs.title')} icon={<IconHistory size={20} />} testId="sync-runs">
      {runs.isPending ? (
        <Center py="md">
          <Loader type="dots" color="harbor" aria-label={t('app.loading')} />
        </Center>
      ) : runs.isError ? (
        <Text size="sm" c="red.8" role="alert">
          {t('voyageCenter.runs.load_failed')}
        </Text>
      ) : runs.data.items.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="sync-runs-empty">
          {t('voyageCenter.runs.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {runs.data.items.map((run) => (
            <RunItem key={run.id} run={run} timeZone={timeZone} />
          ))}
          {runs.data.meta.total_pages > 1 && (
            <Center>
              <Pagination total={runs.data.meta.total_pages} value={page} onChange={setPage} size="sm" data-testid="sync-runs-pagination" />
            </Center>
          )}
        </Stack>
      )}
    </SectionCard>
  );
}
