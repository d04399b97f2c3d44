// The list of port calls: a table on wide screens, cards under the mobile breakpoint; a row opens the details, its pin
// button only pins (the pinned state of every row comes from the one cached watch-list query).
import type { ReactNode } from 'react';
import { Anchor, Box, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowUp } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX, type TChangeLabel, type TPortcall } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';
import { PinButton } from '@/components/pin-button';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useVesselTypeText } from '@/entities/portcall/use-vessel-type-text';
import { OpenTaskBadge, StatusBadge, TimeLabelBadge } from '@/entities/portcall/portcall-badges';
import { changeLabelKey } from '@/entities/portcall/enum-labels';
import { PredictedArrivalBadge } from '@/entities/portcall/predicted-arrival-badge';
import { PriseStatusBadge } from '../prise/prise-badges';
import { PriseStepCell } from '../prise/prise-step-badge';
import classes from './portcall-table.module.css';

const ROUTINE_CHANGES = new Set<TChangeLabel>(['created', 'newly created']);

/** `isStale`: the rows shown are the previous filter's or page's while the asked-for ones load. */
type TPortcallTableProps = { portcalls: TPortcall[]; timeZone: string; isStale: boolean };

function TimeCell({ value, state, timeZone, prediction }: { value: string; state: TPortcall['berth_arrival_state']; timeZone: string; prediction?: TPortcall['predicted_berth_arrival'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap={2}>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatZonedDateTime(value, timeZone, locale)}
      </Text>
      <TimeLabelBadge label={state.label} />
      {/* The routine change labels (created, newly created) say nothing to act on here; the details keep them. A change to
          act on goes on its own line, so the column stays narrow. */}
      {state.change_label && !ROUTINE_CHANGES.has(state.change_label) && (
        <Text size="xs" c="dimmed" data-change-label={state.change_label}>
          {t(changeLabelKey(state.change_label))}
        </Text>
      )}
      {prediction && <PredictedArrivalBadge prediction={prediction} timeZone={timeZone} />}
    </Stack>
  );
}

function usePositionText() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (p: TPortcall) =>
    p.berth_start_position !== null && p.berth_end_position !== null
      ? t('portcalls.position_range', { start: formatNumber(p.berth_start_position, locale, 0), end: formatNumber(p.berth_end_position, locale, 0) })
      : t('portcalls.not_set');
}

export function PortcallTable({ portcalls, timeZone, isStale }: TPortcallTableProps) {
  const isMobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
  return (
    <Box style={{ opacity: isStale ? 0.7 : 1, transition: 'opacity 120ms' }} data-stale={String(isStale)} data-testid="portcall-list">
      {isMobile ? <PortcallCards portcalls={portcalls} timeZone={timeZone} /> : <PortcallRows portcalls={portcalls} timeZone={timeZone} />}
    </Box>
  );
}

function detailsPath(locale: string, id: number) {
  return `/${locale}/portcall-planner/details?id=${id}`;
}

function PortcallRows({ portcalls, timeZone }: { portcalls: TPortcall[]; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const positionText = usePositionText();
  const vesselTypeText = useVesselTypeText();
  const dash = t('portcalls.not_set');
  return (
    <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
      {/* Fits a 1440 px desktop without a sideways scroll: tight cell padding, vessel facts and badges wrap. */}
      <Table.ScrollContainer minWidth={880} type="native">
        <Table className={classes.table} highlightOnHover verticalSpacing="sm" horizontalSpacing="xs" striped={false} layout="auto">
          <Table.Thead bg="gray.0">
            <Table.Tr>
              <Table.Th>{t('portcalls.fields.vessel_id')}</Table.Th>
              <Table.Th>{t('portcalls.list.status')}</Table.Th>
              <Table.Th aria-sort="ascending">
                <Group gap={4} wrap="nowrap">
                  {t('portcalls.fields.berth_arrival')}
                  <IconArrowUp size={14} aria-label={t('portcalls.list.sorted_by_arrival')} />
                </Group>
              </Table.Th>
              <Table.Th>{t('portcalls.fields.berth_departure')}</Table.Th>
              <Table.Th>{t('portcalls.sections.parties')}</Table.Th>
              <Table.Th>{t('portcalls.list.voyage')}</Table.Th>
              <Table.Th>{t('portcalls.list.position')}</Table.Th>
              <Table.Th>{t('portcalls.list.prise_column')}</Table.Th>
              {/* Positioned, so the hidden text (absolute) stays inside the scrolling table instead of widening the page. */}
              <Table.Th pos="relative">
                <VisuallyHidden>{t('dashboard.pin.pin_short')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {portcalls.map((p) => (
              <Table.Tr key={p.id} onClick={() => void navigate(detailsPath(locale, p.id))} style={{ cursor: 'pointer' }} data-testid="portcall-row" data-portcall-id={p.id}>
                <Table.Td>
                  <Anchor component={Link} to={detailsPath(locale, p.id)} fw={600} c="navy.9" onClick={(event) => event.stopPropagation()} className={classes.vesselName}>
                    {p.vessel_name}
                  </Anchor>
                  <Group gap={6} wrap="wrap" mt={2} maw={260}>
                    <Text size="xs" c="dimmed" data-testid="portcall-vessel-meta">
                      {t('portcalls.vessel_meta', { imo: p.imo_number, type: vesselTypeText(p.vessel_type) })}
                    </Text>
                    {p.is_open_task && <OpenTaskBadge />}
                  </Group>
                </Table.Td>
                <Table.Td className={classes.statusCell}>
                  <StatusBadge status={p.status} />
                </Table.Td>
                <Table.Td>
                  <TimeCell value={p.berth_arrival} state={p.berth_arrival_state} timeZone={timeZone} prediction={p.predicted_berth_arrival} />
                </Table.Td>
                <Table.Td>
                  <TimeCell value={p.berth_departure} state={p.berth_departure_state} timeZone={timeZone} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={p.vessel_operator} style={{ whiteSpace: 'nowrap' }}>
                    {p.vessel_operator_code}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {p.agent_code ?? dash}
                  </Text>
                </Table.Td>
                <Table.Td>
                  {/* Import above export: two short lines instead of one wide one. */}
                  {p.voyage_number_import || p.voyage_number_export ? (
                    <Stack gap={0}>
                      {[p.voyage_number_import, p.voyage_number_export].filter(Boolean).map((v) => (
                        <Text key={v} size="sm" style={{ whiteSpace: 'nowrap' }}>
                          {v}
                        </Text>
                      ))}
                    </Stack>
                  ) : (
                    <Text size="sm">{dash}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" miw={72}>
                    {positionText(p)}
                  </Text>
                </Table.Td>
                <Table.Td className={classes.statusCell}>
                  <PriseStepCell portcall={p} timeZone={timeZone} />
                </Table.Td>
                {/* The click stops here so pinning does not also open the row. */}
                <Table.Td w={40} px={4} onClick={(event) => event.stopPropagation()}>
                  <PinButton portcallId={p.id} vesselName={p.vessel_name} variant="icon" />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function CardLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Box style={{ textAlign: 'right', minWidth: 0 }}>{children}</Box>
    </Group>
  );
}

function PortcallCards({ portcalls, timeZone }: { portcalls: TPortcall[]; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const positionText = usePositionText();
  const vesselTypeText = useVesselTypeText();
  return (
    <Stack gap="sm">
      {portcalls.map((p) => (
        // The pin sits beside the card's link, not inside it: a button inside a link is invalid and would navigate too.
        <Box key={p.id} pos="relative">
          <Paper
            component={Link}
            to={detailsPath(locale, p.id)}
            withBorder
            radius="lg"
            p="sm"
            style={{ textDecoration: 'none', color: 'inherit', display: 'block' }}
            data-testid="portcall-row"
            data-portcall-id={p.id}
          >
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Box style={{ minWidth: 0 }}>
                  <Text fw={650} c="navy.9" truncate>
                    {p.vessel_name}
                  </Text>
                  <Text size="xs" c="dimmed" data-testid="portcall-vessel-meta">
                    {t('portcalls.vessel_meta', { imo: p.imo_number, type: vesselTypeText(p.vessel_type) })} · {p.vessel_operator_code}
                    {p.agent_code ? ` · ${p.agent_code}` : ''}
                  </Text>
                </Box>
                <Stack gap={4} align="flex-end" pr={36}>
                  <Group gap={4} wrap="nowrap">
                    {p.prise_status && !p.prise_step && <PriseStatusBadge status={p.prise_status} isCompact />}
                    <StatusBadge status={p.status} />
                  </Group>
                  {p.is_open_task && <OpenTaskBadge />}
                </Stack>
              </Group>
              <CardLine label={t('portcalls.fields.berth_arrival')}>
                <Group gap={6} justify="flex-end" wrap="wrap">
                  <Text size="sm">{formatZonedDateTime(p.berth_arrival, timeZone, locale)}</Text>
                  <TimeLabelBadge label={p.berth_arrival_state.label} />
                  <PredictedArrivalBadge prediction={p.predicted_berth_arrival} timeZone={timeZone} />
                </Group>
              </CardLine>
              <CardLine label={t('portcalls.fields.berth_departure')}>
                <Group gap={6} justify="flex-end" wrap="wrap">
                  <Text size="sm">{formatZonedDateTime(p.berth_departure, timeZone, locale)}</Text>
                  <TimeLabelBadge label={p.berth_departure_state.label} />
                </Group>
              </CardLine>
              <CardLine label={t('portcalls.list.position')}>
                <Text size="sm">{positionText(p)}</Text>
              </CardLine>
              {p.prise_step && (
                <CardLine label={t('portcalls.list.prise_column')}>
                  <PriseStepCell portcall={p} timeZone={timeZone} />
                </CardLine>
              )}
            </Stack>
          </Paper>
          <Box pos="absolute" top={10} right={10}>
            <PinButton portcallId={p.id} vesselName={p.vessel_name} variant="icon" />
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
