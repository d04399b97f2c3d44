// /voyage-center/voyages/edit (voyages_edit_view): with ?id= edit a voyage (PUT with version), without it type one in (POST).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Group, Loader, Paper, Select, SimpleGrid, Stack, Switch, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconRefresh, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TIMEZONE, POPUP_AUTO_CLOSE_MS, VOYAGE_DIRECTIONS, VOYAGE_SOURCES, type TFieldError, type TVoyage, type TVoyageSource } from '@quayline/domain';
import { EntitySelect } from '@/components/entity-select';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { SectionCard } from '@/components/ui/section-card';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { useLinkedTerminals } from '@/lib/terminals';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useCreateVoyage } from '../api/create-voyage';
import { useVoyage } from '../api/get-voyage';
import { useUpdateVoyage } from '../api/update-voyage';
import { usePickerTexts } from '../hooks/use-picker-texts';
import { sourceLabel } from '../utils/labels';
import {
  buildCreateRequest,
  buildUpdateRequest,
  emptyVoyageValues,
  REQUIRED_MESSAGE,
  vesselLabel,
  voyageValuesOf,
  type TDirection,
  type TVoyageFormValues,
} from '../utils/voyage-form-values';
import { ScheduleRowsEditor } from './schedule-rows-editor';

const idOf = (params: URLSearchParams): number | null => {
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? id : null;
};

/** What the other person saved, next to the form that still holds the user's input. */
function VoyageConflict({ theirs, timeZone, onLoadLatest }: { theirs: TVoyage; timeZone: string; onLoadLatest: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rows: [string, string][] = [
    [t('voyageCenter.form.service_name'), `${theirs.service_name}${theirs.service_code ? ` (${theirs.service_code})` : ''}`],
    [t('voyageCenter.form.vessel'), vesselLabel({ name: theirs.vessel_name, imo_number: theirs.imo_number })],
    [t('voyageCenter.form.vessel_operator'), theirs.vessel_operator],
    [t('voyageCenter.voyages.voyage_numbers'), `${theirs.voyage_number_import}${theirs.voyage_number_export ? ` / ${theirs.voyage_number_export}` : ''}`],
    [t('voyageCenter.form.sync'), theirs.schedule_syncable ? t('voyageCenter.sync_states.schedule_syncable') : t('voyageCenter.sync_states.schedule_syncable_inactive')],
    ...theirs.schedule.map((row): [string, string] => [
      `${row.sequence}. ${row.unlocode}`,
      `${formatZonedDateTime(row.arrival, timeZone, locale) || '–'} → ${formatZonedDateTime(row.departure, timeZone, locale) || '–'}`,
    ]),
  ];
  return (
    <Alert color="orange" variant="light" radius="md" icon={<IconUsers size={20} />} title={t('voyageCenter.form.conflict_title')} role="alert" data-testid="voyage-conflict">
      <Stack gap="sm">
        <Text size="sm">{t('voyageCenter.form.conflict_description')}</Text>
        <Table.ScrollContainer minWidth={300} type="native">
          <Table withRowBorders={false} verticalSpacing={2} fz="sm">
            <Table.Tbody>
              {rows.map(([label, value]) => (
                <Table.Tr key={label} data-testid="voyage-conflict-row">
                  <Table.Td fw={600}>{label}</Table.Td>
                  <Table.Td>{value}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group>
          <Button size="sm" color="orange" leftSection={<IconRefresh size={16} />} onClick={onLoadLatest} data-testid="voyage-conflict-load-latest">
            {t('voyageCenter.form.load_latest')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function VoyageEditScreen() {
  const { t } = useTranslation();
  const pickerTexts = usePickerTexts();
  const locale = useLocale();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const [params] = useSearchParams();
  const id = idOf(params);
  const terminals = useLinkedTerminals();
  const voyageQuery = useVoyage(id);
  const createMutation = useCreateVoyage();
  const updateMutation = useUpdateVoyage();
  const [values, setValues] = useState<TVoyageFormValues | null>(null);
  const [base, setBase] = useState<TVoyage | null>(null);
  const [problems, setProblems] = useState<TFieldError[]>([]);
  const [conflict, setConflict] = useState<TVoyage | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const topRef = useRef<HTMLDivElement>(null);

  const terminalId = values?.terminal_id ?? base?.terminal_id ?? terminals.data?.[0]?.id ?? null;
  const timeZone = terminals.data?.find((terminal) => terminal.id === terminalId)?.time_zone ?? terminals.data?.[0]?.time_zone ?? DEFAULT_TIMEZONE;

  // The form starts once what it shows is known: the stored voyage, or the user's terminals for a new one.
  useEffect(() => {
    if (values !== null || terminals.isPending) return;
    if (id === null) setValues(emptyVoyageValues(terminals.data?.[0]?.id ?? null));
    else if (voyageQuery.data) {
      setBase(voyageQuery.data);
      setValues(voyageValuesOf(voyageQuery.data, timeZone));
    }
  }, [id, values, terminals.isPending, terminals.data, voyageQuery.data, timeZone]);

  const isSaving = createMutation.isPending || updateMutation.isPending;
  const showTop = () => topRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });

  if (id !== null && voyageQuery.isError) {
    return (
      <Stack gap={0} data-testid="screen-voyages_edit_view">
        <PageHeader title={t('navigation.edit_voyage')} />
        <EmptyState icon={<IconUsers size={32} />} title={t('voyageCenter.form.not_found')} description={errorText(voyageQuery.error) ?? ''} testId="voyage-not-found" />
      </Stack>
    );
  }
  if (!values) {
    return (
      <Group justify="center" p="xl" data-testid="screen-voyages_edit_view">
        <Loader color="harbor" type="dots" aria-label={t('app.loading')} />
      </Group>
    );
  }

  const set = (patch: Partial<TVoyageFormValues>) => {
    setValues((current) => (current ? { ...current, ...patch } : current));
    const touched = Object.keys(patch);
    setProblems((current) => current.filter((p) => !touched.some((field) => p.path === field || p.path.startsWith(`${field}.`) || (field === 'vessel_label' && p.path === 'vessel_id'))));
  };
  const errorOf = (path: string): string | undefined => {
    const problem = problems.find((p) => p.path === path);
    if (!problem) return undefined;
    return problem.message === REQUIRED_MESSAGE ? t('voyageCenter.form.required') : problem.message;
  };

  const onFailure = (error: unknown) => {
    if (isApiError(error) && error.code === 'CONFLICT' && error.current) setConflict(error.current as TVoyage);
    else if (isApiError(error) && error.fieldErrors.length > 0) setProblems(error.fieldErrors);
    else setFailure(error);
    showTop();
  };
  const afterSave = (voyage: TVoyage, isNew: boolean) => {
    notifications.show({
      id: 'voyage-saved',
      color: 'green',
      withBorder: true,
      autoClose: POPUP_AUTO_CLOSE_MS,
      title: isNew ? t('voyageCenter.form.added_title') : t('voyageCenter.form.updated_title'),
      message: t('voyageCenter.form.saved_description', { voyage: voyage.voyage_name }),
    });
    void navigate(`/${locale}/voyage-center/voyages`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setFailure(null);
    if (base) {
      const built = buildUpdateRequest(values, timeZone, base.version);
      if (!built.request) {
        setProblems(built.problems);
        showTop();
        return;
      }
      setProblems([]);
      updateMutation.mutate({ id: base.id, changes: built.request }, { onSuccess: (voyage) => afterSave(voyage, false), onError: onFailure });
      return;
    }
    const built = buildCreateRequest(values, timeZone);
    if (!built.request) {
      setProblems(built.problems);
      showTop();
      return;
    }
    setProblems([]);
    createMutation.mutate(built.request, { onSuccess: (voyage) => afterSave(voyage, true), onError: onFailure });
  };

  const loadLatest = () => {
    if (!conflict) return;
    setBase(conflict);
    setValues(voyageValuesOf(conflict, timeZone));
    setConflict(null);
    setProblems([]);
  };

  const unplaced = problems.filter((p) => !p.path.startsWith('schedule.') && !['terminal_id', 'service_name', 'service_code', 'vessel_id', 'vessel_operator_id', 'voyage_number_import', 'voyage_number_export', 'direction', 'source', 'schedule'].includes(p.path));

  return (
    // The margin keeps the title clear of the fixed app header when a failed save scrolls back up.
    <Stack gap="md" data-testid="screen-voyages_edit_view" ref={topRef} data-version={base?.version} style={{ scrollMarginTop: 'calc(var(--app-shell-header-height, 60px) + var(--mantine-spacing-md))' }}>
      <PageHeader
        title={base ? t('navigation.edit_voyage') : t('voyageCenter.form.new_title')}
        description={base ? base.voyage_name : t('voyageCenter.form.new_description')}
        actions={
          <Button component={Link} to={`/${locale}/voyage-center/voyages`} variant="default" leftSection={<IconArrowLeft size={18} />} data-testid="voyage-back">
            {t('voyageCenter.form.back')}
          </Button>
        }
      />
      {conflict && <VoyageConflict theirs={conflict} timeZone={timeZone} onLoadLatest={loadLatest} />}
      {failure !== null && (
        <Alert color="red" variant="light" role="alert" data-testid="voyage-save-failed">
          {errorText(failure)}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="voyage-problems" title={t('voyageCenter.form.problems')}>
          {unplaced.length > 0 &&
            unplaced.map((p) => (
              <Text key={p.path} size="sm" data-testid="voyage-problem-unplaced">
                {p.message}
              </Text>
            ))}
        </Alert>
      )}
      <form onSubmit={submit} noValidate data-testid="voyage-form">
        <Stack gap="md">
          <SectionCard id="voyage-details-title" title={t('voyageCenter.form.details')}>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {!base && (terminals.data?.length ?? 0) > 1 && (
                <Select
                  label={t('voyageCenter.terminal')}
                  value={values.terminal_id === null ? null : String(values.terminal_id)}
                  onChange={(next) => next && set({ terminal_id: Number(next) })}
                  data={(terminals.data ?? []).map((terminal) => ({ value: String(terminal.id), label: terminal.name }))}
                  allowDeselect={false}
                  error={errorOf('terminal_id')}
                  data-testid="field-terminal"
                />
              )}
              <TextField size="sm" label={t('voyageCenter.form.service_name')} required maxLength={100} value={values.service_name} onChange={(e) => set({ service_name: e.currentTarget.value })} error={errorOf('service_name')} data-testid="field-service-name" />
              <TextField size="sm" label={t('voyageCenter.form.service_code')} maxLength={11} value={values.service_code} onChange={(e) => set({ service_code: e.currentTarget.value })} error={errorOf('service_code')} data-testid="field-service-code" />
              <EntitySelect
                searchTexts={pickerTexts}
                kind="vessels"
                label={t('voyageCenter.form.vessel')}
                placeholder={t('voyageCenter.form.vessel_placeholder')}
                required
                value={values.vessel_id}
                selectedLabel={values.vessel_label}
                optionLabel={vesselLabel}
                onChange={(vesselId, vessel) => {
                  const operator = vessel?.vessel_operator;
                  // The vessel's operator is the usual one; a choice already made stays.
                  const prefill = operator && values.vessel_operator_id === null ? { vessel_operator_id: operator.id, vessel_operator_label: operator.name } : {};
                  set({ vessel_id: vesselId, vessel_label: vessel ? vesselLabel(vessel) : null, ...prefill });
                }}
                error={errorOf('vessel_id')}
                testId="field-vessel"
              />
              <EntitySelect
                searchTexts={pickerTexts}
                key={`operator-${values.vessel_operator_id ?? 'none'}`}
                kind="vessel_operators"
                label={t('voyageCenter.form.vessel_operator')}
                required
                value={values.vessel_operator_id}
                selectedLabel={values.vessel_operator_label}
                optionLabel={(org) => org.name}
                onChange={(orgId, org) => set({ vessel_operator_id: orgId, vessel_operator_label: org?.name ?? null })}
                error={errorOf('vessel_operator_id')}
                testId="field-vessel-operator"
              />
              <TextField size="sm" label={t('voyageCenter.form.voyage_number_import')} required maxLength={50} value={values.voyage_number_import} onChange={(e) => set({ voyage_number_import: e.currentTarget.value })} error={errorOf('voyage_number_import')} data-testid="field-voyage-import" />
              <TextField size="sm" label={t('voyageCenter.form.voyage_number_export')} maxLength={50} value={values.voyage_number_export} onChange={(e) => set({ voyage_number_export: e.currentTarget.value })} error={errorOf('voyage_number_export')} data-testid="field-voyage-export" />
              <Select
                label={t('voyageCenter.form.direction')}
                clearable
                value={values.direction}
                onChange={(next) => set({ direction: (next as TDirection | null) ?? null })}
                data={VOYAGE_DIRECTIONS.map((direction) => ({ value: direction, label: t(`voyageCenter.directions.${direction}`) }))}
                error={errorOf('direction')}
                data-testid="field-direction"
              />
              <Select
                label={t('voyageCenter.form.source')}
                value={values.source}
                onChange={(next) => next && set({ source: next as TVoyageSource })}
                data={VOYAGE_SOURCES.map((source) => ({ value: source, label: sourceLabel(t, source) }))}
                allowDeselect={false}
                error={errorOf('source')}
                data-testid="field-source"
              />
              <Switch mt={{ base: 0, sm: 28 }} label={t('voyageCenter.form.sync')} checked={values.schedule_syncable} onChange={(e) => set({ schedule_syncable: e.currentTarget.checked })} data-testid="field-sync" />
            </SimpleGrid>
          </SectionCard>
          <SectionCard id="voyage-schedule-title" title={t('voyageCenter.form.schedule')}>
            <ScheduleRowsEditor rows={values.schedule} onChange={(schedule) => set({ schedule })} errorOf={errorOf} timeZone={timeZone} />
          </SectionCard>
          <Paper p={0} bg="transparent">
            <Group justify="flex-end">
              <Button type="submit" loading={isSaving} data-testid="voyage-save">
                {base ? t('voyageCenter.form.save') : t('voyageCenter.form.create')}
              </Button>
            </Group>
          </Paper>
        </Stack>
      </form>
    </Stack>
  );
}
