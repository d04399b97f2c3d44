// The one way to download on a screen: an "Export" menu with the rows on screen as a file built in the browser (seven
// formats) and, where the server has a download of every matching row, links to it in the same menu.
import { useState } from 'react';
import { Button, Menu, Text, type MantineSize } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBraces, IconChevronDown, IconCode, IconDatabaseExport, IconFileSpreadsheet, IconFileText, IconFileTypeCss, IconFileTypeCsv, IconFileTypeHtml, IconTableExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadBlob } from '@/lib/export/download-file';
import { ExportError } from '@/lib/export/export-errors';
import { EXPORT_FORMATS, exportTable, type TExportColumn, type TExportFormat, type TExportRow } from '@/lib/export/export-table';

const FORMAT_ICONS: Record<TExportFormat, typeof IconFileText> = {
  csv: IconFileTypeCsv,
  xlsx: IconFileSpreadsheet,
  json: IconBraces,
  html: IconFileTypeHtml,
  xml: IconCode,
  txt: IconFileText,
  css: IconFileTypeCss,
};

/** Server downloads of every row matching the filters (not only the page shown), as ready-made URLs. */
export type TServerDownloads = { csv: string; xlsx: string; /** How many rows they hold, for the menu's label; null when the screen does not know. */ totalCount: number | null };

type TExportMenuProps = {
  /** The rows as the user sees them: texts already formatted (times in the terminal's zone, translated labels). */
  rows: TExportRow[];
  /** The visible columns, headed in the user's language. */
  columns: TExportColumn[];
  /** Names the table for screen readers ("Export table: Port calls"). */
  tableLabel: string;
  /** Without extension; default `download`. */
  fileName?: string;
  serverDownloads?: TServerDownloads | undefined;
  testId?: string;
  /** To match the buttons beside it. */
  size?: MantineSize;
};

export function ExportMenu({ rows, columns, tableLabel, fileName, serverDownloads, testId = 'export', size }: TExportMenuProps) {
  const { t } = useTranslation();
  const [busyFormat, setBusyFormat] = useState<TExportFormat | null>(null);
  // A screen with only server downloads (no table columns to build a file from) shows just those.
  const hasRowsShown = columns.length > 0;

  const exportAs = async (format: TExportFormat) => {
    setBusyFormat(format);
    const fail = (message: string) => notifications.show({ color: 'red', message, ...({ 'data-testid': `${testId}-error` } as object) });
    try {
      // A BOM so Excel, which opens most csv files by double-click, reads umlauts and accents as UTF-8.
      const file = await exportTable({ data: rows, columns, format, withBom: format === 'csv', ...(fileName ? { fileName } : {}) });
      try {
        downloadBlob(file.blob, file.fileName);
      } catch (error) {
        // A browser or policy that forbids saving files from the page (object URLs refused).
        console.error(error);
        fail(t('export.errors.download_failed'));
      }
    } catch (error) {
      fail(error instanceof ExportError ? t(error.translationKey, { type: error.type }) : t('export.failed'));
    } finally {
      setBusyFormat(null);
    }
  };

  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button
          variant="default"
          size={size}
          leftSection={<IconTableExport size={18} />}
          rightSection={<IconChevronDown size={14} />}
          loading={busyFormat !== null}
          aria-label={t('export.button_label', { table: tableLabel })}
          data-testid={testId}
        >
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid={`${testId}-menu`}>
        {hasRowsShown && (
          <>
            <Menu.Label>{t('export.rows_shown', { count: rows.length })}</Menu.Label>
            {rows.length === 0 && (
              // Said in the menu rather than by a greyed-out button, which cannot tell why.
              <Text size="sm" c="dimmed" px="sm" pb={4} maw={260} data-testid={`${testId}-empty`}>
                {t('export.errors.empty')}
              </Text>
            )}
            {EXPORT_FORMATS.map((format) => {
              const Icon = FORMAT_ICONS[format];
              return (
                <Menu.Item key={format} leftSection={<Icon size={16} />} disabled={rows.length === 0} onClick={() => void exportAs(format)} data-testid={`${testId}-${format}`}>
                  {t(`export.formats.${format}`)}
                </Menu.Item>
              );
            })}
          </>
        )}
        {serverDownloads && (
          <>
            {hasRowsShown && <Menu.Divider />}
            <Menu.Label>{serverDownloads.totalCount === null ? t('export.all_rows_any') : t('export.all_rows', { count: serverDownloads.totalCount })}</Menu.Label>
            <Menu.Item component="a" href={serverDownloads.csv} download leftSection={<IconDatabaseExport size={16} />} data-testid={`${testId}-all-csv`}>
              {t('export.formats.csv')}
            </Menu.Item>
            <Menu.Item component="a" href={serverDownloads.xlsx} download leftSection={<IconDatabaseExport size={16} />} data-testid={`${testId}-all-xlsx`}>
              {t('export.formats.xlsx')}
            </Menu.Item>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
