// Download the tasks of the current tab and filter as a CSV file or an Excel workbook.
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TTaskFilter } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { taskDownloadUrl } from '../api/download-tasks';
import type { TTaskType } from '../api/get-tasks';

export function TaskDownloads({ type, filter, timeZone }: { type: TTaskType; filter: TTaskFilter; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Menu position="bottom-end" shadow="md" withinPortal>
      <Menu.Target>
        <Button variant="default" leftSection={<IconDownload size={18} />} rightSection={<IconChevronDown size={14} />} data-testid="task-download">
          {t('tasks.download')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component="a" href={taskDownloadUrl({ type, filter, format: 'csv', locale, timezone: timeZone })} download leftSection={<IconFileTypeCsv size={16} />} data-testid="task-download-csv">
          {t('tasks.download_csv')}
        </Menu.Item>
        <Menu.Item component="a" href={taskDownloadUrl({ type, filter, format: 'xlsx', locale, timezone: timeZone })} download leftSection={<IconFileSpreadsheet size={16} />} data-testid="task-download-xlsx">
          {t('tasks.download_xlsx')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
