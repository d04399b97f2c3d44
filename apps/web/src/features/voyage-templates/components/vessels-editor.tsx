// The vessels deployed in turn: voyage k sails with vessel k mod n, so the order matters.
import { useState } from 'react';
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EntitySelect } from '@/components/entity-select';
import type { TVesselValue } from '../utils/template-form-values';
import { ListMoveButtons, movedOrder, removedOrder, reorder } from './list-move-buttons';

type TVesselsEditorProps = { vessels: TVesselValue[]; onChange: (vessels: TVesselValue[], order?: number[]) => void; errorOf: (path: string) => string | undefined };

const vesselLabel = (vessel: { name: string; imo_number: string }) => (vessel.imo_number ? `${vessel.name} (IMO ${vessel.imo_number})` : vessel.name);

export function VesselsEditor({ vessels, onChange, errorOf }: TVesselsEditorProps) {
  const { t } = useTranslation();
  // A fresh picker after each pick, so it is empty for the next vessel.
  const [pickerKey, setPickerKey] = useState(0);
  const move = (from: number, to: number) => {
    const order = movedOrder(vessels.length, from, to);
    onChange(reorder(vessels, order), order);
  };
  const remove = (index: number) => {
    const order = removedOrder(vessels.length, index);
    onChange(reorder(vessels, order), order);
  };
  return (
    <Stack gap="sm" data-testid="vessels-editor">
      {vessels.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="vessels-empty">
          {t('voyageTemplates.form.no_vessels')}
        </Text>
      ) : (
        <Stack gap={6} component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {vessels.map((vessel, index) => {
            const error = errorOf(`vessel_ids.${index}`);
            return (
              <Paper key={`${vessel.id}-${index}`} component="li" withBorder radius="md" px="sm" py={6} data-testid={`vessel-${index}`} style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    <Badge variant="light" color="navy" radius="sm" circle>
                      {index + 1}
                    </Badge>
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} truncate data-testid={`vessel-${index}-name`}>
                        {vesselLabel(vessel)}
                      </Text>
                      {error && (
                        <Text size="xs" c="red" data-testid={`vessel-${index}-error`}>
                          {error}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                  <ListMoveButtons index={index} count={vessels.length} onMove={move} onRemove={remove} removeLabel={t('voyageTemplates.form.remove')} testId={`vessel-${index}`} />
                </Group>
              </Paper>
            );
          })}
        </Stack>
      )}
      <EntitySelect
        key={pickerKey}
        size="sm"
        kind="vessels"
        label={t('voyageTemplates.form.add_vessel')}
        placeholder={t('portcalls.picker.vessel_placeholder')}
        value={null}
        selectedLabel={null}
        optionLabel={vesselLabel}
        onChange={(id, vessel) => {
          if (id === null || !vessel) return;
          onChange([...vessels, { id, name: vessel.name, imo_number: vessel.imo_number }]);
          setPickerKey((k) => k + 1);
        }}
        error={errorOf('vessel_ids')}
        testId="vessels-add"
        maw={420}
      />
    </Stack>
  );
}
