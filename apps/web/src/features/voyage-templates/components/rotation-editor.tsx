// The port rotation: ordered stops with port, our-terminal flag, day offset, local arrival time and stay.
import { Alert, Button, Checkbox, Paper, SimpleGrid, Stack, Group, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EntitySelect } from '@/components/entity-select';
import { TextField } from '@/components/ui/text-field';
import { portLabel } from '@/lib/record-labels';
import { emptyStop, type TStopValues } from '../utils/template-form-values';
import { ListMoveButtons, movedOrder, removedOrder, reorder } from './list-move-buttons';
import { TimeField } from '@/components/date-inputs';

type TRotationEditorProps = {
  stops: TStopValues[];
  /** The terminal's own port: flagging a stop without a port as ours fills it in. */
  terminalPort: { id: number; unlocode: string; name: string; time_zone: string } | null;
  onChange: (stops: TStopValues[], order?: number[]) => void;
  errorOf: (path: string) => string | undefined;
};

export function RotationEditor({ stops, terminalPort, onChange, errorOf }: TRotationEditorProps) {
  const { t } = useTranslation();
  const update = (index: number, patch: Partial<TStopValues>) => onChange(stops.map((stop, i) => (i === index ? { ...stop, ...patch } : stop)));
  const flagTerminal = (index: number, isChecked: boolean) => {
    // Exactly one stop is ours: checking one unchecks the others.
    onChange(
      stops.map((stop, i) => {
        if (i !== index) return isChecked ? { ...stop, is_terminal_call: false } : stop;
        const fill = isChecked && stop.port_id === null && terminalPort;
        return fill
          ? { ...stop, is_terminal_call: true, port_id: terminalPort.id, port_label: portLabel(terminalPort), port_unlocode: terminalPort.unlocode, port_time_zone: terminalPort.time_zone }
          : { ...stop, is_terminal_call: isChecked };
      }),
    );
  };
  const move = (from: number, to: number) => {
    const order = movedOrder(stops.length, from, to);
    onChange(reorder(stops, order), order);
  };
  const remove = (index: number) => {
    const order = removedOrder(stops.length, index);
    onChange(reorder(stops, order), order);
  };
  const rotationError = errorOf('rotation');

  return (
    <Stack gap="sm" data-testid="rotation-editor">
      {rotationError && (
        <Alert color="red" variant="light" data-testid="rotation-error">
          {rotationError}
        </Alert>
      )}
      {stops.map((stop, index) => {
        const prefix = `rotation.${index}`;
        const testId = `stop-${index}`;
        return (
          <Paper
            key={stop.key}
            withBorder
            radius="md"
            p="sm"
            data-testid={testId}
            data-terminal={stop.is_terminal_call || undefined}
            style={stop.is_terminal_call ? { borderColor: 'var(--mantine-color-harbor-6)', background: 'var(--mantine-color-harbor-0)' } : undefined}
          >
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm">
                  {t('voyageTemplates.form.stop', { number: index + 1 })}
                </Text>
                <ListMoveButtons
                  index={index}
                  count={stops.length}
                  onMove={move}
                  onRemove={remove}
                  removeLabel={t('voyageTemplates.form.remove_stop', { number: index + 1 })}
                  testId={testId}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 5 }} spacing="sm" verticalSpacing="xs">
                <EntitySelect
                  size="sm"
                  kind="ports"
                  label={t('voyageTemplates.form.port')}
                  placeholder={t('voyageTemplates.form.port_placeholder')}
                  required
                  value={stop.port_id}
                  selectedLabel={stop.port_label}
                  optionLabel={portLabel}
                  onChange={(id, port) =>
                    update(index, { port_id: id, port_label: port ? portLabel(port) : null, port_unlocode: port?.unlocode ?? null, port_time_zone: port?.time_zone ?? null })
                  }
                  error={errorOf(`${prefix}.port_id`)}
                  testId={`${testId}-port`}
                />
                <TextField
                  size="sm"
                  type="number"
                  min={0}
                  max={120}
                  label={t('voyageTemplates.form.day_offset')}
                  value={stop.day_offset}
                  onChange={(e) => update(index, { day_offset: e.currentTarget.value })}
                  error={errorOf(`${prefix}.day_offset`)}
                  required
                  data-testid={`${testId}-day-offset`}
                />
                <TimeField
                  size="sm"
                  label={stop.is_terminal_call ? t('voyageTemplates.form.berth_arrival_time') : t('voyageTemplates.form.arrival_time')}
                  value={stop.arrival_time}
                  onChange={(next) => update(index, { arrival_time: next })}
                  error={errorOf(`${prefix}.arrival_time`)}
                  required
                  data-testid={`${testId}-arrival-time`}
                />
                <TextField
                  size="sm"
                  type="number"
                  min={1}
                  max={240}
                  label={stop.is_terminal_call ? t('voyageTemplates.form.berth_stay_hours') : t('voyageTemplates.form.stay_hours')}
                  value={stop.stay_hours}
                  onChange={(e) => update(index, { stay_hours: e.currentTarget.value })}
                  error={errorOf(`${prefix}.stay_hours`)}
                  required
                  data-testid={`${testId}-stay`}
                />
                <Checkbox
                  mt={{ base: 0, lg: 30 }}
                  label={t('voyageTemplates.form.is_terminal_call')}
                  checked={stop.is_terminal_call}
                  onChange={(e) => flagTerminal(index, e.currentTarget.checked)}
                  error={errorOf(`${prefix}.is_terminal_call`)}
                  data-testid={`${testId}-terminal`}
                />
              </SimpleGrid>
            </Stack>
          </Paper>
        );
      })}
      <Group>
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => onChange([...stops, emptyStop()])} disabled={stops.length >= 40} data-testid="rotation-add">
          {t('voyageTemplates.form.add_stop')}
        </Button>
      </Group>
    </Stack>
  );
}
