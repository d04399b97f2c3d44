// The shift calendar of the terminal, for the planner: the gangs each shift can man, and the non-working times of
// the shown days (add a holiday, a break or a closed shift; remove one). The board refetches after each change.
import { useState } from 'react';
import { ActionIcon, Button, Divider, Drawer, Group, NativeSelect, NumberInput, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NON_WORKING_TIME_KINDS, type TLocale, type TNonWorkingTimeKind, type TShiftBoard } from '@quayline/domain';
import { reasonOf } from '@/lib/api-client';
import { formatZonedDateTime, fromZonedInputValue, toZonedInputValue } from '@/lib/zoned-time';
import { createNonWorkingTime, deleteNonWorkingTime, updateShiftGangs } from '../api/shift-calendar';
import { shiftPlannerKeys } from '../api/query-keys';
import { DateTimeField } from '@/components/date-inputs';
import { localizedName } from '@quayline/domain';

type TProps = { opened: boolean; onClose: () => void; board: TShiftBoard; locale: TLocale };

const isKind = (v: string): v is TNonWorkingTimeKind => (NON_WORKING_TIME_KINDS as readonly string[]).includes(v);

function GangsRow({ shift, onSave, busy, locale }: { shift: TShiftBoard['shiftsData']['shifts'][number]; onSave: (gangs: number) => void; busy: boolean; locale: TLocale }) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(shift.gangs_available);
  const changed = Number(value) !== shift.gangs_available;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-end" data-testid="shift-calendar-gangs-row" data-shift-number={shift.shift_number}>
      <NumberInput
        size="xs"
        min={0}
        max={50}
        allowDecimal={false}
        label={`${localizedName(shift, locale)} (${shift.start_time}\u2013${shift.end_time})`}
        value={value}
        onChange={setValue}
        style={{ flex: 1 }}
        data-testid={`shift-calendar-gangs-${shift.shift_number}`}
      />
      <Button size="xs" variant="light" disabled={!changed || value === ''} loading={busy} onClick={() => onSave(Number(value))} data-testid={`shift-calendar-gangs-save-${shift.shift_number}`}>
        {t('shiftPlanner.calendar.save')}
      </Button>
    </Group>
  );
}

export function ShiftCalendarDrawer({ opened, onClose, board, locale }: TProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tz = board.time_zone;
  const firstShift = board.shiftsList[0];
  const [kind, setKind] = useState<TNonWorkingTimeKind>('holiday');
  const [reason, setReason] = useState('');
  const [startsAt, setStartsAt] = useState(() => toZonedInputValue(firstShift?.start_time, tz));
  const [endsAt, setEndsAt] = useState(() => toZonedInputValue(firstShift?.end_time, tz));
  const [error, setError] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: shiftPlannerKeys.boards(board.terminal_id) });

  const gangs = useMutation({ mutationFn: (args: { id: number; gangs: number }) => updateShiftGangs(args.id, args.gangs), onSuccess: refresh, onError: (e) => setError(reasonOf(e)) });
  const remove = useMutation({ mutationFn: deleteNonWorkingTime, onSuccess: refresh, onError: (e) => setError(reasonOf(e)) });
  const add = useMutation({
    mutationFn: createNonWorkingTime,
    onSuccess: () => {
      setReason('');
      setError(null);
      return refresh();
    },
    onError: (e) => setError(reasonOf(e)),
  });
  const submit = () => {
    const from = fromZonedInputValue(startsAt, tz);
    const to = fromZonedInputValue(endsAt, tz);
    if (!from || !to || !reason.trim()) return setError(t('shiftPlanner.calendar.incomplete'));
    add.mutate({ terminal_id: board.terminal_id, kind, reason: reason.trim(), starts_at: from, ends_at: to });
  };

  return (
    <Drawer.Root opened={opened} onClose={onClose} position="right" size="md" transitionProps={{ duration: 0 }}>
      <Drawer.Overlay />
      <Drawer.Content data-testid="shift-calendar-drawer">
        <Drawer.Header>
          <Drawer.Title fw={600}>{t('shiftPlanner.calendar.title')}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>
          <Stack gap="sm">
            <Divider label={t('shiftPlanner.calendar.gangs')} labelPosition="left" />
            {board.shiftsData.shifts.map((shift) => (
              <GangsRow key={`${shift.id}-${shift.gangs_available}`} shift={shift} locale={locale} busy={gangs.isPending && gangs.variables?.id === shift.id} onSave={(n) => gangs.mutate({ id: shift.id, gangs: n })} />
            ))}
            <Divider label={t('shiftPlanner.calendar.non_working')} labelPosition="left" />
            {board.shiftsData.non_working_times.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="shift-calendar-none">
                {t('shiftPlanner.calendar.none')}
              </Text>
            ) : (
              <Table.ScrollContainer minWidth={360}>
                <Table fz="xs" verticalSpacing={4}>
                  <Table.Tbody>
                    {board.shiftsData.non_working_times.map((n) => (
                      <Table.Tr key={n.id} data-testid="shift-calendar-item">
                        <Table.Td>
                          <Text size="xs" fw={600}>
                            {n.reason}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {t(`shiftPlanner.calendar.kinds.${n.kind}`)}
                          </Text>
                        </Table.Td>
                        <Table.Td>
                          {formatZonedDateTime(n.starts_at, tz, locale)} {'\u2013'} {formatZonedDateTime(n.ends_at, tz, locale)}
                        </Table.Td>
                        <Table.Td>
                          <ActionIcon variant="subtle" color="red" aria-label={t('shiftPlanner.calendar.remove', { reason: n.reason })} loading={remove.isPending && remove.variables === n.id} onClick={() => remove.mutate(n.id)} data-testid="shift-calendar-remove">
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            <Divider label={t('shiftPlanner.calendar.add')} labelPosition="left" />
            <NativeSelect
              size="xs"
              label={t('shiftPlanner.calendar.kind')}
              value={kind}
              onChange={(e) => isKind(e.currentTarget.value) && setKind(e.currentTarget.value)}
              data={NON_WORKING_TIME_KINDS.map((k) => ({ value: k, label: t(`shiftPlanner.calendar.kinds.${k}`) }))}
              data-testid="shift-calendar-kind"
            />
            <TextInput size="xs" label={t('shiftPlanner.calendar.reason')} value={reason} maxLength={200} onChange={(e) => setReason(e.currentTarget.value)} data-testid="shift-calendar-reason" />
            <Group grow gap="xs">
              <DateTimeField size="xs" label={t('shiftPlanner.calendar.starts_at')} value={startsAt} onChange={(next) => setStartsAt(next)} data-testid="shift-calendar-starts" />
              <DateTimeField size="xs" label={t('shiftPlanner.calendar.ends_at')} value={endsAt} onChange={(next) => setEndsAt(next)} data-testid="shift-calendar-ends" />
            </Group>
            <Text size="xs" c="dimmed">
              {t('shiftPlanner.calendar.zone_hint', { zone: tz })}
            </Text>
            {error && (
              <Text size="sm" c="red" role="alert" data-testid="shift-calendar-error">
                {error}
              </Text>
            )}
            <Button size="xs" onClick={submit} loading={add.isPending} data-testid="shift-calendar-add">
              {t('shiftPlanner.calendar.add_button')}
            </Button>
          </Stack>
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
