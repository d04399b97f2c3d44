// The frame every report screen shares: heading, terminal choice, filters, one download menu, and the load states.
import { useState, type ReactNode } from 'react';
import { Alert, Center, Group, Loader, Paper, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE, type TTerminal } from '@quayline/domain';
import { PageHeader } from '@/components/ui/page-header';
import { useLinkedTerminals } from '@/lib/terminals';
import { ExportMenu } from '@/components/export-menu';
import type { TExportColumn, TExportRow } from '@/lib/export/export-table';

/** The first linked terminal unless the user picks another; its zone is the zone of the filters and the files. */
export function useReportTerminal() {
  const terminals = useLinkedTerminals();
  const [chosen, setChosen] = useState<number | null>(null);
  const terminal = terminals.data?.find((item) => item.id === chosen) ?? terminals.data?.[0] ?? null;
  return { terminals: terminals.data ?? [], terminal, timeZone: terminal?.time_zone ?? DEFAULT_TIMEZONE, choose: setChosen, isPending: terminals.isPending };
}

function TerminalSelect({ terminals, value, onChange }: { terminals: TTerminal[]; value: number | null; onChange: (id: number) => void }) {
  const { t } = useTranslation();
  if (terminals.length < 2) return null;
  return (
    <Select
      label={t('reports.terminal')}
      value={value === null ? null : String(value)}
      onChange={(next) => next && onChange(Number(next))}
      data={terminals.map((terminal) => ({ value: String(terminal.id), label: terminal.name }))}
      allowDeselect={false}
      w={{ base: '100%', xs: 260 }}
      data-testid="report-terminal"
    />
  );
}

type TFrameProps = {
  view: string;
  title: string;
  description: string;
  report: ReturnType<typeof useReportTerminal>;
  filters: ReactNode;
  downloads: { csv: string; xls: string } | null;
  /** The report's rows as shown, for the browser-side export menu (a paged report's page; the downloads hold every row). */
  exportTable?: { rows: TExportRow[]; columns: TExportColumn[]; fileName: string } | undefined;
  state: { isPending: boolean; isError: boolean; isEmpty: boolean; rowCount: number | null };
  children: ReactNode;
};

export function ReportFrame({ view, title, description, report, filters, downloads, exportTable, state, children }: TFrameProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid={`screen-${view}`}>
      <PageHeader title={title} description={description} />
      <Paper withBorder radius="lg" p="md">
        <Stack gap="sm">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TerminalSelect terminals={report.terminals} value={report.terminal?.id ?? null} onChange={report.choose} />
            {filters}
          </Group>
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="report-zone">
              {t('reports.time_zone_note', { zone: report.timeZone })}
              {state.rowCount !== null && ` · ${t('reports.row_count', { count: state.rowCount })}`}
            </Text>
            {downloads && (
              // One menu: the rows on screen in seven formats, and the server's file of every row as CSV or Excel.
              <ExportMenu
                rows={exportTable?.rows ?? []}
                columns={exportTable?.columns ?? []}
                {...(exportTable ? { fileName: exportTable.fileName } : {})}
                tableLabel={title}
                size="sm"
                testId="report-export"
                serverDownloads={{ csv: downloads.csv, xlsx: downloads.xls, totalCount: state.rowCount }}
              />
            )}
          </Group>
        </Stack>
      </Paper>
      {state.isPending ? (
        <Center py="xl">
          <Loader type="dots" color="harbor" aria-label={t('app.loading')} />
        </Center>
      ) : state.isError ? (
        <Alert color="red" role="alert" data-testid="report-error">
          {t('reports.load_failed')}
        </Alert>
      ) : state.isEmpty ? (
        <Paper withBorder radius="lg" p="lg">
          <Text c="dimmed" ta="center" data-testid="report-empty">
            {t('reports.empty')}
          </Text>
        </Paper>
      ) : (
        children
      )}
    </Stack>
  );
}

/** A labelled value of a report card on a phone. */
/** A report table's vessel cell: the vessel's name over its operator's. */
export function VesselCell({ vesselName, operatorName }: { vesselName: string; operatorName: string }) {
  return (
    <Table.Td>
      <Text size="sm" fw={600}>
        {vesselName}
      </Text>
      <Text size="xs" c="dimmed">
        {operatorName}
      </Text>
    </Table.Td>
  );
}

export function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ta="right" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Group>
  );
}

/**
 * The wide-screen table of a row report (phones get cards instead): a region a keyboard user can scroll sideways once
 * it takes the focus (long German headers), the column headers, and the screen's rows as `children`.
 */
export function ReportTable({ label, testId, headers, children }: { label: string; testId: string; headers: readonly string[]; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" visibleFrom="md" style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
      <Table striped highlightOnHover verticalSpacing="xs" fz="sm" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((header) => (
              <Table.Th key={header}>{header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </Paper>
  );
}
