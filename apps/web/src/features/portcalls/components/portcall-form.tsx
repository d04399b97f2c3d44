// The add and edit form of a port call: every editable field in the spec's tab order, checked before sending; a 409 shows the other person's values.
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Box, Button, Checkbox, Group, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAnchor, IconBox, IconCalendarTime, IconCrane, IconFileCheck, IconInfoCircle, IconMapPin, IconMessage, IconRoute, IconShip } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BERTH_ORIENTATIONS,
  CARD_COLOUR_CLASSES,
  CARGO_QUANTITY_STATUSES,
  CARGO_TYPES,
  DEFAULT_TIMEZONE,
  MOVE_COUNT_UNITS,
  PORTCALL_TYPES,
  POPUP_AUTO_CLOSE_MS,
  VESSEL_CHARACTERISTICS,
  type TPortcall,
  type TPortcallCreateRequest,
  type TPortcallField,
  type TPortcallUpdateRequest,
  type TUserType,
  canWritePortcallField,
  partyOf,
} from '@quayline/domain';
import { EntitySelect } from '@/components/entity-select';
import { ConflictNotice, type TConflictRow } from '@/components/ui/conflict-notice';
import { FormProblems } from '@/components/ui/form-problems';
import { SectionCard } from '@/components/ui/section-card';
import { TextField } from '@/components/ui/text-field';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { organisationLabel, portLabel } from '@/lib/record-labels';
import { useTerminal } from '@/lib/terminals';
import { useCreatePortcall } from '../api/create-portcall';
import { portcallKeys } from '../api/query-keys';
import { useUpdatePortcall } from '../api/update-portcall';
import { useProblemText } from '../hooks/use-problem-text';
import { type TVesselOptionLabel, useVesselOptionLabel } from '@/entities/portcall/use-vessel-type-text';
import { recordNamesOf, useValueText } from '../hooks/use-value-text';
import { cargoTypeKey, characteristicKey, colourKey, fieldKey, FIELD_NAMES, orientationKey, portcallTypeKey, quantityStatusKey, unitKey } from '@/entities/portcall/enum-labels';
import { problemsFromServer, type TFormProblem } from '../utils/field-problems';
import { buildPortcallRequest, changedFields, formValuesFromPortcall, tierTotals, type TPortcallFormValues } from '../utils/form-values';
import { CargoDetailsEditor } from './cargo-details-editor';
import { EquipmentBookingsEditor } from './equipment-bookings-editor';
import { EquipmentBookingsReadOnly, PriseFieldsReadOnly, ShiftPlanReadOnly, TerminalFieldsReadOnly } from './portcall-form-read-only';
import { ShiftPlanEditor } from './shift-plan-editor';
import { DateTimeField } from '@/components/date-inputs';
import { localizedName } from '@quayline/domain';

/** Labels of the records the pickers show, known from the port call or from the pick itself. */
export type TPickerLabels = { vessel: string | null; operator: string | null; agent: string | null; previous_port: string | null; next_port: string | null };

type TPortcallFormProps = {
  mode: 'add' | 'edit';
  initialValues: TPortcallFormValues;
  initialLabels: TPickerLabels;
  initialVesselLength: number;
  /** Edit: the record the form started from; its version goes with the save. */
  initialBase: TPortcall | null;
  terminals: { id: number; name: string }[];
  /** Whose form it is: it offers only the fields this user type may change (PORTCALL_FIELD_PERMISSIONS). */
  userType: TUserType;
  isOperatorLocked: boolean;
  isAgentLocked: boolean;
};

const iconProps = { size: 22, stroke: 1.6, color: 'var(--mantine-color-harbor-7)' } as const;

export function labelsOfPortcall(p: TPortcall, vesselOption: TVesselOptionLabel): TPickerLabels {
  return {
    vessel: vesselOption({ name: p.vessel_name, imo_number: p.imo_number, vessel_type: p.vessel_type }),
    operator: organisationLabel({ code: p.vessel_operator_code, name: p.vessel_operator }),
    agent: p.agent_code,
    previous_port: p.previous_port,
    next_port: p.next_port,
  };
}

export function PortcallForm({ mode, initialValues, initialLabels, initialVesselLength, initialBase, terminals, userType, isOperatorLocked, isAgentLocked }: TPortcallFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const problemText = useProblemText();
  const vesselOption = useVesselOptionLabel();
  const createMutation = useCreatePortcall();
  const updateMutation = useUpdatePortcall();
  const isTerminal = partyOf(userType) === 'terminal';
  const canWrite = (field: TPortcallField) => canWritePortcallField(userType, field);

  // A link that says what to change (the PRISE panel's next step) opens the form on that field: `?focus=field-…`.
  const [searchParams] = useSearchParams();
  const focusTarget = searchParams.get('focus');
  useEffect(() => {
    if (!focusTarget || !/^field-[a-z-]+$/.test(focusTarget)) return;
    const frame = requestAnimationFrame(() => {
      const marked = document.querySelector<HTMLElement>(`[data-testid="${focusTarget}"]`);
      const field = marked?.matches('input, textarea, button') ? marked : (marked?.querySelector<HTMLElement>('input, textarea, button') ?? marked);
      field?.scrollIntoView({ block: 'center' });
      field?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [focusTarget]);

  const [values, setValues] = useState(initialValues);
  const [labels, setLabels] = useState(initialLabels);
  const [vesselLength, setVesselLength] = useState(initialVesselLength);
  const [base, setBase] = useState(initialBase);
  const [problems, setProblems] = useState<TFormProblem[]>([]);
  const [conflict, setConflict] = useState<{ current: TPortcall; attempted: Partial<TPortcallUpdateRequest> } | null>(null);
  const [submitError, setSubmitError] = useState<unknown>(null);
  const topRef = useRef<HTMLDivElement>(null);

  const terminalQuery = useTerminal(values.terminal_id);
  const terminal = terminalQuery.data;
  const timeZone = terminal?.time_zone ?? DEFAULT_TIMEZONE;
  const names = useMemo(() => recordNamesOf(base, conflict?.current), [base, conflict]);
  const valueText = useValueText(timeZone, names);
  const isSaving = createMutation.isPending || updateMutation.isPending;

  const set = (patch: Partial<TPortcallFormValues>) => {
    setValues((current) => ({ ...current, ...patch }));
    // Editing a field clears what was said about it.
    const touched = Object.keys(patch);
    setProblems((current) => current.filter((p) => !touched.some((field) => p.path === field || p.path.startsWith(`${field}.`))));
  };
  const errorOf = (path: string): string | undefined => {
    const problem = problems.find((p) => p.path === path);
    return problem ? problemText(problem.message) : undefined;
  };
  const showTop = () => topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  const buildContext = { timeZone, quayLength: terminal?.quay_length_m ?? Number.MAX_SAFE_INTEGER, vesselLength, userType };

  const onFailure = (error: unknown, attempted: Partial<TPortcallUpdateRequest>) => {
    if (isApiError(error) && error.code === 'CONFLICT' && error.current) {
      setConflict({ current: error.current as TPortcall, attempted });
    } else if (isApiError(error) && error.fieldErrors.length > 0) {
      setProblems(problemsFromServer(error.fieldErrors));
    } else {
      setSubmitError(error);
    }
    showTop();
  };

  const afterSave = (portcall: TPortcall) => {
    notifications.show({
      id: 'portcall-saved',
      color: 'green',
      withBorder: true,
      autoClose: POPUP_AUTO_CLOSE_MS,
      title: mode === 'add' ? t('portcalls.form.created_title') : t('portcalls.form.saved_title'),
      message: t('portcalls.form.saved_description', { vessel: portcall.vessel_name }),
      ...({ 'data-testid': 'portcall-saved' } as object),
    });
    void navigate(`/${locale}/portcall-planner/details?id=${portcall.id}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSaving) return;
    setSubmitError(null);
    const built = buildPortcallRequest(values, buildContext);
    if (built.problems.length > 0) {
      setProblems(built.problems);
      showTop();
      return;
    }
    setProblems([]);
    if (mode === 'add') {
      createMutation.mutate(built.request as TPortcallCreateRequest, { onSuccess: afterSave, onError: (error) => onFailure(error, {}) });
      return;
    }
    if (!base) return;
    const baseRequest = buildPortcallRequest(formValuesFromPortcall(base, timeZone), buildContext).request;
    const changes = changedFields(baseRequest, built.request) as Partial<TPortcallUpdateRequest>;
    if (Object.keys(changes).length === 0) {
      notifications.show({ id: 'portcall-unchanged', color: 'blue', withBorder: true, autoClose: POPUP_AUTO_CLOSE_MS, message: t('portcalls.form.nothing_changed') });
      void navigate(`/${locale}/portcall-planner/details?id=${base.id}`);
      return;
    }
    updateMutation.mutate({ id: base.id, changes: { ...changes, version: base.version } as TPortcallUpdateRequest }, { onSuccess: afterSave, onError: (error) => onFailure(error, changes) });
  };

  const loadLatest = () => {
    if (!conflict) return;
    const latest = conflict.current;
    queryClient.setQueryData(portcallKeys.detail(latest.id), latest);
    setBase(latest);
    setValues(formValuesFromPortcall(latest, timeZone));
    setLabels(labelsOfPortcall(latest, vesselOption));
    setVesselLength(latest.vessel_length_overall);
    setConflict(null);
    setProblems([]);
    showTop();
  };

  const conflictRows: TConflictRow[] = conflict && base
    ? FIELD_NAMES.filter((field) => field !== 'portcall' && field in conflict.current)
        .filter((field) => JSON.stringify((base as Record<string, unknown>)[field]) !== JSON.stringify((conflict.current as Record<string, unknown>)[field]))
        .map((field) => {
          const key = fieldKey(field);
          const attempted = (conflict.attempted as Record<string, unknown>)[field];
          return {
            field,
            label: key ? t(key) : field,
            theirs: valueText(field, (conflict.current as Record<string, unknown>)[field]),
            yours: attempted === undefined ? undefined : valueText(field, attempted),
          };
        })
    : [];

  const orgOption = organisationLabel;
  const cargoWindow = { start: values.cargo_operations_start, end: values.cargo_operations_end };
  const bookingWindow = cargoWindow.start && cargoWindow.end ? cargoWindow : { start: values.berth_arrival, end: values.berth_departure };
  const moves = values.cargo_details.reduce(
    (sum, row) => {
      const tier = tierTotals(row);
      const number = (text: string) => Math.max(0, Math.floor(Number(text.replace(',', '.')) || 0));
      const figures = tier ?? { discharge: number(row.discharge), load: number(row.load), restow: number(row.restow) };
      return { discharge: sum.discharge + figures.discharge, load: sum.load + figures.load, restow: sum.restow + figures.restow };
    },
    { discharge: 0, load: 0, restow: 0 },
  );
  const timeHint = t('portcalls.times_in_zone', { zone: timeZone });
  const rowLabel = (head: string | undefined, index: string | undefined): string | null => {
    if (index === undefined || !/^\d+$/.test(index)) return null;
    const number = Number(index) + 1;
    if (head === 'cargo_details') return t('portcalls.cargo.row', { number });
    if (head === 'equipment_details') return t('portcalls.equipment_form.row', { number });
    if (head === 'portcall_shift_details') return `${t('portcalls.planning.shift_section')} ${number}`;
    return null;
  };
  const listedProblems = problems.map((p) => {
    const [head, index] = p.path.split('.');
    const row = rowLabel(head, index);
    const key = fieldKey(p.path);
    const where = row ?? (key ? t(key) : p.path);
    return { key: p.path, text: `${where}: ${problemText(p.message)}` };
  });

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="portcall-form" data-mode={mode}>
      <Stack gap="md">
        <div ref={topRef} style={{ scrollMarginTop: 80 }} />
        {conflict && <ConflictNotice rows={conflictRows} onLoadLatest={loadLatest} testId="portcall-conflict" />}
        <FormProblems title={t('portcalls.form.check_fields')} problems={listedProblems} problemsTestId="portcall-form-problems" submitError={submitError} errorTestId="portcall-form-error" />

        <SectionCard id="form-main" title={t('portcalls.sections.main')} icon={<IconShip {...iconProps} />}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            <EntitySelect
              size="sm"
              kind="vessels"
              label={t('portcalls.fields.vessel_id')}
              placeholder={t('portcalls.picker.vessel_placeholder')}
              required
              value={values.vessel_id}
              selectedLabel={labels.vessel}
              optionLabel={vesselOption}
              onChange={(id, vessel) => {
                set({ vessel_id: id });
                setLabels((l) => ({ ...l, vessel: vessel ? vesselOption(vessel) : null }));
                if (vessel) setVesselLength(vessel.length_overall_m);
                // The vessel's own operator is the likely one; only filled in when nobody chose yet.
                if (vessel?.vessel_operator && values.vessel_operator_id === null && !isOperatorLocked) {
                  set({ vessel_id: id, vessel_operator_id: vessel.vessel_operator.id });
                  setLabels((l) => ({ ...l, operator: orgOption(vessel.vessel_operator!) }));
                }
              }}
              error={errorOf('vessel_id')}
              testId="field-vessel"
            />
            <EntitySelect
              size="sm"
              kind="vessel_operators"
              label={t('portcalls.fields.vessel_operator_id')}
              placeholder={t('portcalls.picker.organisation_placeholder')}
              required
              disabled={isOperatorLocked}
              value={values.vessel_operator_id}
              selectedLabel={labels.operator}
              optionLabel={orgOption}
              onChange={(id, item) => {
                set({ vessel_operator_id: id });
                setLabels((l) => ({ ...l, operator: item ? orgOption(item) : null }));
              }}
              error={errorOf('vessel_operator_id')}
              testId="field-vessel-operator"
            />
            <EntitySelect
              size="sm"
              kind="agents"
              label={t('portcalls.fields.agent_id')}
              placeholder={t('portcalls.picker.organisation_placeholder')}
              disabled={isAgentLocked}
              value={values.agent_id}
              selectedLabel={labels.agent}
              optionLabel={orgOption}
              onChange={(id, item) => {
                set({ agent_id: id });
                setLabels((l) => ({ ...l, agent: item ? orgOption(item) : null }));
              }}
              error={errorOf('agent_id')}
              testId="field-agent"
            />
            <DateTimeField
              size="sm"
              label={t('portcalls.fields.berth_arrival')}
              description={timeHint}
              required
              value={values.berth_arrival}
              onChange={(next) => set({ berth_arrival: next })}
              error={errorOf('berth_arrival')}
              data-testid="field-berth-arrival"
            />
            <DateTimeField
              size="sm"
              label={t('portcalls.fields.berth_departure')}
              description={timeHint}
              required
              value={values.berth_departure}
              onChange={(next) => set({ berth_departure: next })}
              error={errorOf('berth_departure')}
              data-testid="field-berth-departure"
            />
            <Select
              size="sm"
              label={t('portcalls.fields.portcall_type')}
              data={PORTCALL_TYPES.map((type) => ({ value: type, label: t(portcallTypeKey(type)) }))}
              value={values.portcall_type}
              onChange={(value) => value && set({ portcall_type: value as TPortcallFormValues['portcall_type'] })}
              allowDeselect={false}
              data-testid="field-portcall-type"
            />
            <DateTimeField clearable
              size="sm"
              label={t('portcalls.fields.cargo_operations_start')}
              description={timeHint}
              value={values.cargo_operations_start}
              onChange={(next) => set({ cargo_operations_start: next })}
              error={errorOf('cargo_operations_start')}
              data-testid="field-cargo-operations-start"
            />
            <DateTimeField clearable
              size="sm"
              label={t('portcalls.fields.cargo_operations_end')}
              description={timeHint}
              value={values.cargo_operations_end}
              onChange={(next) => set({ cargo_operations_end: next })}
              error={errorOf('cargo_operations_end')}
              data-testid="field-cargo-operations-end"
            />
            <Select
              size="sm"
              label={t('portcalls.fields.terminal_id')}
              data={terminals.map((terminalOption) => ({ value: String(terminalOption.id), label: terminalOption.name }))}
              value={values.terminal_id === null ? null : String(values.terminal_id)}
              onChange={(value) => set({ terminal_id: value === null ? null : Number(value), pilot_boarding_place_id: null })}
              disabled={mode === 'edit' || terminals.length <= 1}
              allowDeselect={false}
              required
              error={errorOf('terminal_id')}
              data-testid="field-terminal"
            />
          </SimpleGrid>
          <Switch label={t('portcalls.fields.is_dummy_vessel')} checked={values.is_dummy_vessel} onChange={(e) => set({ is_dummy_vessel: e.currentTarget.checked })} data-testid="field-dummy-vessel" />
          {mode === 'edit' && (
            <Text size="xs" c="dimmed">
              <IconInfoCircle size={14} style={{ verticalAlign: 'text-bottom', marginRight: 4 }} />
              {isTerminal ? t('portcalls.form.times_edit_hint_terminal') : t('portcalls.form.times_edit_hint_vessel_side')}
            </Text>
          )}
        </SectionCard>

        <SectionCard id="form-pilot" title={t('portcalls.sections.pilot_boarding')} icon={<IconMapPin {...iconProps} />}>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
            <Select
              size="sm"
              label={t('portcalls.fields.pilot_boarding_place_id')}
              placeholder={t('portcalls.none')}
              data={(terminal?.pilot_boarding_places ?? []).map((place) => ({ value: String(place.id), label: localizedName(place, locale) }))}
              value={values.pilot_boarding_place_id === null ? null : String(values.pilot_boarding_place_id)}
              onChange={(value) => set({ pilot_boarding_place_id: value === null ? null : Number(value) })}
              clearable
              error={errorOf('pilot_boarding_place_id')}
              data-testid="field-pilot-boarding-place"
            />
            <DateTimeField clearable
              size="sm"
              label={t('portcalls.fields.pilot_boarding_place_arrival')}
              description={timeHint}
              value={values.pilot_boarding_place_arrival}
              onChange={(next) => set({ pilot_boarding_place_arrival: next })}
              error={errorOf('pilot_boarding_place_arrival')}
              data-testid="field-pilot-arrival"
            />
            <DateTimeField clearable
              size="sm"
              label={t('portcalls.fields.pilot_boarding_place_departure')}
              description={timeHint}
              value={values.pilot_boarding_place_departure}
              onChange={(next) => set({ pilot_boarding_place_departure: next })}
              error={errorOf('pilot_boarding_place_departure')}
              data-testid="field-pilot-departure"
            />
          </SimpleGrid>
        </SectionCard>

        <SectionCard id="form-position" title={t('portcalls.sections.berth_position')} icon={<IconAnchor {...iconProps} />} testId="form-terminal-fields">
          {canWrite('berth_start_position') ? (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
                <TextField
                  size="sm"
                  type="number"
                  min={0}
                  label={t('portcalls.form.berth_start_m')}
                  value={values.berth_start_position}
                  onChange={(e) => set({ berth_start_position: e.currentTarget.value })}
                  error={errorOf('berth_start_position')}
                  description={terminal ? t('portcalls.form.quay_length', { length: terminal.quay_length_m }) : undefined}
                  data-testid="field-berth-start"
                />
                <TextField
                  size="sm"
                  type="number"
                  min={0}
                  label={t('portcalls.form.berth_end_m')}
                  value={values.berth_end_position}
                  onChange={(e) => set({ berth_end_position: e.currentTarget.value })}
                  error={errorOf('berth_end_position')}
                  description={vesselLength > 0 ? t('portcalls.form.vessel_length', { length: vesselLength }) : undefined}
                  data-testid="field-berth-end"
                />
                <Select
                  size="sm"
                  label={t('portcalls.fields.berth_orientation')}
                  placeholder={t('portcalls.not_set')}
                  data={BERTH_ORIENTATIONS.map((o) => ({ value: o, label: t(orientationKey(o)) }))}
                  value={values.berth_orientation}
                  onChange={(value) => set({ berth_orientation: value as TPortcallFormValues['berth_orientation'] })}
                  clearable
                  data-testid="field-berth-orientation"
                />
                <Select
                  size="sm"
                  label={t('portcalls.fields.card_colour')}
                  data={CARD_COLOUR_CLASSES.map((c) => ({ value: c, label: t(colourKey(c)) }))}
                  value={values.card_colour}
                  onChange={(value) => value && set({ card_colour: value as TPortcallFormValues['card_colour'] })}
                  allowDeselect={false}
                  data-testid="field-card-colour"
                />
              </SimpleGrid>
              <Group gap="xl">
                <Switch label={t('portcalls.fields.is_bollards_linked')} checked={values.is_bollards_linked} onChange={(e) => set({ is_bollards_linked: e.currentTarget.checked })} data-testid="field-bollards-linked" />
                <Switch label={t('portcalls.fields.is_dummy')} checked={values.is_dummy} onChange={(e) => set({ is_dummy: e.currentTarget.checked })} data-testid="field-dummy" />
              </Group>
              <Textarea
                size="sm"
                label={t('portcalls.fields.berth_comment')}
                value={values.berth_comment}
                maxLength={2000}
                autosize
                minRows={2}
                onChange={(e) => set({ berth_comment: e.currentTarget.value })}
                error={errorOf('berth_comment')}
                data-testid="field-berth-comment"
              />
            </>
          ) : (
            <TerminalFieldsReadOnly values={values} valueText={valueText} />
          )}
        </SectionCard>

        <SectionCard id="form-voyage" title={t('portcalls.sections.voyage')} icon={<IconRoute {...iconProps} />}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="sm">
            <TextField size="sm" label={t('portcalls.fields.service_name')} value={values.service_name} onChange={(e) => set({ service_name: e.currentTarget.value })} error={errorOf('service_name')} data-testid="field-service-name" />
            <TextField size="sm" label={t('portcalls.fields.voyage_number_import')} value={values.voyage_number_import} maxLength={64} onChange={(e) => set({ voyage_number_import: e.currentTarget.value })} error={errorOf('voyage_number_import')} data-testid="field-voyage-import" />
            <TextField size="sm" label={t('portcalls.fields.voyage_number_export')} value={values.voyage_number_export} maxLength={64} onChange={(e) => set({ voyage_number_export: e.currentTarget.value })} error={errorOf('voyage_number_export')} data-testid="field-voyage-export" />
            <TextField size="sm" label={t('portcalls.fields.voyage_name')} value={values.voyage_name} maxLength={128} onChange={(e) => set({ voyage_name: e.currentTarget.value })} error={errorOf('voyage_name')} data-testid="field-voyage-name" />
            <TextField size="sm" label={t('portcalls.fields.zone')} value={values.zone} maxLength={64} onChange={(e) => set({ zone: e.currentTarget.value })} error={errorOf('zone')} data-testid="field-zone" />
            <Box visibleFrom="lg" />
            <EntitySelect
              size="sm"
              kind="ports"
              label={t('portcalls.fields.previous_port_id')}
              placeholder={t('portcalls.picker.port_placeholder')}
              value={values.previous_port_id}
              selectedLabel={labels.previous_port}
              optionLabel={(p) => portLabel({ unlocode: p.unlocode, name: p.name })}
              onChange={(id, port) => {
                set({ previous_port_id: id });
                setLabels((l) => ({ ...l, previous_port: port ? portLabel({ unlocode: port.unlocode, name: port.name }) : null }));
              }}
              error={errorOf('previous_port_id')}
              testId="field-previous-port"
            />
            <EntitySelect
              size="sm"
              kind="ports"
              label={t('portcalls.fields.next_port_id')}
              placeholder={t('portcalls.picker.port_placeholder')}
              value={values.next_port_id}
              selectedLabel={labels.next_port}
              optionLabel={(p) => portLabel({ unlocode: p.unlocode, name: p.name })}
              onChange={(id, port) => {
                set({ next_port_id: id });
                setLabels((l) => ({ ...l, next_port: port ? portLabel({ unlocode: port.unlocode, name: port.name }) : null }));
              }}
              error={errorOf('next_port_id')}
              testId="field-next-port"
            />
            <Box visibleFrom="lg" />
            <TextField size="sm" type="number" min={0} max={30} step={0.1} label={t('portcalls.form.draft_inbound_m')} value={values.draft_inbound} onChange={(e) => set({ draft_inbound: e.currentTarget.value })} error={errorOf('draft_inbound')} data-testid="field-draft-inbound" />
            <TextField size="sm" type="number" min={0} max={30} step={0.1} label={t('portcalls.form.draft_outbound_m')} value={values.draft_outbound} onChange={(e) => set({ draft_outbound: e.currentTarget.value })} error={errorOf('draft_outbound')} data-testid="field-draft-outbound" />
          </SimpleGrid>
        </SectionCard>

        <SectionCard id="form-prise" title={t('portcalls.planning.prise_section')} icon={<IconFileCheck {...iconProps} />} testId="form-prise">
          {mode === 'edit' && <PriseFieldsReadOnly call={base} />}
          <Switch label={t('portcalls.fields.schedule_syncable')} checked={values.schedule_syncable} onChange={(e) => set({ schedule_syncable: e.currentTarget.checked })} data-testid="field-schedule-syncable" />
        </SectionCard>

        <SectionCard id="form-cargo" title={t('portcalls.sections.cargo')} icon={<IconBox {...iconProps} />}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="sm">
            <Select
              size="sm"
              label={t('portcalls.fields.cargo_quantity_status')}
              data={CARGO_QUANTITY_STATUSES.map((s) => ({ value: s, label: t(quantityStatusKey(s)) }))}
              value={values.cargo_quantity_status}
              onChange={(value) => value && set({ cargo_quantity_status: value as TPortcallFormValues['cargo_quantity_status'] })}
              allowDeselect={false}
            />
            <TextField
              size="sm"
              type="number"
              min={0}
              label={t('portcalls.fields.move_count_containers')}
              value={values.move_count_containers}
              onChange={(e) => set({ move_count_containers: e.currentTarget.value })}
              error={errorOf('move_count_containers')}
              data-testid="field-move-count"
            />
            <Select
              size="sm"
              label={t('portcalls.fields.move_count_unit')}
              data={MOVE_COUNT_UNITS.map((unit) => ({ value: unit, label: t(unitKey(unit)) }))}
              value={values.move_count_unit}
              onChange={(value) => value && set({ move_count_unit: value as TPortcallFormValues['move_count_unit'] })}
              allowDeselect={false}
            />
            <TextField size="sm" label={t('portcalls.fields.move_count_comments')} value={values.move_count_comments} onChange={(e) => set({ move_count_comments: e.currentTarget.value })} error={errorOf('move_count_comments')} />
            <Select
              size="sm"
              label={t('portcalls.fields.cargo_type')}
              description={mode === 'add' ? t('portcalls.cargo_type_hint') : undefined}
              data={CARGO_TYPES.map((type) => ({ value: type, label: t(cargoTypeKey(type)) }))}
              value={values.cargo_type}
              onChange={(value) => set({ cargo_type: value as TPortcallFormValues['cargo_type'] })}
              clearable
              error={errorOf('cargo_type')}
              data-testid="field-cargo-type"
            />
          </SimpleGrid>
          {canWrite('sync_shift_cargo_volumes') && (
            <Switch label={t('portcalls.fields.sync_shift_cargo_volumes')} checked={values.sync_shift_cargo_volumes} onChange={(e) => set({ sync_shift_cargo_volumes: e.currentTarget.checked })} data-testid="field-sync-shift" />
          )}
          <Checkbox.Group
            label={t('portcalls.fields.vessel_characteristics')}
            value={values.vessel_characteristics}
            onChange={(picked) => set({ vessel_characteristics: VESSEL_CHARACTERISTICS.filter((c) => picked.includes(c)) })}
          >
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="xs" mt={6}>
              {VESSEL_CHARACTERISTICS.map((c) => (
                <Checkbox key={c} value={c} label={t(characteristicKey(c))} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <CargoDetailsEditor rows={values.cargo_details} onChange={(rows) => set({ cargo_details: rows })} errorOf={errorOf} timeZone={timeZone} />
        </SectionCard>

        {/* Bookings and the shift plan are the terminal's: the vessel side sees them on a call that has them, never a form. */}
        {(canWrite('equipment_details') || base) && (
          <SectionCard id="form-equipment" title={t('portcalls.planning.equipment_section')} icon={<IconCrane {...iconProps} />} testId="form-equipment">
            {canWrite('equipment_details') ? (
              <EquipmentBookingsEditor rows={values.equipment_details} onChange={(rows) => set({ equipment_details: rows })} errorOf={errorOf} timeZone={timeZone} terminalId={values.terminal_id} window={bookingWindow} />
            ) : (
              base && <EquipmentBookingsReadOnly call={base} timeZone={timeZone} />
            )}
          </SectionCard>
        )}

        {(canWrite('portcall_shift_details') || base) && (
          <SectionCard id="form-shifts" title={t('portcalls.planning.shift_section')} icon={<IconCalendarTime {...iconProps} />} testId="form-shifts">
            {canWrite('portcall_shift_details') ? (
              <ShiftPlanEditor rows={values.portcall_shift_details} onChange={(rows) => set({ portcall_shift_details: rows })} errorOf={errorOf} timeZone={timeZone} terminalId={values.terminal_id} cargoWindow={cargoWindow} moves={moves} />
            ) : (
              base && <ShiftPlanReadOnly call={base} timeZone={timeZone} valueText={valueText} />
            )}
          </SectionCard>
        )}

        <SectionCard id="form-comments" title={t('portcalls.sections.comments')} icon={<IconMessage {...iconProps} />}>
          <Textarea
            size="sm"
            label={t('portcalls.fields.comment')}
            value={values.comment}
            maxLength={2000}
            autosize
            minRows={3}
            onChange={(e) => set({ comment: e.currentTarget.value })}
            error={errorOf('comment')}
            data-testid="field-comment"
          />
        </SectionCard>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => void navigate(-1)} disabled={isSaving} data-testid="portcall-form-cancel">
            {t('portcalls.cancel_edit')}
          </Button>
          <Button type="submit" loading={isSaving} disabled={conflict !== null} data-testid="portcall-form-save">
            {mode === 'add' ? t('portcalls.form.create') : t('portcalls.form.save')}
          </Button>
        </Group>
      </Stack>
    </Box>
  );
}
