// The add and edit form of a voyage template; checked before sending, field errors at their fields, a 409 keeps the input.
import { useRef, useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Badge, Box, Button, Group, Select, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAnchor, IconCalendarRepeat, IconEye, IconPlus, IconRoute, IconShip, IconTemplate, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BERTH_ORIENTATIONS,
  DEFAULT_TIMEZONE,
  POPUP_AUTO_CLOSE_MS,
  VOYAGE_DIRECTIONS,
  type TTemplateDiff,
  type TTerminal,
  type TVoyageTemplate,
  type TVoyageTemplateUpdateRequest,
} from '@quayline/domain';
import { EntitySelect } from '@/components/entity-select';
import { ConflictNotice, type TConflictRow } from '@/components/ui/conflict-notice';
import { FormProblems } from '@/components/ui/form-problems';
import { SectionCard } from '@/components/ui/section-card';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { orientationKey } from '@/entities/portcall/enum-labels';
import { organisationLabel } from '@/lib/record-labels';
import { formatDay } from '@/lib/zoned-time';
import { useCreateVoyageTemplate } from '../api/create-voyage-template';
import { getTemplateDiff } from '../api/get-template-diff';
import { voyageTemplateKeys } from '../api/query-keys';
import { useUpdateVoyageTemplate } from '../api/update-voyage-template';
import {
  buildTemplateRequest,
  moveIndexedProblems,
  templateValuesOf,
  type TDirection,
  type TOrientation,
  type TStopValues,
  type TTemplateFormValues,
  type TTemplateProblem,
} from '../utils/template-form-values';
import { ISO_WEEKDAYS, useTemplateText } from '../utils/template-text';
import { OccurrencePreview } from './occurrence-preview';
import { RotationEditor } from './rotation-editor';
import { TemplateDiffReview } from './template-diff-review';
import { VesselsEditor } from './vessels-editor';
import { DateField } from '@/components/date-inputs';

type TTemplateFormProps = {
  mode: 'add' | 'edit';
  initialValues: TTemplateFormValues;
  /** Edit: the stored template; its version goes with the save. */
  initialBase: TVoyageTemplate | null;
  terminals: TTerminal[];
  operatorLabel: string | null;
  isOperatorLocked: boolean;
};

const iconProps = { size: 22, stroke: 1.6, color: 'var(--mantine-color-harbor-7)' } as const;

/** The problem paths an edit of stops touches: each changed field, and the rotation as a whole when stops were added or flagged. */
function changedStopPaths(before: TStopValues[], after: TStopValues[]): string[] {
  const paths: string[] = [];
  if (before.length !== after.length) paths.push('rotation');
  after.forEach((stop, index) => {
    const old = before[index];
    if (!old) return;
    for (const field of ['port_id', 'day_offset', 'arrival_time', 'stay_hours', 'is_terminal_call'] as const) {
      if (old[field] !== stop[field]) paths.push(`rotation.${index}.${field}`);
    }
    if (old.is_terminal_call !== stop.is_terminal_call) paths.push('rotation');
  });
  return paths;
}

export function TemplateForm({ mode, initialValues, initialBase, terminals, operatorLabel, isOperatorLocked }: TTemplateFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const text = useTemplateText(locale);
  const createMutation = useCreateVoyageTemplate();
  const updateMutation = useUpdateVoyageTemplate();

  const [values, setValues] = useState(initialValues);
  const [base, setBase] = useState(initialBase);
  const [labels, setLabels] = useState({ operator: operatorLabel });
  const [problems, setProblems] = useState<TTemplateProblem[]>([]);
  const [conflict, setConflict] = useState<TVoyageTemplate | null>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const [exceptionDraft, setExceptionDraft] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [diffStep, setDiffStep] = useState<{ template: TVoyageTemplate; diff: TTemplateDiff } | { template: TVoyageTemplate; error: unknown } | null>(null);
  const [isLoadingDiff, setLoadingDiff] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);

  const terminal = terminals.find((option) => option.id === values.terminal_id) ?? null;
  const timeZone = terminal?.time_zone ?? DEFAULT_TIMEZONE;
  const isSaving = createMutation.isPending || updateMutation.isPending || isLoadingDiff;
  const listPath = `/${locale}/voyage-center/voyage-templates`;

  const set = (patch: Partial<TTemplateFormValues>, clearPaths: string[] = Object.keys(patch)) => {
    setValues((current) => ({ ...current, ...patch }));
    // Editing a field clears what was said about it.
    setProblems((current) => current.filter((p) => !clearPaths.some((field) => p.path === field || p.path.startsWith(`${field}.`))));
  };
  const problemText = (problem: TTemplateProblem): string => ('key' in problem ? t(`voyageTemplates.problems.${problem.key}`) : problem.text);
  const errorOf = (path: string): string | undefined => {
    const problem = problems.find((p) => p.path === path);
    return problem ? problemText(problem) : undefined;
  };
  const showTop = () => topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  const FIELD_LABELS: Record<string, string> = {
    terminal_id: t('voyageTemplates.form.terminal'),
    name: t('voyageTemplates.form.name'),
    code: t('voyageTemplates.form.code'),
    vessel_operator_id: t('voyageTemplates.form.vessel_operator'),
    valid_from: t('voyageTemplates.form.valid_from'),
    valid_to: t('voyageTemplates.form.valid_to'),
    recurrence: t('voyageTemplates.form.sections.recurrence'),
    'recurrence.interval_weeks': t('voyageTemplates.form.interval_weeks'),
    'recurrence.exceptions': t('voyageTemplates.form.exceptions'),
    vessel_ids: t('voyageTemplates.form.sections.vessels'),
    rotation: t('voyageTemplates.form.sections.rotation'),
    berth_window: t('voyageTemplates.form.sections.berth_window'),
    'berth_window.arrival_weekday': t('voyageTemplates.form.arrival_weekday'),
    'berth_window.preferred_start_position_m': t('voyageTemplates.form.preferred_start_position'),
    'berth_window.berth_orientation': t('voyageTemplates.form.berth_orientation'),
    import_direction: t('voyageTemplates.form.import_direction'),
    export_direction: t('voyageTemplates.form.export_direction'),
  };
  const STOP_FIELDS: Record<string, string> = {
    port_id: t('voyageTemplates.form.port'),
    day_offset: t('voyageTemplates.form.day_offset'),
    arrival_time: t('voyageTemplates.form.arrival_time'),
    stay_hours: t('voyageTemplates.form.stay_hours'),
    is_terminal_call: t('voyageTemplates.form.is_terminal_call'),
  };
  const whereOf = (path: string): string => {
    const stop = /^rotation\.(\d+)\.?(\w*)/.exec(path);
    if (stop) return [t('voyageTemplates.form.stop', { number: Number(stop[1]) + 1 }), STOP_FIELDS[stop[2] ?? ''] ?? ''].filter(Boolean).join(' · ');
    const vessel = /^vessel_ids\.(\d+)/.exec(path);
    if (vessel) return `${FIELD_LABELS.vessel_ids} · ${Number(vessel[1]) + 1}`;
    const exception = /^recurrence\.exceptions\.(\d+)/.exec(path);
    if (exception) return `${FIELD_LABELS['recurrence.exceptions']} · ${values.exceptions[Number(exception[1])] ? formatDay(values.exceptions[Number(exception[1])]!, locale) : ''}`;
    return FIELD_LABELS[path] ?? path;
  };

  const onFailure = (error: unknown) => {
    if (isApiError(error) && error.code === 'CONFLICT' && error.current) setConflict(error.current as TVoyageTemplate);
    else if (isApiError(error) && error.fieldErrors.length > 0) setProblems(error.fieldErrors.map((e) => ({ path: e.path, text: e.message })));
    else setSubmitError(error);
    showTop();
  };

  const popup = (title: string, template: TVoyageTemplate) =>
    notifications.show({
      color: 'green',
      withBorder: true,
      autoClose: POPUP_AUTO_CLOSE_MS,
      title,
      message: t('voyageTemplates.form.saved_message', { name: template.name, code: template.code }),
      ...({ 'data-testid': 'voyage-template-saved' } as object),
    });

  const afterUpdate = async (template: TVoyageTemplate) => {
    popup(t('voyageTemplates.form.updated_title'), template);
    setBase(template);
    setLoadingDiff(true);
    try {
      const diff = await queryClient.fetchQuery({ queryKey: voyageTemplateKeys.diff(template.id), queryFn: ({ signal }) => getTemplateDiff(template.id, signal), staleTime: 0 });
      if (diff.items.length === 0) {
        void navigate(listPath);
        return;
      }
      setDiffStep({ template, diff });
    } catch (error) {
      setDiffStep({ template, error });
    } finally {
      setLoadingDiff(false);
    }
    showTop();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setSubmitError(null);
    const built = buildTemplateRequest(values);
    if (built.problems.length > 0) {
      setProblems(built.problems);
      showTop();
      return;
    }
    setProblems([]);
    if (mode === 'add') {
      createMutation.mutate(built.request, {
        onSuccess: (template) => {
          popup(t('voyageTemplates.form.added_title'), template);
          void navigate(listPath);
        },
        onError: onFailure,
      });
      return;
    }
    if (!base) return;
    const { terminal_id: _terminal, ...fields } = built.request;
    const changes: TVoyageTemplateUpdateRequest = { ...fields, version: base.version };
    updateMutation.mutate({ id: base.id, changes }, { onSuccess: (template) => void afterUpdate(template), onError: onFailure });
  };

  const loadLatest = () => {
    if (!conflict) return;
    queryClient.setQueryData(voyageTemplateKeys.detail(conflict.id), conflict);
    setBase(conflict);
    setValues(templateValuesOf(conflict));
    setLabels({ operator: conflict.vessel_operator });
    setConflict(null);
    setProblems([]);
    // The pickers keep their own search text: a fresh form shows the loaded labels.
    setFormKey((k) => k + 1);
    showTop();
  };

  const conflictRows: TConflictRow[] = [];
  if (conflict && base) {
    const yours = buildTemplateRequest(values).request;
    const row = (field: string, label: string, theirs: string, before: string, mine: string) => {
      if (theirs !== before) conflictRows.push({ field, label, theirs, yours: mine });
    };
    row('name', FIELD_LABELS.name!, conflict.name, base.name, yours.name);
    row('code', FIELD_LABELS.code!, conflict.code, base.code, yours.code);
    row('valid_from', FIELD_LABELS.valid_from!, conflict.valid_from, base.valid_from, yours.valid_from);
    row('valid_to', FIELD_LABELS.valid_to!, conflict.valid_to ?? '', base.valid_to ?? '', yours.valid_to ?? '');
    row('recurrence', t('voyageTemplates.form.conflict_recurrence'), text.recurrence(conflict.recurrence.interval_weeks, conflict.berth_window.arrival_weekday), text.recurrence(base.recurrence.interval_weeks, base.berth_window.arrival_weekday), text.recurrence(Number(values.interval_weeks) || 1, Number(values.arrival_weekday)));
    row('vessels', t('voyageTemplates.form.conflict_vessels'), conflict.vessels.map((v) => v.name).join(' → '), base.vessels.map((v) => v.name).join(' → '), values.vessels.map((v) => v.name).join(' → '));
    const stops = (template: TVoyageTemplate) => template.rotation.map((s) => `${s.unlocode} +${s.day_offset}d ${s.arrival_time}`).join(' → ');
    row('rotation', t('voyageTemplates.form.conflict_rotation'), stops(conflict), stops(base), values.rotation.map((s) => `${s.port_unlocode ?? '?'} +${s.day_offset}d ${s.arrival_time}`).join(' → '));
    row('berth_window', FIELD_LABELS.berth_window!, text.berthWindow(conflict), text.berthWindow(base), '');
  }

  if (diffStep) {
    if ('diff' in diffStep) return <TemplateDiffReview templateId={diffStep.template.id} diff={diffStep.diff} timeZone={timeZone} locale={locale} onDone={() => void navigate(listPath)} />;
    return (
      <Alert color="orange" variant="light" role="alert" title={t('voyageTemplates.diff.load_failed')} data-testid="diff-load-failed">
        <Text size="sm">{errorText(diffStep.error)}</Text>
        <Button component={Link} to={listPath} variant="light" size="compact-sm" mt="xs">
          {t('voyageTemplates.form.to_list')}
        </Button>
      </Alert>
    );
  }

  const listedProblems = problems.map((p, index) => ({ key: `${p.path}-${index}`, text: `${whereOf(p.path)}: ${problemText(p)}` }));
  const directionOptions = VOYAGE_DIRECTIONS.map((d) => ({ value: d, label: t(`voyageTemplates.form.directions.${d}`) }));
  const addException = () => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(exceptionDraft)) {
      setProblems((current) => [...current.filter((p) => p.path !== 'exception_draft'), { path: 'exception_draft', key: 'date_format' }]);
      return;
    }
    // Kept sorted, as sent: the server's `recurrence.exceptions.N` then points at the date shown N-th.
    const next = [...new Set([...values.exceptions, exceptionDraft])].sort();
    set({ exceptions: next }, ['recurrence.exceptions', 'recurrence', 'exception_draft']);
    setExceptionDraft('');
  };
  const terminalPort = terminal ? { ...terminal.port, time_zone: terminal.time_zone } : null;

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="template-form" data-mode={mode} key={formKey}>
      <Stack gap="md">
        <div ref={topRef} style={{ scrollMarginTop: 80 }} />
        {conflict && <ConflictNotice rows={conflictRows} onLoadLatest={loadLatest} testId="template-conflict" />}
        <FormProblems title={t('voyageTemplates.form.check_fields')} problems={listedProblems} problemsTestId="template-form-problems" submitError={submitError} errorTestId="template-form-error" />

        <SectionCard id="template-service" title={t('voyageTemplates.form.sections.service')} icon={<IconTemplate {...iconProps} />}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            {terminals.length > 1 && (
              <Select
                size="sm"
                label={t('voyageTemplates.form.terminal')}
                data={terminals.map((option) => ({ value: String(option.id), label: option.name }))}
                value={values.terminal_id === null ? null : String(values.terminal_id)}
                onChange={(value) => set({ terminal_id: value === null ? null : Number(value) })}
                disabled={mode === 'edit'}
                allowDeselect={false}
                required
                error={errorOf('terminal_id')}
                data-testid="field-terminal"
              />
            )}
            <TextField size="sm" label={t('voyageTemplates.form.name')} required maxLength={100} value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errorOf('name')} data-testid="field-name" />
            <TextField
              size="sm"
              label={t('voyageTemplates.form.code')}
              description={t('voyageTemplates.form.code_hint')}
              required
              maxLength={11}
              value={values.code}
              onChange={(e) => set({ code: e.currentTarget.value })}
              error={errorOf('code')}
              data-testid="field-code"
            />
            <EntitySelect
              size="sm"
              kind="vessel_operators"
              label={t('voyageTemplates.form.vessel_operator')}
              placeholder={t('portcalls.picker.organisation_placeholder')}
              required
              disabled={isOperatorLocked}
              value={values.vessel_operator_id}
              selectedLabel={labels.operator}
              optionLabel={organisationLabel}
              onChange={(id, item) => {
                set({ vessel_operator_id: id });
                setLabels({ operator: item ? organisationLabel(item) : null });
              }}
              error={errorOf('vessel_operator_id')}
              testId="field-vessel-operator"
            />
            <Select
              size="sm"
              label={t('voyageTemplates.form.import_direction')}
              data={directionOptions}
              value={values.import_direction}
              onChange={(value) => value && set({ import_direction: value as TDirection })}
              allowDeselect={false}
              error={errorOf('import_direction')}
              data-testid="field-import-direction"
            />
            <Select
              size="sm"
              label={t('voyageTemplates.form.export_direction')}
              data={directionOptions}
              value={values.export_direction}
              onChange={(value) => value && set({ export_direction: value as TDirection })}
              allowDeselect={false}
              error={errorOf('export_direction')}
              data-testid="field-export-direction"
            />
          </SimpleGrid>
        </SectionCard>

        <SectionCard id="template-recurrence" title={t('voyageTemplates.form.sections.recurrence')} icon={<IconCalendarRepeat {...iconProps} />}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <DateField size="sm" label={t('voyageTemplates.form.valid_from')} required value={values.valid_from} onChange={(next) => set({ valid_from: next })} error={errorOf('valid_from')} data-testid="field-valid-from" />
            <DateField clearable
              size="sm"
              label={t('voyageTemplates.form.valid_to')}
              description={t('voyageTemplates.form.valid_to_hint')}
              value={values.valid_to}
              onChange={(next) => set({ valid_to: next })}
              error={errorOf('valid_to')}
              data-testid="field-valid-to"
            />
            <TextField
              size="sm"
              type="number"
              min={1}
              max={12}
              label={t('voyageTemplates.form.interval_weeks')}
              description={text.recurrence(Number(values.interval_weeks) >= 1 ? Number(values.interval_weeks) : 1, Number(values.arrival_weekday))}
              required
              value={values.interval_weeks}
              onChange={(e) => set({ interval_weeks: e.currentTarget.value }, ['recurrence.interval_weeks', 'recurrence'])}
              error={errorOf('recurrence.interval_weeks') ?? errorOf('recurrence')}
              data-testid="field-interval-weeks"
            />
          </SimpleGrid>
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t('voyageTemplates.form.exceptions')}
            </Text>
            <Text size="xs" c="dimmed">
              {t('voyageTemplates.form.exceptions_hint')}
            </Text>
            <Group gap={6} data-testid="exceptions-list">
              {values.exceptions.length === 0 && (
                <Text size="sm" c="dimmed">
                  {t('voyageTemplates.form.no_exceptions')}
                </Text>
              )}
              {values.exceptions.map((date, index) => {
                const error = errorOf(`recurrence.exceptions.${index}`);
                const day = formatDay(date, locale);
                return (
                  <Tooltip key={date} label={error} disabled={!error}>
                    <Badge
                      variant="light"
                      color={error ? 'red' : 'navy'}
                      radius="sm"
                      size="lg"
                      data-testid="exception-date"
                      data-date={date}
                      rightSection={
                        <ActionIcon
                          size="xs"
                          variant="transparent"
                          color={error ? 'red' : 'navy'}
                          aria-label={t('voyageTemplates.form.remove_exception', { date: day })}
                          onClick={() => set({ exceptions: values.exceptions.filter((d) => d !== date) }, ['recurrence.exceptions', 'recurrence'])}
                          data-testid="exception-remove"
                        >
                          <IconX size={12} />
                        </ActionIcon>
                      }
                    >
                      {day}
                    </Badge>
                  </Tooltip>
                );
              })}
            </Group>
            {errorOf('recurrence.exceptions') && (
              <Text size="xs" c="red">
                {errorOf('recurrence.exceptions')}
              </Text>
            )}
            <Group gap="xs" align="flex-end">
              <DateField clearable
                size="sm"
                label={t('voyageTemplates.form.exception_date')}
                value={exceptionDraft}
                onChange={(next) => setExceptionDraft(next)}
                error={errorOf('exception_draft')}
                data-testid="field-exception-date"
              />
              <Button variant="light" size="sm" leftSection={<IconPlus size={16} />} onClick={addException} data-testid="exception-add">
                {t('voyageTemplates.form.add_exception')}
              </Button>
            </Group>
          </Stack>
        </SectionCard>

        <SectionCard id="template-vessels" title={t('voyageTemplates.form.sections.vessels')} icon={<IconShip {...iconProps} />}>
          <VesselsEditor
            vessels={values.vessels}
            errorOf={errorOf}
            onChange={(vessels, order) => {
              // A moved or removed vessel takes its problem along; the list as a whole is fine again once it changes.
              setProblems((current) => (order ? moveIndexedProblems(current, 'vessel_ids', order) : current).filter((p) => p.path !== 'vessel_ids'));
              setValues((current) => ({ ...current, vessels }));
            }}
          />
        </SectionCard>

        <SectionCard id="template-berth-window" title={t('voyageTemplates.form.sections.berth_window')} icon={<IconAnchor {...iconProps} />}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <Select
              size="sm"
              label={t('voyageTemplates.form.arrival_weekday')}
              data={ISO_WEEKDAYS.map((day) => ({ value: String(day), label: text.weekday(day) }))}
              value={String(values.arrival_weekday)}
              onChange={(value) => value && set({ arrival_weekday: Number(value) }, ['berth_window.arrival_weekday'])}
              allowDeselect={false}
              required
              error={errorOf('berth_window.arrival_weekday')}
              data-testid="field-arrival-weekday"
            />
            <TextField
              size="sm"
              type="number"
              min={0}
              label={t('voyageTemplates.form.preferred_start_position')}
              value={values.preferred_start_position_m}
              onChange={(e) => set({ preferred_start_position_m: e.currentTarget.value }, ['berth_window.preferred_start_position_m'])}
              error={errorOf('berth_window.preferred_start_position_m')}
              data-testid="field-start-position"
            />
            <Select
              size="sm"
              label={t('voyageTemplates.form.berth_orientation')}
              placeholder={t('voyageTemplates.form.no_orientation')}
              data={BERTH_ORIENTATIONS.map((o) => ({ value: o, label: t(orientationKey(o)) }))}
              value={values.berth_orientation}
              onChange={(value) => set({ berth_orientation: (value as TOrientation | null) ?? null }, ['berth_window.berth_orientation'])}
              clearable
              error={errorOf('berth_window.berth_orientation')}
              data-testid="field-orientation"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('voyageTemplates.form.window_from_stop')}
          </Text>
        </SectionCard>

        <SectionCard id="template-rotation" title={t('voyageTemplates.form.sections.rotation')} icon={<IconRoute {...iconProps} />}>
          <RotationEditor
            stops={values.rotation}
            terminalPort={terminalPort}
            errorOf={errorOf}
            onChange={(rotation, order) => {
              if (order) setProblems((current) => moveIndexedProblems(current, 'rotation', order));
              else setProblems((current) => current.filter((p) => !changedStopPaths(values.rotation, rotation).some((path) => p.path === path)));
              setValues((current) => ({ ...current, rotation }));
            }}
          />
        </SectionCard>

        <SectionCard id="template-preview" title={t('voyageTemplates.form.sections.preview')} icon={<IconEye {...iconProps} />} testId="template-preview">
          <Text size="xs" c="dimmed">
            {t('voyageTemplates.form.preview_hint')}
          </Text>
          <OccurrencePreview values={values} terminalTimeZone={timeZone} locale={locale} templateId={initialBase?.id} />
        </SectionCard>

        <Group gap="sm">
          <Button type="submit" loading={isSaving} data-testid="template-form-save">
            {t('voyageTemplates.form.save')}
          </Button>
          <Button component={Link} to={listPath} variant="default" data-testid="template-form-cancel">
            {t('voyageTemplates.form.cancel')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
