// The voyage's schedule rows in rotation order: port, terminal-call flag, arrival and departure; add, remove, move up and down.
import { ActionIcon, Badge, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EntitySelect } from '@/components/entity-select';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { usePickerTexts } from '../hooks/use-picker-texts';
import { emptyRow, portLabel, type TScheduleRowValues } from '../utils/voyage-form-values';
import { SOURCE_COLOURS, sourceLabel } from '../utils/labels';
import { DateTimeField } from '@/components/date-inputs';

type TProps = {
  rows: TScheduleRowValues[];
  onChange: (rows: TScheduleRowValues[]) => void;
  errorOf: (path: string) => string | undefined;
  timeZone: string;
};

export function ScheduleRowsEditor({ rows, onChange, errorOf, timeZone }: TProps) {
  const { t } = useTranslation();
  const pickerTexts = usePickerTexts();
  const locale = useLocale();
  const update = (index: number, patch: Partial<TScheduleRowValues>) =>
    onChange(
      rows.map((row, i) => {
        if (i === index) return { ...row, ...patch };
        // One row at most is our terminal's call.
        return patch.is_terminal_call ? { ...row, is_terminal_call: false } : row;
      }),
    );
  const move = (index: number, by: -1 | 1) => {
    const next = [...rows];
    const [row] = next.splice(index, 1);
    next.splice(index + by, 0, row!);
    onChange(next);
  };
  // The classifier sits in the label rather than a description, so the time inputs line up with the port picker.
  const timeLabel = (label: string, classifier: string | null | undefined) =>
    classifier ? (
      <>
        {label}{' '}
        <Badge component="span" size="xs" radius="sm" variant="light" color="gray" data-testid="schedule-row-classifier">
          {classifier}
        </Badge>
      </>
    ) : (
      label
    );

  return (
    <Stack gap="sm" data-testid="schedule-rows">
      <Text size="xs" c="dimmed" data-testid="schedule-time-zone">
        {t('voyageCenter.form.time_hint', { zone: timeZone })}
      </Text>
      {errorOf('schedule') && (
        <Text size="sm" c="red.8" role="alert" data-testid="schedule-error">
          {errorOf('schedule')}
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder radius="md" p="sm" data-testid="schedule-row" bg={row.is_terminal_call ? 'orange.0' : undefined} style={{ minWidth: 0 }}>
          <Stack gap="xs">
            <Group justify="space-between" gap="xs">
              <Group gap="xs">
                <Text size="sm" fw={700}>
                  {index + 1}.
                </Text>
                {row.stored && (
                  <>
                    <Badge size="sm" variant="light" color={SOURCE_COLOURS[row.stored.source]} data-testid="schedule-row-source">
                      {sourceLabel(t, row.stored.source)}
                    </Badge>
                    <Text size="xs" c="dimmed" data-testid="schedule-row-fetched">
                      {row.stored.fetched_at ? t('voyageCenter.form.fetched_at', { time: formatZonedDateTime(row.stored.fetched_at, timeZone, locale) }) : t('voyageCenter.form.not_fetched')}
                    </Text>
                  </>
                )}
              </Group>
              <Group gap={4}>
                <ActionIcon variant="subtle" aria-label={t('voyageCenter.form.move_up')} disabled={index === 0} onClick={() => move(index, -1)} data-testid="schedule-row-up">
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" aria-label={t('voyageCenter.form.move_down')} disabled={index === rows.length - 1} onClick={() => move(index, 1)} data-testid="schedule-row-down">
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label={t('voyageCenter.form.remove_row')} disabled={rows.length === 1} onClick={() => onChange(rows.filter((_, i) => i !== index))} data-testid="schedule-row-remove">
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            </Group>
            {/* Three columns at most: a date-time input narrower than about 200 px cuts off its own value. */}
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
              <EntitySelect
                searchTexts={pickerTexts}
                kind="ports"
                label={t('voyageCenter.form.port')}
                placeholder={t('voyageCenter.form.port_placeholder')}
                value={row.port_id}
                selectedLabel={row.port_label}
                optionLabel={(port) => portLabel({ port_name: port.name, unlocode: port.unlocode })}
                onChange={(id, port) => update(index, { port_id: id, port_label: port ? portLabel({ port_name: port.name, unlocode: port.unlocode }) : null })}
                error={errorOf(`schedule.${index}.port_id`)}
                required
                testId="schedule-row-port"
              />
              <DateTimeField clearable
                size="sm"
                label={timeLabel(t('voyageCenter.schedule.arrival'), row.stored?.arrival_classifier)}
                value={row.arrival}
                onChange={(next) => update(index, { arrival: next })}
                error={errorOf(`schedule.${index}.arrival`)}
                data-testid="schedule-row-arrival"
              />
              <DateTimeField clearable
                size="sm"
                label={timeLabel(t('voyageCenter.schedule.departure'), row.stored?.departure_classifier)}
                value={row.departure}
                onChange={(next) => update(index, { departure: next })}
                error={errorOf(`schedule.${index}.departure`)}
                data-testid="schedule-row-departure"
              />
            </SimpleGrid>
            <Checkbox
              label={t('voyageCenter.form.terminal_call')}
              checked={row.is_terminal_call}
              onChange={(e) => update(index, { is_terminal_call: e.currentTarget.checked })}
              error={errorOf(`schedule.${index}.is_terminal_call`)}
              data-testid="schedule-row-terminal-call"
            />
          </Stack>
        </Paper>
      ))}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...rows, emptyRow()])} disabled={rows.length >= 60} data-testid="schedule-row-add">
          {t('voyageCenter.form.add_row')}
        </Button>
      </Group>
    </Stack>
  );
}
