// Shown when a save met a newer version (409): what the other person saved, and a way to load it. Nothing is overwritten.
import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconRefresh, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TConflictRow = { field: string; label: string; theirs: string; yours?: string | undefined };

type TConflictNoticeProps = { rows: TConflictRow[]; onLoadLatest: () => void; testId: string };

export function ConflictNotice({ rows, onLoadLatest, testId }: TConflictNoticeProps) {
  const { t } = useTranslation();
  const hasYours = rows.some((row) => row.yours !== undefined);
  return (
    <Alert color="orange" variant="light" radius="md" icon={<IconUsers size={20} />} title={t('portcalls.conflict.title')} role="alert" data-testid={testId}>
      <Stack gap="sm">
        <Text size="sm">{t('portcalls.conflict.description')}</Text>
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={hasYours ? 420 : 280} type="native">
            <Table withRowBorders={false} verticalSpacing={4} horizontalSpacing="xs" fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('portcalls.conflict.field')}</Table.Th>
                  <Table.Th>{t('portcalls.conflict.theirs')}</Table.Th>
                  {hasYours && <Table.Th>{t('portcalls.conflict.yours')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.field} data-testid={`${testId}-row`} data-field={row.field}>
                    <Table.Td fw={600}>{row.label}</Table.Td>
                    <Table.Td data-testid={`${testId}-theirs`}>{row.theirs}</Table.Td>
                    {hasYours && <Table.Td c="dimmed">{row.yours ?? ''}</Table.Td>}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        <Group gap="sm">
          <Button size="sm" color="orange" leftSection={<IconRefresh size={16} />} onClick={onLoadLatest} data-testid={`${testId}-load-latest`}>
            {t('portcalls.conflict.load_latest')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
