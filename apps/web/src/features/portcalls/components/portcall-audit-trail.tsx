// The audit trail (GET /portcall_audit): created, revised and accepted events with the old and the new value.
import { useState } from 'react';
import { Badge, Group, Loader, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconArrowRight, IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAuditEvent, TPortcall } from '@quayline/domain';
import { ExportMenu } from '@/components/export-menu';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { usePortcallAudit } from '../api/get-portcall-audit';
import { auditServerDownloads, useAuditExport } from '../hooks/use-portcall-export';
import { recordNamesOf, useValueText } from '../hooks/use-value-text';
import { auditEventKey, fieldKey } from '@/entities/portcall/enum-labels';

const EVENT_COLOURS: Record<TAuditEvent['event_type'], string> = { created: 'blue', revised: 'orange', accepted: 'green' };

export function PortcallAuditTrail({ portcall, timeZone }: { portcall: TPortcall; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const audit = usePortcallAudit(portcall.id, page);
  const names = recordNamesOf(portcall);
  const valueText = useValueText(timeZone, names);
  const events = audit.data?.items ?? [];
  const meta = audit.data?.meta;
  const exportTable = useAuditExport(events, timeZone, names);

  return (
    <SectionCard id="audit-title" title={t('portcalls.audit.title')} icon={<IconClipboardList size={22} stroke={1.6} color="var(--mantine-color-harbor-7)" />} testId="portcall-audit"
      isHeaderWrapping
      actions={
        <ExportMenu
          rows={exportTable.rows}
          columns={exportTable.columns}
          tableLabel={t('portcalls.audit.title')}
          fileName={`portcall-${portcall.id}-audit`}
          serverDownloads={meta && meta.total_count > 0 ? auditServerDownloads(portcall.id, timeZone, meta.total_count, locale) : undefined}
          testId="audit-export"
        />
      }
    >
      {audit.isPending ? (
        <Loader size="sm" type="dots" aria-label={t('app.loading')} />
      ) : events.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('portcalls.audit.empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={760} type="native">
            <Table verticalSpacing="xs" fz="sm" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('portcalls.history.when')}</Table.Th>
                  <Table.Th>{t('portcalls.history.who')}</Table.Th>
                  <Table.Th>{t('portcalls.audit.event')}</Table.Th>
                  <Table.Th>{t('portcalls.audit.field')}</Table.Th>
                  <Table.Th>{t('portcalls.audit.change')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {events.map((event) => {
                  const key = fieldKey(event.field);
                  const isCreation = event.field === 'portcall';
                  return (
                    <Table.Tr key={event.id} data-testid="audit-row" data-event={event.event_type} data-field={event.field}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatZonedDateTime(event.created_at, timeZone, locale)}</Table.Td>
                      <Table.Td data-testid="audit-who">
                        {/* A change made while acting for a colleague names both: who really did it, and for whom. */}
                        {event.acting_for ? (
                          <Text size="sm" data-testid="audit-acting-for">
                            {t('portcalls.audit.actor_for', { actor: event.actor.name, person: event.acting_for.name })}
                          </Text>
                        ) : (
                          <Text size="sm">{event.actor.name}</Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={EVENT_COLOURS[event.event_type]} variant="light" radius="sm" size="sm" miw="max-content">
                          {t(auditEventKey(event.event_type))}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{key ? t(key) : event.field}</Table.Td>
                      <Table.Td>
                        {isCreation ? (
                          <Text size="sm">{valueText(event.field, event.new_value)}</Text>
                        ) : (
                          <Group gap={6} wrap="wrap">
                            <Text size="sm" c="dimmed" td="line-through">
                              {valueText(event.field, event.old_value)}
                            </Text>
                            <IconArrowRight size={14} aria-label={t('portcalls.audit.became')} />
                            <Text size="sm">{valueText(event.field, event.new_value)}</Text>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {meta && meta.total_pages > 1 && <Pagination total={meta.total_pages} value={meta.page} onChange={setPage} size="sm" />}
        </Stack>
      )}
    </SectionCard>
  );
}
