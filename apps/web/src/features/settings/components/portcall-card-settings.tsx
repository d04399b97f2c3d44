// Which details a port-call card shows: PUT /update_canvas_settings {type: 'portcall_card_settings', value}.
import { useState } from 'react';
import { Button, Checkbox, Group, SimpleGrid, Text } from '@mantine/core';
import { IconLayoutCards } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PORTCALL_CARD_FIELDS, PORTCALL_CARD_FIELDS, ZPortcallCardField, type TPortcallCardField } from '@quayline/domain';
import { useUpdateCanvasSettings } from '../api/update-canvas-settings';
import { notifyFailure, notifySuccess } from './notify';
import { SettingsSection } from './settings-section';

/** Keeps the catalogue's order so the saved list is stable whatever order the boxes were ticked in. */
function inCatalogueOrder(values: readonly string[]): TPortcallCardField[] {
  const picked = new Set(values);
  return PORTCALL_CARD_FIELDS.filter((field) => picked.has(field));
}

export function PortcallCardSettings({ initial }: { initial: readonly TPortcallCardField[] }) {
  const { t } = useTranslation();
  const saveMutation = useUpdateCanvasSettings();
  const [fields, setFields] = useState<TPortcallCardField[]>(() => inCatalogueOrder(initial));

  const save = () => {
    if (saveMutation.isPending) return;
    saveMutation.mutate(
      { type: 'portcall_card_settings', value: fields },
      {
        onSuccess: () => notifySuccess({ id: 'card-settings-saved', title: t('settings.card.success_title'), message: t('settings.card.success_description') }),
        onError: (error) => notifyFailure({ id: 'card-settings-failed', message: t('settings.save_failed'), error }),
      },
    );
  };

  return (
    <SettingsSection icon={<IconLayoutCards size={22} />} title={t('settings.card.title')} description={t('settings.card.description')} testId="settings-card">
      <Checkbox.Group
        value={fields}
        onChange={(values) => setFields(inCatalogueOrder(values.filter((v) => ZPortcallCardField.safeParse(v).success)))}
        aria-labelledby="settings-card-title"
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" verticalSpacing="sm">
          {PORTCALL_CARD_FIELDS.map((field) => (
            <Checkbox key={field} value={field} label={t(`settings.card.fields.${field}`)} data-testid={`settings-card-field-${field}`} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" data-testid="settings-card-count">
          {t('settings.card.selected_count', { count: fields.length, total: PORTCALL_CARD_FIELDS.length })}
        </Text>
        <Group gap="sm">
          <Button variant="default" size="sm" onClick={() => setFields([...DEFAULT_PORTCALL_CARD_FIELDS])} data-testid="settings-card-defaults">
            {t('settings.card.restore_defaults')}
          </Button>
          <Button size="sm" onClick={save} loading={saveMutation.isPending} data-testid="settings-card-save">
            {t('settings.card.save')}
          </Button>
        </Group>
      </Group>
    </SettingsSection>
  );
}
