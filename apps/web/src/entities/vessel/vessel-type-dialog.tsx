// The vessel-type form: the coded type (a list) and the detailed type (free text, with the listed detailed types of the
// chosen coded type offered as suggestions). It changes the register's vessel, so every call of the vessel shows it.
import { useState } from 'react';
import { Alert, Autocomplete, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS, VESSEL_TYPES, VESSEL_TYPE_DETAILED_MAX_LENGTH, type TVesselType } from '@quayline/domain';
import { useErrorText } from '@/hooks/use-error-text';
import { fieldErrorText } from '@/lib/api-client';
import { useVesselTypeText } from '@/entities/portcall/use-vessel-type-text';
import { detailedVesselTypeSuggestions, storedDetailedVesselType, useDetailedVesselTypeText } from './detailed-vessel-type';
import { useUpdateVesselType } from './update-vessel-type';

export type TVesselTypeDialogVessel = { id: number; name: string; vessel_type: string; vessel_type_detailed: string | null };

const isVesselType = (code: string): code is TVesselType => (VESSEL_TYPES as readonly string[]).includes(code);

export function VesselTypeDialog({ vessel, opened, onClose }: { vessel: TVesselTypeDialogVessel; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={<VesselTypeTitle name={vessel.name} />} size="md" data-testid="vessel-type-dialog">
      {/* Mounted only while open, so each opening starts from the vessel's stored values. */}
      {opened && <VesselTypeForm vessel={vessel} onDone={onClose} />}
    </Modal>
  );
}

function VesselTypeTitle({ name }: { name: string }) {
  const { t } = useTranslation();
  return <>{t('portcalls.vessel_type_form.title', { vessel: name })}</>;
}

export function VesselTypeForm({ vessel, onDone }: { vessel: TVesselTypeDialogVessel; onDone: () => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const vesselTypeText = useVesselTypeText();
  const detailedText = useDetailedVesselTypeText();
  const mutation = useUpdateVesselType();
  const [vesselType, setVesselType] = useState<TVesselType>(isVesselType(vessel.vessel_type) ? vessel.vessel_type : 'OTHER');
  const [detailed, setDetailed] = useState(detailedText(vessel.vessel_type_detailed) ?? '');
  const suggestions = detailedVesselTypeSuggestions(vesselType, t);
  const options = VESSEL_TYPES.map((code) => ({ value: code, label: vesselTypeText(code) })).sort((a, b) => a.label.localeCompare(b.label));

  const save = () => {
    const changes = { vessel_type: vesselType, vessel_type_detailed: storedDetailedVesselType(detailed, t) };
    mutation.mutate(
      { vesselId: vessel.id, changes },
      {
        onSuccess: () => {
          notifications.show({ id: 'vessel-type-saved', color: 'green', withBorder: true, autoClose: POPUP_AUTO_CLOSE_MS, message: t('portcalls.vessel_type_form.saved', { vessel: vessel.name }) });
          onDone();
        },
      },
    );
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('portcalls.vessel_type_form.applies_to_vessel')}
        </Text>
        <Select
          label={t('portcalls.vessel_type')}
          data={options}
          value={vesselType}
          onChange={(value) => value && isVesselType(value) && setVesselType(value)}
          allowDeselect={false}
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="vessel-type-select"
        />
        <Autocomplete
          label={t('portcalls.vessel_type_detailed')}
          description={t('portcalls.vessel_type_form.detailed_hint')}
          placeholder={t('portcalls.vessel_type_form.detailed_placeholder')}
          data={suggestions}
          value={detailed}
          onChange={setDetailed}
          maxLength={VESSEL_TYPE_DETAILED_MAX_LENGTH}
          limit={20}
          comboboxProps={{ withinPortal: true }}
          error={fieldErrorText(mutation.error) ?? undefined}
          data-testid="vessel-type-detailed"
        />
        {mutation.isError && !fieldErrorText(mutation.error) && (
          <Alert color="red" variant="light" title={t('portcalls.vessel_type_form.failed')} data-testid="vessel-type-error">
            {errorText(mutation.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone}>
            {t('portcalls.vessel_type_form.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending} data-testid="vessel-type-save">
            {t('portcalls.vessel_type_form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
