// portcall_kpis: the KPIs chosen in portcall_kpi_settings for recent and current calls, 6 a page, with a chooser.
import { useState } from 'react';
import { Anchor, Center, MultiSelect, Pagination, Table, Text } from '@mantine/core';
import { IconGauge } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PORTCALL_KPIS, type TPortcallKpi } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { statusKey } from '@/entities/portcall/enum-labels';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { usePortcallKpis } from '../api/get-portcall-kpis';
import { useDashboardSettings } from '../hooks/use-dashboard-settings';
import { formatKpi, kpiKey } from '@/lib/kpi-format';
import { WidgetFrame } from './widget-frame';

export function PortcallKpisWidget() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { zoneOf } = useTerminalTimeZones();
  const { portcallKpis, save } = useDashboardSettings();
  const [page, setPage] = useState(1);
  const kpis = PORTCALL_KPIS.filter((k) => portcallKpis.includes(k));
  const list = usePortcallKpis({ page, kpis });
  const meta = list.data?.meta;
  const chooser = (
    <MultiSelect
      size="xs"
      w={{ base: '100%', sm: 360 }}
      aria-label={t('dashboard.portcall_kpis.chooser')}
      placeholder={t('dashboard.portcall_kpis.chooser')}
      data={PORTCALL_KPIS.map((k) => ({ value: k, label: t(kpiKey(k)) }))}
      value={kpis}
      onChange={(value) => {
        setPage(1);
        save({ portcall_kpi_settings: PORTCALL_KPIS.filter((k) => value.includes(k)) });
      }}
      data-testid="portcall-kpis-chooser"
    />
  );
  return (
    <WidgetFrame widget="portcall_kpis" icon={<IconGauge size={20} />} actions={chooser} state={kpis.length > 0 ? { isPending: list.isPending, isError: list.isError, retry: () => void list.refetch() } : undefined}>
      {kpis.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="portcall-kpis-none">
          {t('dashboard.portcall_kpis.none_chosen')}
        </Text>
      ) : list.data && list.data.items.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="portcall-kpis-empty">
          {t('dashboard.portcall_kpis.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} type="native">
          <Table verticalSpacing="xs" data-testid="portcall-kpis-table" style={{ opacity: list.isPlaceholderData ? 0.7 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.portcall_kpis.vessel')}</Table.Th>
                <Table.Th>{t('dashboard.portcall_kpis.arrival')}</Table.Th>
                {(meta?.kpis ?? kpis).map((k) => (
                  <Table.Th key={k} ta="right">
                    {t(kpiKey(k as TPortcallKpi))}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data?.items.map((item) => (
                <Table.Tr key={item.portcall_id} data-testid="portcall-kpis-row">
                  <Table.Td>
                    <Anchor component={Link} to={`/${locale}/portcall-planner/details?id=${item.portcall_id}`} size="sm" fw={600}>
                      {item.vessel_name}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      {item.vessel_operator_name} · {t(statusKey(item.status as Parameters<typeof statusKey>[0]), { defaultValue: item.status })}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatZonedDateTime(item.berth_arrival, zoneOf(item.terminal_id), locale)}</Text>
                  </Table.Td>
                  {item.kpis.map((v) => (
                    <Table.Td key={v.kpi} ta="right" style={{ whiteSpace: 'nowrap' }} data-testid={`kpi-${v.kpi}`}>
                      {formatKpi(t, locale, v.value, v.unit)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {meta && meta.total_pages > 1 && (
        <Center>
          <Pagination total={meta.total_pages} value={page} onChange={setPage} size="sm" getControlProps={(control) => ({ 'aria-label': t(`tasks.page_${control}`) })} data-testid="portcall-kpis-pagination" />
        </Center>
      )}
    </WidgetFrame>
  );
}
