// The notice's own fields (dangerous goods, persons on board) and their save; a stale version shows what is stored now.
import { useEffect, useState } from 'react';
import { Button, Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ZPriseNotice, type TPriseNotice } from '@quayline/domain';
import { ConflictNotice, type TConflictRow } from '@/components/ui/conflict-notice';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { priseStatusKey } from '@/entities/portcall/enum-labels';
import { priseNoticeKey, useUpdatePriseNotice } from './prise-notice-api';

export type TOwnValues = { dangerous_goods: boolean | null; persons_on_board: number | null };

export const ownValuesOf = (notice: TPriseNotice): TOwnValues => ({ dangerous_goods: notice.content.dangerous_goods, persons_on_board: notice.content.persons_on_board });
export const isSameOwn = (a: TOwnValues, b: TOwnValues) => a.dangerous_goods === b.dangerous_goods && a.persons_on_board === b.persons_on_board;

type TProps = { notice: TPriseNotice; values: TOwnValues; onChange: (values: TOwnValues) => void };

export function PriseNoticeForm({ notice, values, onChange }: TProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const queryClient = useQueryClient();
  const update = useUpdatePriseNotice();
  const [conflict, setConflict] = useState<TPriseNotice | null>(null);
  const [isSaved, setSaved] = useState(false);
  const stored = ownValuesOf(notice);
  const isDirty = !isSameOwn(values, stored);
  useEffect(() => {
    if (isDirty) setSaved(false);
  }, [isDirty]);

  const yesNo = (v: boolean | null) => (v === null ? t('portcalls.prise.not_stated') : v ? t('portcalls.yes') : t('portcalls.no'));
  const conflictRows = (theirs: TPriseNotice): TConflictRow[] => [
    { field: 'dangerous_goods', label: t('portcalls.prise.fields.dangerous_goods'), theirs: yesNo(theirs.content.dangerous_goods), yours: yesNo(values.dangerous_goods) },
    {
      field: 'persons_on_board',
      label: t('portcalls.prise.fields.persons_on_board'),
      theirs: theirs.content.persons_on_board === null ? t('portcalls.not_set') : String(theirs.content.persons_on_board),
      yours: values.persons_on_board === null ? t('portcalls.not_set') : String(values.persons_on_board),
    },
    { field: 'prise_status', label: t('portcalls.fields.prise_status'), theirs: theirs.prise_status ? t(priseStatusKey(theirs.prise_status)) : t('portcalls.prise.no_status') },
  ];

  const save = () => {
    setConflict(null);
    update.mutate(
      { portcallId: notice.portcall_id, changes: { version: notice.version, dangerous_goods: values.dangerous_goods, persons_on_board: values.persons_on_board } },
      {
        onSuccess: () => setSaved(true),
        onError: (error) => {
          if (!isApiError(error) || error.httpStatus !== 409) return;
          const theirs = ZPriseNotice.safeParse(error.current);
          if (theirs.success) setConflict(theirs.data);
        },
      },
    );
  };

  const loadLatest = () => {
    if (conflict) {
      queryClient.setQueryData(priseNoticeKey(notice.portcall_id), conflict);
      onChange(ownValuesOf(conflict));
    }
    setConflict(null);
    update.reset();
  };

  const failure = update.error && !(isApiError(update.error) && update.error.httpStatus === 409) ? errorText(update.error) : null;

  return (
    <Stack gap="sm" data-testid="prise-form">
      <Text fw={600} size="sm">
        {t('portcalls.prise.own_title')}
      </Text>
      {conflict && <ConflictNotice rows={conflictRows(conflict)} onLoadLatest={loadLatest} testId="prise-conflict" />}
      <Radio.Group
        label={t('portcalls.prise.dangerous_goods')}
        value={values.dangerous_goods === null ? '' : String(values.dangerous_goods)}
        onChange={(v) => onChange({ ...values, dangerous_goods: v === '' ? null : v === 'true' })}
        data-testid="prise-dangerous-goods"
      >
        <Group gap="lg" mt={4}>
          <Radio value="true" label={t('portcalls.yes')} data-testid="prise-dg-yes" />
          <Radio value="false" label={t('portcalls.no')} data-testid="prise-dg-no" />
        </Group>
      </Radio.Group>
      <NumberInput
        label={t('portcalls.prise.persons_on_board')}
        value={values.persons_on_board ?? ''}
        onChange={(v) => onChange({ ...values, persons_on_board: typeof v === 'number' ? v : v === '' ? null : Number.isFinite(Number(v)) ? Number(v) : null })}
        min={1}
        max={20_000}
        allowDecimal={false}
        allowNegative={false}
        maw={200}
        data-testid="prise-persons-on-board"
      />
      {failure && (
        <Text role="alert" c="red.7" size="sm">
          {failure}
        </Text>
      )}
      <Group gap="sm">
        <Button size="sm" variant={isDirty ? 'filled' : 'default'} leftSection={<IconDeviceFloppy size={16} />} onClick={save} disabled={!isDirty} loading={update.isPending} data-testid="prise-save">
          {t('portcalls.prise.save')}
        </Button>
        {isSaved && !isDirty && (
          <Text size="sm" c="teal.8" role="status" data-testid="prise-saved">
            {t('portcalls.prise.saved')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
