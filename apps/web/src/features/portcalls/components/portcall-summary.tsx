// Every field of a port call, grouped: vessel, parties, berth times, pilot boarding, berth position, voyage, cargo, comments.
import { type ReactNode, useState } from 'react';
import { Box, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAnchor, IconBox, IconCalendarTime, IconClock, IconMapPin, IconMessage, IconPencil, IconRoute, IconShip, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { VESSEL_CHARACTERISTICS, cargoOperationsHours, cargoTotal, type TPortcall, type TTerminalDetail } from '@quayline/domain';
import { formatDuration, formatNumber } from '@/lib/number-format';
import { SectionCard } from '@/components/ui/section-card';
import { useLocale } from '@/hooks/use-locale';
import { organisationLabel, withUnit } from '@/lib/record-labels';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useVesselTypeText } from '@/entities/portcall/use-vessel-type-text';
import { useDetailedVesselTypeText } from '@/entities/vessel/detailed-vessel-type';
import { VesselTypeDialog } from '@/entities/vessel/vessel-type-dialog';
import { cargoTypeKey, characteristicKey, colourKey, orientationKey, portcallTypeKey, priseStatusKey, quantityStatusKey, unitKey } from '@/entities/portcall/enum-labels';
import { TimeLabelBadge } from '@/entities/portcall/portcall-badges';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children}
      </Box>
    </Stack>
  );
}

/** The value a time had before its last change ("was 08:00"), when it changed. */
function PreviousTime({ iso, when, testId }: { iso: string | null; when: (iso: string | null) => string; testId?: string }) {
  const { t } = useTranslation();
  if (!iso) return null;
  return (
    <Text size="xs" c="dimmed" data-testid={testId}>
      {t('portcalls.previous_value', { time: when(iso) })}
    </Text>
  );
}

const iconProps = { size: 22, stroke: 1.6, color: 'var(--mantine-color-harbor-7)' } as const;

export function PortcallSummary({ portcall: p, terminal, timeZone }: { portcall: TPortcall; terminal: TTerminalDetail | undefined; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dash = t('portcalls.not_set');
  const vesselTypeText = useVesselTypeText();
  const detailedVesselTypeText = useDetailedVesselTypeText();
  const [isVesselTypeOpen, setVesselTypeOpen] = useState(false);
  const when = (iso: string | null) => formatZonedDateTime(iso, timeZone, locale) || dash;
  const orText = (value: string | null) => (value && value.trim() ? value : dash);
  const bollardName = (id: number | null) => (id === null ? null : (terminal?.bollards.find((b) => b.id === id)?.name ?? null));
  const section = p.terminal_section_id === null ? null : terminal?.sections.find((s) => s.id === p.terminal_section_id);
  const startBollard = bollardName(p.berth_start_bollard_id);
  const endBollard = bollardName(p.berth_end_bollard_id);
  const cargoRows = p.cargo_details;
  const sums = cargoRows.reduce((acc, c) => ({ discharge: acc.discharge + c.discharge, load: acc.load + c.load, restow: acc.restow + c.restow }), { discharge: 0, load: 0, restow: 0 });
  const characteristics = p.vessel_characteristics.filter((c): c is (typeof VESSEL_CHARACTERISTICS)[number] => (VESSEL_CHARACTERISTICS as readonly string[]).includes(c));

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="md">
      <SectionCard id="summary-vessel" title={t('portcalls.sections.vessel')} icon={<IconShip {...iconProps} />} testId="summary-vessel">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('portcalls.fields.vessel_id')}>{p.vessel_name}</Field>
          <Field label={t('portcalls.imo_number')}>{p.imo_number}</Field>
          <Field label={t('portcalls.vessel_type')} testId="summary-vessel-type">
            {vesselTypeText(p.vessel_type)}
          </Field>
          <Field label={t('portcalls.vessel_type_detailed')} testId="summary-vessel-type-detailed">
            {detailedVesselTypeText(p.vessel_type_detailed) ?? dash}
          </Field>
          <Field label={t('portcalls.vessel_length')}>{t('portcalls.metres', { value: formatNumber(p.vessel_length_overall, locale, 1) })}</Field>
          <Field label={t('portcalls.fields.portcall_type')}>{t(portcallTypeKey(p.portcall_type))}</Field>
          <Field label={t('portcalls.fields.is_dummy')}>{p.is_dummy ? t('portcalls.yes') : t('portcalls.no')}</Field>
          <Field label={t('portcalls.fields.is_dummy_vessel')} testId="summary-dummy-vessel">
            {p.is_dummy_vessel ? t('portcalls.yes') : t('portcalls.no')}
          </Field>
          <Field label={t('portcalls.fields.vessel_characteristics')}>
            {characteristics.length ? characteristics.map((c) => t(characteristicKey(c))).join(', ') : t('portcalls.none')}
          </Field>
        </SimpleGrid>
        {/* Whoever sees a call answers for its vessel (the booking rule), so the server takes the change from them. */}
        <Group mt="sm">
          <Button variant="light" size="xs" leftSection={<IconPencil size={16} />} onClick={() => setVesselTypeOpen(true)} data-testid="vessel-type-edit">
            {t('portcalls.vessel_type_form.edit')}
          </Button>
        </Group>
        <VesselTypeDialog
          vessel={{ id: p.vessel_id, name: p.vessel_name, vessel_type: p.vessel_type, vessel_type_detailed: p.vessel_type_detailed }}
          opened={isVesselTypeOpen}
          onClose={() => setVesselTypeOpen(false)}
        />
      </SectionCard>

      <SectionCard id="summary-parties" title={t('portcalls.sections.parties')} icon={<IconUsers {...iconProps} />} testId="summary-parties">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('portcalls.fields.terminal_id')}>{p.terminal_name}</Field>
          <Field label={t('portcalls.fields.terminal_operator')} testId="summary-terminal-operator">
            {p.terminal_operator}
          </Field>
          <Field label={t('portcalls.fields.port')} testId="summary-port">
            {`${p.port_name} (${p.port_code})`}
          </Field>
          <Field label={t('portcalls.fields.vessel_operator_id')} testId="summary-operator">
            {organisationLabel({ code: p.vessel_operator_code, name: p.vessel_operator })}
          </Field>
          <Field label={t('portcalls.fields.agent_id')} testId="summary-agent">
            {p.agent_code ?? dash}
          </Field>
        </SimpleGrid>
      </SectionCard>

      <SectionCard id="summary-times" title={t('portcalls.sections.berth_times')} icon={<IconClock {...iconProps} />} testId="summary-times">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('portcalls.fields.berth_arrival')} testId="summary-berth-arrival">
            <Stack gap={4}>
              <span>{when(p.berth_arrival)}</span>
              <PreviousTime iso={p.previous_berth_arrival} when={when} testId="summary-previous-berth-arrival" />
              <TimeLabelBadge label={p.berth_arrival_state.label} change={p.berth_arrival_state.change_label} />
            </Stack>
          </Field>
          <Field label={t('portcalls.fields.berth_departure')} testId="summary-berth-departure">
            <Stack gap={4}>
              <span>{when(p.berth_departure)}</span>
              <PreviousTime iso={p.previous_berth_departure} when={when} />
              <TimeLabelBadge label={p.berth_departure_state.label} change={p.berth_departure_state.change_label} />
            </Stack>
          </Field>
          <Field label={t('portcalls.fields.cargo_operations_start')}>{when(p.cargo_operations_start)}</Field>
          <Field label={t('portcalls.fields.cargo_operations_end')}>{when(p.cargo_operations_end)}</Field>
          {p.predicted_berth_arrival && (
            <Field label={t('portcalls.predicted.title')} testId="summary-predicted-arrival">
              <Stack gap={2}>
                <span>{when(p.predicted_berth_arrival.predicted_time)}</span>
                <Text size="xs" c={p.predicted_berth_arrival.status === 'delayed' ? 'red.7' : 'dimmed'}>
                  {p.predicted_berth_arrival.status === 'on_time'
                    ? t('portcalls.predicted.on_time')
                    : t(`portcalls.predicted.${p.predicted_berth_arrival.status}`, { duration: formatDuration(p.predicted_berth_arrival.difference, t, locale) })}
                  {' · '}
                  {t(`portcalls.predicted.source_${p.predicted_berth_arrival.source}`)}
                </Text>
              </Stack>
            </Field>
          )}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('portcalls.times_in_zone', { zone: timeZone })}
        </Text>
      </SectionCard>

      <SectionCard id="summary-pilot" title={t('portcalls.sections.pilot_boarding')} icon={<IconMapPin {...iconProps} />} testId="summary-pilot">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('portcalls.fields.pilot_boarding_place_id')}>{orText(p.pilot_boarding_place_name)}</Field>
          <Box visibleFrom="xs" />
          <Field label={t('portcalls.fields.pilot_boarding_place_arrival')}>
            <Stack gap={4}>
              <span>{when(p.pilot_boarding_place_arrival)}</span>
              <PreviousTime iso={p.previous_pilot_boarding_place_arrival} when={when} />
              <TimeLabelBadge label={p.pilot_boarding_place_arrival_state.label} change={p.pilot_boarding_place_arrival_state.change_label} />
            </Stack>
          </Field>
          <Field label={t('portcalls.fields.pilot_boarding_place_departure')}>
            <Stack gap={4}>
              <span>{when(p.pilot_boarding_place_departure)}</span>
              <PreviousTime iso={p.previous_pilot_boarding_place_departure} when={when} />
              <TimeLabelBadge label={p.pilot_boarding_place_departure_state.label} change={p.pilot_boarding_place_departure_state.change_label} />
            </Stack>
          </Field>
        </SimpleGrid>
      </SectionCard>

      <SectionCard id="summary-position" title={t('portcalls.sections.berth_position')} icon={<IconAnchor {...iconProps} />} testId="summary-position">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('portcalls.list.position')} testId="summary-position-range">
            {p.berth_start_position !== null && p.berth_end_position !== null
              ? t('portcalls.position_range', { start: formatNumber(p.berth_start_position, locale, 0), end: formatNumber(p.berth_end_position, locale, 0) })
              : dash}
          </Field>
          <Field label={t('portcalls.bollards')} testId="summary-bollards">
            {startBollard && endBollard ? t('portcalls.bollard_range', { start: startBollard, end: endBollard }) : dash}
          </Field>
          <Field label={t('portcalls.section')}>{section ? section.name : dash}</Field>
          <Field label={t('portcalls.fields.berth_orientation')}>{p.berth_orientation ? t(orientationKey(p.berth_orientation)) : dash}</Field>
          <Field label={t('portcalls.fields.is_bollards_linked')}>{p.is_bollards_linked ? t('portcalls.yes') : t('portcalls.no')}</Field>
          <Field label={t('portcalls.fields.card_colour')}>
            {t(colourKey(p.card_colour))}
          </Field>
        </SimpleGrid>
        <Field label={t('portcalls.fields.berth_comment')}>{orText(p.berth_comment)}</Field>
      </SectionCard>

      <SectionCard id="summary-voyage" title={t('portcalls.sections.voyage')} icon={<IconRoute {...iconProps} />} testId="summary-voyage">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Field label={t('portcalls.fields.service_name')}>{orText(p.service_name)}</Field>
          <Box visibleFrom="xs" />
          <Field label={t('portcalls.fields.voyage_number_import')} testId="summary-voyage-import">
            {orText(p.voyage_number_import)}
          </Field>
          <Field label={t('portcalls.fields.voyage_number_export')}>{orText(p.voyage_number_export)}</Field>
          <Field label={t('portcalls.fields.previous_port_id')}>{orText(p.previous_port)}</Field>
          <Field label={t('portcalls.fields.next_port_id')}>{orText(p.next_port)}</Field>
          <Field label={t('portcalls.fields.draft_inbound')}>{t('portcalls.metres', { value: formatNumber(p.draft_inbound, locale, 1) })}</Field>
          <Field label={t('portcalls.fields.draft_outbound')}>{t('portcalls.metres', { value: formatNumber(p.draft_outbound, locale, 1) })}</Field>
          <Field label={t('portcalls.fields.voyage_name')} testId="summary-voyage-name">
            {orText(p.voyage_name)}
          </Field>
          <Field label={t('portcalls.fields.zone')} testId="summary-zone">
            {orText(p.zone)}
          </Field>
          <Field label={t('portcalls.fields.prise_status')} testId="summary-prise-status">
            {p.prise_status ? t(priseStatusKey(p.prise_status)) : dash}
          </Field>
          <Field label={t('portcalls.fields.prise_code')} testId="summary-prise-code">
            {orText(p.prise_code)}
          </Field>
          <Field label={t('portcalls.fields.schedule_syncable')}>{p.schedule_syncable ? t('portcalls.yes') : t('portcalls.no')}</Field>
        </SimpleGrid>
        <Field label={t('portcalls.fields.prise_message')} testId="summary-prise-message">
          {orText(p.prise_message)}
        </Field>
      </SectionCard>

      <Box style={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionCard id="summary-cargo" title={t('portcalls.sections.cargo')} icon={<IconBox {...iconProps} />} testId="summary-cargo">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <Field label={t('portcalls.fields.cargo_quantity_status')}>{t(quantityStatusKey(p.cargo_quantity_status))}</Field>
            <Field label={t('portcalls.fields.move_count_containers')}>
              {withUnit(formatNumber(p.move_count_containers, locale, 0), t(unitKey(p.move_count_unit)))}
            </Field>
            <Field label={t('portcalls.fields.sync_shift_cargo_volumes')}>{p.sync_shift_cargo_volumes ? t('portcalls.yes') : t('portcalls.no')}</Field>
            <Field label={t('portcalls.fields.move_count_comments')}>{orText(p.move_count_comments)}</Field>
            <Field label={t('portcalls.fields.cargo_type')} testId="summary-cargo-type">
              {p.cargo_type ? t(cargoTypeKey(p.cargo_type)) : dash}
            </Field>
            <Field label={t('portcalls.fields.cargo_progress')} testId="summary-cargo-progress">
              {p.total_volume > 0
                ? t('portcalls.cargo_progress_value', {
                    percent: formatNumber(p.cargo_progress_percentage, locale, 1),
                    actual: formatNumber(p.actual_volume, locale, 0),
                    total: formatNumber(p.total_volume, locale, 0),
                    remaining: formatNumber(p.remaining_volume, locale, 0),
                  })
                : dash}
            </Field>
          </SimpleGrid>
          {cargoRows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('portcalls.cargo.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={760} type="native">
              <Table verticalSpacing="xs" fz="sm" data-testid="summary-cargo-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('portcalls.cargo.type')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.discharge')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.load')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.restow')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.total')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.move_count')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.operations_hours')}</Table.Th>
                    <Table.Th>{t('portcalls.cargo.comment')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {cargoRows.map((c) => {
                    const hours = cargoOperationsHours({ moveCount: c.move_count, unitsPerHour: c.units_per_hour, craneIntensity: c.crane_intensity });
                    return (
                      <Table.Tr key={c.id} data-testid="summary-cargo-row">
                        <Table.Td>
                          <Text size="sm">{t(cargoTypeKey(c.cargo_type))}</Text>
                          {(c.cargo_sub_type || c.product_type) && (
                            <Text size="xs" c="dimmed">
                              {[c.cargo_sub_type, c.product_type].filter(Boolean).join(' · ')}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td ta="right">{formatNumber(c.discharge, locale, 0)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(c.load, locale, 0)}</Table.Td>
                        <Table.Td ta="right">{formatNumber(c.restow, locale, 0)}</Table.Td>
                        <Table.Td ta="right" fw={650} data-testid="summary-cargo-total">
                          {formatNumber(cargoTotal(c), locale, 0)}
                        </Table.Td>
                        <Table.Td ta="right">{withUnit(formatNumber(c.move_count, locale, 0), t(unitKey(c.move_count_unit)))}</Table.Td>
                        <Table.Td ta="right">{hours === null ? dash : t('portcalls.hours', { value: formatNumber(hours, locale, 1) })}</Table.Td>
                        <Table.Td>{orText(c.comment ?? null)}</Table.Td>
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr fw={700}>
                    <Table.Td>{t('portcalls.cargo.all_rows')}</Table.Td>
                    <Table.Td ta="right">{formatNumber(sums.discharge, locale, 0)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(sums.load, locale, 0)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(sums.restow, locale, 0)}</Table.Td>
                    <Table.Td ta="right" data-testid="summary-cargo-grand-total">
                      {formatNumber(cargoTotal(sums), locale, 0)}
                    </Table.Td>
                    <Table.Td colSpan={3} />
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          )}
        </SectionCard>
      </Box>

      <Box style={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionCard id="summary-resources" title={t('portcalls.shifts.title')} icon={<IconCalendarTime {...iconProps} />} testId="summary-resources">
          <Text size="xs" c="dimmed">
            {t('portcalls.shifts.hint')}
          </Text>
          {p.portcall_shift_details.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('portcalls.shifts.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={720} type="native">
              <Table verticalSpacing="xs" fz="sm" data-testid="summary-shifts">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('portcalls.shifts.shift')}</Table.Th>
                    <Table.Th>{t('portcalls.equipment.from')}</Table.Th>
                    <Table.Th>{t('portcalls.equipment.until')}</Table.Th>
                    <Table.Th>{t('portcalls.cargo.type')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.discharge')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.load')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.cargo.restow')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.shifts.gangs')}</Table.Th>
                    <Table.Th ta="right">{t('portcalls.shifts.resources')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.portcall_shift_details.map((shift) => (
                    <Table.Tr key={shift.id}>
                      <Table.Td>{t('portcalls.shifts.number', { number: shift.shift_number })}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(shift.start_time)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(shift.end_time)}</Table.Td>
                      <Table.Td>{shift.cargo_type ? t(cargoTypeKey(shift.cargo_type)) : dash}</Table.Td>
                      <Table.Td ta="right">{formatNumber(shift.discharge, locale, 0)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(shift.load, locale, 0)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(shift.restow, locale, 0)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(shift.gangs, locale, 0)}</Table.Td>
                      <Table.Td ta="right">{formatNumber(shift.total_resources, locale, 0)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
          <Text size="sm" fw={650} c="navy.9">
            {t('portcalls.equipment.title')}
          </Text>
          {p.equipment_details.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('portcalls.equipment.empty')}
            </Text>
          ) : (
            <Table.ScrollContainer minWidth={560} type="native">
              <Table verticalSpacing="xs" fz="sm" data-testid="summary-equipment">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('portcalls.equipment.name')}</Table.Th>
                    <Table.Th>{t('portcalls.equipment.number')}</Table.Th>
                    <Table.Th>{t('portcalls.equipment.from')}</Table.Th>
                    <Table.Th>{t('portcalls.equipment.until')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.equipment_details.map((booking) => (
                    <Table.Tr key={booking.id}>
                      <Table.Td>{booking.equipment_name}</Table.Td>
                      <Table.Td>{booking.equipment_number}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(booking.start_time)}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(booking.end_time)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SectionCard>
      </Box>

      <Box style={{ gridColumn: '1 / -1', minWidth: 0 }}>
        <SectionCard id="summary-comments" title={t('portcalls.sections.comments')} icon={<IconMessage {...iconProps} />} testId="summary-comments">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="summary-comment">
            {orText(p.comment)}
          </Text>
        </SectionCard>
      </Box>
    </SimpleGrid>
  );
}
