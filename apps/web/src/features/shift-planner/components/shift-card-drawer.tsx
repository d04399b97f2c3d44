// A card opened in a drawer: every field of the shift's work. Save sends the call's whole plan with its version; a
// refusal keeps what was typed and names the fields, a conflict shows the other person's card and offers it.
import { useEffect, useState } from 'react';
import { Alert, Button, Drawer, Group, MultiSelect, NumberInput, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { IconInfoCircle, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CARGO_TYPES, type TBoardEquipment, type TBoardPortcall, type TBoardShift, type TShiftDetailInput, isCargoType } from '@quayline/domain';
import { ConflictNotice, type TConflictRow } from '@/components/ui/conflict-notice';
import { FormProblems } from '@/components/ui/form-problems';
import { cargoTypeKey } from '@/entities/portcall/enum-labels';
import { formatNumber, shiftLabel, shiftTimes, type TTexts } from '../utils/board-texts';
import { freeEquipmentFor } from '../api/prefill-shift-details';
import { fromCardForm, toCardForm, type TCardErrors, type TCardForm, type TCardFormField } from '../utils/card-form';

export type TCardSaveOutcome = { kind: 'saved' } | { kind: 'invalid'; errors: TCardErrors } | { kind: 'conflict'; theirs: TShiftDetailInput | null } | { kind: 'failed'; error: unknown };

type TShiftCardDrawerProps = {
  call: TBoardPortcall;
  shift: TBoardShift;
  /** The card as opened (or as reloaded after a conflict); a new card has no volumes yet. */
  initial: TShiftDetailInput;
  isNew: boolean;
  canEdit: boolean;
  equipments: readonly TBoardEquipment[];
  /** Equipment numbers other calls use in this shift, with their vessels. */
  takenBy: ReadonlyMap<string, string>;
  /** Gangs the other calls use in this shift. */
  otherGangs: number;
  /** The other calls working in this shift and their gangs, named when the card goes over capacity. */
  otherCalls: readonly { vessel: string; gangs: number }[];
  /** Told while typing whether the card takes the shift over capacity, so the board marks it. */
  onOverCapacity?: (isOver: boolean) => void;
  texts: TTexts;
  isChangedElsewhere: boolean;
  onClose: () => void;
  onSave: (card: TShiftDetailInput) => Promise<TCardSaveOutcome>;
  onDelete: () => Promise<TCardSaveOutcome>;
  onLoadLatest: () => void;
};

/** A busy shift has a dozen calls: the warning names those with most gangs, and counts the rest. */
const MAX_OTHERS_NAMED = 4;

const NO_ERRORS: TCardErrors = { fields: {}, problems: [] };

/** What a conflict shows: each field where their card differs from what is in the form. */
function conflictRows(theirs: TShiftDetailInput | null, yours: TShiftDetailInput, label: (field: TCardFormField) => string, noCard: { label: string; text: string }): TConflictRow[] {
  if (!theirs) return [{ field: 'card', label: noCard.label, theirs: noCard.text }];
  const a = toCardForm(theirs);
  const b = toCardForm(yours);
  const show = (v: TCardForm[TCardFormField]) => (Array.isArray(v) ? v.join(', ') : String(v ?? ''));
  return (Object.keys(a) as TCardFormField[]).filter((f) => show(a[f]) !== show(b[f])).map((f) => ({ field: f, label: label(f), theirs: show(a[f]), yours: show(b[f]) }));
}

function CardForm(p: TShiftCardDrawerProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<TCardForm>(() => toCardForm(p.initial));
  const [errors, setErrors] = useState<TCardErrors>(NO_ERRORS);
  const [conflict, setConflict] = useState<{ theirs: TShiftDetailInput | null } | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [isBusy, setBusy] = useState(false);
  const isReadOnly = !p.canEdit;
  const label = (field: TCardFormField) => t(`shiftPlanner.editor.fields.${field}`);
  const set = <K extends keyof TCardForm>(key: K) => (value: TCardForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  // The foreman's figure belongs to a shift that is over.
  const hasEnded = Date.now() >= Date.parse(p.initial.end_time);
  const gangs = Number(form.gangs) || 0;
  const resources = Number(form.resource_per_shift) || 0;
  const free = p.shift.gangs_available - p.otherGangs;
  // Warned while typed, not only after the save: this card's gangs would take the shift over its capacity.
  const isOverCapacity = p.canEdit && gangs > Math.max(0, free);
  const [isOverConfirmed, setOverConfirmed] = useState(false);
  const shownOthers = p.otherCalls.slice(0, MAX_OTHERS_NAMED).map((c) => t('shiftPlanner.editor.call_gangs', { vessel: c.vessel, count: c.gangs, gangs: formatNumber(c.gangs, p.texts.locale) }));
  const othersText = [...shownOthers, ...(p.otherCalls.length > MAX_OTHERS_NAMED ? [t('shiftPlanner.editor.more_calls', { count: p.otherCalls.length - MAX_OTHERS_NAMED })] : [])].join(', ');
  const onOverCapacity = p.onOverCapacity;
  useEffect(() => {
    onOverCapacity?.(isOverCapacity);
  }, [isOverCapacity, onOverCapacity]);
  useEffect(() => () => onOverCapacity?.(false), [onOverCapacity]);

  const [isProposing, setProposing] = useState(false);
  const [proposal, setProposal] = useState<string | null>(null);
  /** One item per gang (at least one): the chosen ones stay, free ones fill up (prefill_equipment_details). */
  const proposeEquipment = async () => {
    setProposing(true);
    try {
      const free = (await freeEquipmentFor(p.call, p.initial)).map((e) => e.equipment_number).filter((n) => !form.equipment.includes(n));
      const wanted = Math.max(1, gangs) - form.equipment.length;
      const added = free.slice(0, Math.max(0, wanted));
      if (added.length) set('equipment')([...form.equipment, ...added]);
      setProposal(free.length === 0 ? t('shiftPlanner.editor.propose_none') : t('shiftPlanner.editor.propose_added', { count: added.length }));
    } catch (error) {
      setFailure(error);
    } finally {
      setProposing(false);
    }
  };

  const equipmentData = [
    ...p.equipments.map((e) => ({
      value: e.equipment_number,
      label: p.takenBy.has(e.equipment_number) ? t('shiftPlanner.editor.equipment_taken', { name: `${e.name} (${e.equipment_number})`, vessels: p.takenBy.get(e.equipment_number) }) : `${e.name} (${e.equipment_number})`,
    })),
    // A number on the card that the terminal no longer lists stays visible, so saving does not drop it silently.
    ...form.equipment.filter((n) => !p.equipments.some((e) => e.equipment_number === n)).map((n) => ({ value: n, label: n })),
  ];

  const finish = (outcome: TCardSaveOutcome) => {
    setBusy(false);
    switch (outcome.kind) {
      case 'saved':
        return p.onClose();
      case 'invalid':
        return setErrors(outcome.errors);
      case 'conflict':
        return setConflict({ theirs: outcome.theirs });
      case 'failed':
        return setFailure(outcome.error);
      default: {
        const unreachable: never = outcome;
        return unreachable;
      }
    }
  };
  const run = (action: () => Promise<TCardSaveOutcome>) => {
    setBusy(true);
    setErrors(NO_ERRORS);
    setConflict(null);
    setFailure(null);
    void action().then(finish);
  };
  const card = fromCardForm(form, p.initial);
  const problems = errors.problems.map((e) => ({
    key: e.key,
    text: e.cardNumber !== null ? t('shiftPlanner.editor.other_card_problem', { number: e.cardNumber, message: e.message }) : e.field ? `${label(e.field)}: ${e.message}` : e.message,
  }));
  const number = (field: 'discharge' | 'load' | 'restow' | 'gangs' | 'resource_per_shift' | 'actual_moves', extra?: { max?: number; description?: string }) => (
    <NumberInput
      label={label(field)}
      value={form[field]}
      onChange={set(field)}
      min={0}
      max={extra?.max}
      allowDecimal={false}
      allowNegative={false}
      readOnly={isReadOnly}
      error={errors.fields[field] ?? (field === 'gangs' && isOverCapacity ? true : undefined)}
      description={extra?.description}
      data-testid={`shift-editor-${field}`}
    />
  );

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="shift-editor-shift">
        {shiftLabel(p.shift, p.texts.locale)} · {shiftTimes(p.shift, p.texts.timeZone)}
      </Text>
      {p.isChangedElsewhere && !conflict && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />} data-testid="shift-editor-changed-elsewhere">
          <Stack gap={6}>
            <Text size="sm">{t('shiftPlanner.editor.changed_elsewhere')}</Text>
            <Group>
              <Button size="xs" variant="light" onClick={p.onLoadLatest} data-testid="shift-editor-load-latest">
                {t('shiftPlanner.editor.load_latest')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {conflict && <ConflictNotice rows={conflictRows(conflict.theirs, card, label, { label: t('shiftPlanner.editor.card'), text: t('shiftPlanner.editor.no_card') })} onLoadLatest={p.onLoadLatest} testId="shift-editor-conflict" />}
      <FormProblems title={t('shiftPlanner.editor.problems')} problems={problems} problemsTestId="shift-editor-problems" submitError={failure} errorTestId="shift-editor-error" />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <Select
          label={label('cargo_type')}
          value={form.cargo_type ?? null}
          onChange={(v) => set('cargo_type')(isCargoType(v) ? v : null)}
          data={CARGO_TYPES.map((value) => ({ value, label: t(cargoTypeKey(value)) }))}
          clearable
          readOnly={isReadOnly}
          error={errors.fields.cargo_type}
          data-testid="shift-editor-cargo_type"
        />
        <TextInput size="sm" label={label('cargo_sub_type')} value={form.cargo_sub_type} onChange={(e) => set('cargo_sub_type')(e.currentTarget.value)} readOnly={isReadOnly} error={errors.fields.cargo_sub_type} data-testid="shift-editor-cargo_sub_type" />
        <TextInput size="sm" label={label('product_name')} value={form.product_name} onChange={(e) => set('product_name')(e.currentTarget.value)} readOnly={isReadOnly} error={errors.fields.product_name} data-testid="shift-editor-product_name" />
      </SimpleGrid>
      <SimpleGrid cols={3} spacing="xs">
        {number('discharge')}
        {number('load')}
        {number('restow')}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
        {number('gangs', { description: t('shiftPlanner.editor.gangs_free', { free: formatNumber(Math.max(0, free), p.texts.locale), available: formatNumber(p.shift.gangs_available, p.texts.locale) }) })}
        {number('resource_per_shift')}
      </SimpleGrid>
      {isOverCapacity && (
        <Alert color="orange" role="status" p="xs" data-testid="shift-editor-over-capacity">
          {t('shiftPlanner.editor.over_capacity', { gangs: formatNumber(gangs, p.texts.locale), free: formatNumber(Math.max(0, free), p.texts.locale), available: formatNumber(p.shift.gangs_available, p.texts.locale) })}
          {p.otherCalls.length > 0 && (
            <Text size="sm" mt={4} data-testid="shift-editor-over-capacity-others">
              {t('shiftPlanner.editor.over_capacity_others', { calls: othersText })}
            </Text>
          )}
          {isOverConfirmed && <Text size="sm" fw={600} mt={4}>{t('shiftPlanner.editor.confirm_over_capacity')}</Text>}
        </Alert>
      )}
      <Text size="sm" data-testid="shift-editor-total-resources">
        {t('shiftPlanner.editor.total_resources', { value: formatNumber(gangs * resources, p.texts.locale) })}
      </Text>
      <MultiSelect
        label={label('equipment')}
        value={form.equipment}
        onChange={set('equipment')}
        data={equipmentData}
        searchable
        readOnly={isReadOnly}
        error={errors.fields.equipment}
        data-testid="shift-editor-equipment"
      />
      {p.canEdit && (
        <Group gap="xs" mt={-6}>
          <Button size="compact-xs" variant="subtle" loading={isProposing} onClick={() => void proposeEquipment()} data-testid="shift-editor-propose-equipment">
            {t('shiftPlanner.editor.propose_equipment')}
          </Button>
          {proposal && (
            <Text size="xs" c="dimmed" data-testid="shift-editor-proposal">
              {proposal}
            </Text>
          )}
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="xs">
        <TextInput size="sm" label={label('contact_person_name')} value={form.contact_person_name} onChange={(e) => set('contact_person_name')(e.currentTarget.value)} readOnly={isReadOnly} error={errors.fields.contact_person_name} data-testid="shift-editor-contact_person_name" />
        <TextInput size="sm" label={label('contact_person_phone')} type="tel" value={form.contact_person_phone} onChange={(e) => set('contact_person_phone')(e.currentTarget.value)} readOnly={isReadOnly} error={errors.fields.contact_person_phone} data-testid="shift-editor-contact_person_phone" />
        <TextInput size="sm" label={label('contact_person_mail')} type="email" value={form.contact_person_mail} onChange={(e) => set('contact_person_mail')(e.currentTarget.value)} readOnly={isReadOnly} error={errors.fields.contact_person_mail} data-testid="shift-editor-contact_person_mail" />
      </SimpleGrid>
      <Textarea label={label('comments')} value={form.comments} onChange={(e) => set('comments')(e.currentTarget.value)} autosize minRows={2} readOnly={isReadOnly} error={errors.fields.comments} data-testid="shift-editor-comments" />
      {(hasEnded || form.actual_moves !== '') && number('actual_moves', { description: t('shiftPlanner.editor.actual_moves_hint') })}
      <Group justify="space-between" mt="xs">
        {p.canEdit && !p.isNew ? (
          <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={() => run(p.onDelete)} disabled={isBusy} data-testid="shift-editor-delete">
            {t('shiftPlanner.card.delete')}
          </Button>
        ) : (
          <span />
        )}
        <Group gap="xs">
          <Button variant="default" onClick={p.onClose} data-testid="shift-editor-close">
            {p.canEdit ? t('shiftPlanner.editor.cancel') : t('common.close')}
          </Button>
          {p.canEdit && (
            <Button
              color={isOverCapacity ? 'orange' : undefined}
              onClick={() => {
                // Over capacity the first click asks, the second saves: a plan over capacity is a choice, never a slip.
                if (isOverCapacity && !isOverConfirmed) return setOverConfirmed(true);
                run(() => p.onSave(card));
              }}
              loading={isBusy}
              data-testid="shift-editor-save"
            >
              {isOverCapacity ? t('shiftPlanner.editor.save_over_capacity') : t('shiftPlanner.editor.save')}
            </Button>
          )}
        </Group>
      </Group>
    </Stack>
  );
}

export function ShiftCardDrawer(p: TShiftCardDrawerProps & { opened: boolean; resetKey: string }) {
  const { t } = useTranslation();
  // The test id sits on the drawer's visible panel, not on its root (which has no box of its own).
  return (
    <Drawer.Root opened={p.opened} onClose={p.onClose} position="right" size="lg" transitionProps={{ duration: 0 }}>
      <Drawer.Overlay />
      <Drawer.Content data-testid="shift-editor">
        <Drawer.Header>
          <Drawer.Title fw={600}>{p.isNew ? t('shiftPlanner.editor.title_new', { vessel: p.call.vessel_name }) : t('shiftPlanner.editor.title', { vessel: p.call.vessel_name })}</Drawer.Title>
          <Drawer.CloseButton aria-label={t('common.close')} />
        </Drawer.Header>
        <Drawer.Body>
          <CardForm key={p.resetKey} {...p} />
        </Drawer.Body>
      </Drawer.Content>
    </Drawer.Root>
  );
}
