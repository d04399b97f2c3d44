// "Delay reasons" (terminal operators): the current terminal's delay codes with a name per language, the list the
// negotiation picker offers. The names are the terminal's own words, not SMDG's code-list texts (docs/negotiation.md).
import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Group, SimpleGrid, Stack, Switch, Table, Text, TextInput } from '@mantine/core';
import { IconClockExclamation, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ZDelayReasonCode, localizedName, type TDelayReason, type TLocalizedNames } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { isApiError, reasonOf } from '@/lib/api-client';
import { useDelayReasons } from '@/lib/delay-reasons';
import { useCurrentTerminal } from '@/lib/terminals';
import { useDelayReasonActions } from '../api/delay-reasons';
import { SectionList } from './section-list';
import { SettingsSection } from './settings-section';

const OTHER_LANGUAGES = ['de', 'fr', 'es'] as const;
type TDraft = { id: number | null; version: number; code: string; name: string; names: Record<(typeof OTHER_LANGUAGES)[number], string>; is_active: boolean };

const EMPTY_DRAFT: TDraft = { id: null, version: 1, code: '', name: '', names: { de: '', fr: '', es: '' }, is_active: true };

const draftOf = (reason: TDelayReason): TDraft => ({
  id: reason.id,
  version: reason.version,
  code: reason.code,
  name: reason.name,
  names: { de: reason.names.de ?? '', fr: reason.names.fr ?? '', es: reason.names.es ?? '' },
  is_active: reason.is_active,
});

/** Blank names are left out: the English name stands in for a language without one. */
function namesOf(draft: TDraft): TLocalizedNames {
  return Object.fromEntries(OTHER_LANGUAGES.flatMap((l) => (draft.names[l].trim() ? [[l, draft.names[l].trim()]] : [])));
}

export function DelayReasonsSettings() {
  const { data: terminal } = useCurrentTerminal();
  if (!terminal) return null;
  return <DelayReasonsOfTerminal key={terminal.id} terminalId={terminal.id} terminalName={terminal.name} />;
}

function DelayReasonsOfTerminal({ terminalId, terminalName }: { terminalId: number; terminalName: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useDelayReasons(terminalId);
  const { create, update, remove } = useDelayReasonActions(terminalId);
  const [draft, setDraft] = useState<TDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string | null>(null);
  const [isConflict, setIsConflict] = useState(false);
  const isEditing = draft.id !== null;
  const isCodeValid = ZDelayReasonCode.safeParse(draft.code).success;
  const canSave = (isEditing || isCodeValid) && draft.name.trim().length > 0;

  const reset = (next: TDraft = EMPTY_DRAFT) => {
    setDraft(next);
    setProblem(null);
    setIsConflict(false);
  };
  const onError = (error: unknown) => {
    if (isApiError(error) && error.code === 'CONFLICT' && error.current) {
      setDraft(draftOf(error.current as TDelayReason));
      setIsConflict(true);
      setProblem(null);
      return;
    }
    setProblem(reasonOf(error));
  };
  const save = () => {
    if (!canSave) return;
    const names = namesOf(draft);
    if (draft.id === null) create.mutate({ terminal_id: terminalId, code: draft.code, name: draft.name.trim(), names, is_active: draft.is_active }, { onSuccess: () => reset(), onError });
    else update.mutate({ id: draft.id, name: draft.name.trim(), names, is_active: draft.is_active, version: draft.version }, { onSuccess: () => reset(), onError });
  };
  const setName = (language: (typeof OTHER_LANGUAGES)[number], value: string) => setDraft((d) => ({ ...d, names: { ...d.names, [language]: value } }));

  return (
    <SettingsSection icon={<IconClockExclamation size={22} />} title={t('settings.delay_reasons.title')} description={t('settings.delay_reasons.description', { terminal: terminalName })} testId="settings-delay-reasons">
      {problem && (
        <Alert color="red" variant="light" data-testid="delay-reasons-problem">
          {problem}
        </Alert>
      )}
      <SectionList list={list} loadFailed={t('settings.delay_reasons.load_failed')} empty={t('settings.delay_reasons.empty')} emptyTestId="delay-reasons-empty">
        {(items) => (
        <Table.ScrollContainer minWidth={300} type="native">
          <Table verticalSpacing="xs" fz="sm" striped aria-labelledby="settings-delay-reasons-title">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('settings.delay_reasons.code')}</Table.Th>
                <Table.Th>{t(`settings.delay_reasons.name_${locale === 'de' || locale === 'fr' || locale === 'es' ? locale : 'en'}`)}</Table.Th>
                <Table.Th w={1} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((reason) => (
                <Table.Tr key={reason.id} data-testid="delay-reason-row" data-code={reason.code}>
                  <Table.Td ff="monospace" fw={600}>
                    {reason.code}
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="wrap">
                      <Text size="sm" c={reason.is_active ? undefined : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
                        {localizedName(reason, locale)}
                      </Text>
                      {!reason.is_active && (
                        <Badge color="gray" variant="light" size="sm">
                          {t('settings.delay_reasons.inactive')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    {/* An icon, so the table fits a phone; its name says which reason it edits. */}
                    <ActionIcon variant="light" onClick={() => reset(draftOf(reason))} aria-label={t('settings.delay_reasons.edit_title', { code: reason.code })} title={t('settings.delay_reasons.edit_title', { code: reason.code })} data-testid="delay-reason-edit">
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        )}
      </SectionList>
      <Stack gap="sm" component="form" onSubmit={(e) => { e.preventDefault(); save(); }} aria-label={isEditing ? t('settings.delay_reasons.edit_title', { code: draft.code }) : t('settings.delay_reasons.add')} data-testid="delay-reason-form">
        {isEditing && (
          <Text fw={600} size="sm">
            {t('settings.delay_reasons.edit_title', { code: draft.code })}
          </Text>
        )}
        {isConflict && (
          <Alert color="orange" variant="light" data-testid="delay-reason-conflict">
            {t('settings.delay_reasons.conflict')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            size="sm"
            label={t('settings.delay_reasons.code')}
            description={t('settings.delay_reasons.code_hint')}
            value={draft.code}
            maxLength={3}
            disabled={isEditing}
            required={!isEditing}
            error={!isEditing && draft.code.length === 3 && !isCodeValid ? t('settings.delay_reasons.code_invalid') : undefined}
            onChange={(e) => {
              const code = e.currentTarget.value.toUpperCase();
              setDraft((d) => ({ ...d, code }));
            }}
            data-testid="delay-reason-code"
          />
          <TextInput size="sm" label={t('settings.delay_reasons.name_en')} value={draft.name} maxLength={80} required onChange={(e) => {
            const name = e.currentTarget.value;
            setDraft((d) => ({ ...d, name }));
          }} data-testid="delay-reason-name-en" />
          {OTHER_LANGUAGES.map((language) => (
            <TextInput
              key={language}
              size="sm"
              label={t(`settings.delay_reasons.name_${language}`)}
              description={language === 'de' ? t('settings.delay_reasons.names_hint') : undefined}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              value={draft.names[language]}
              maxLength={80}
              onChange={(e) => setName(language, e.currentTarget.value)}
              data-testid={`delay-reason-name-${language}`}
            />
          ))}
        </SimpleGrid>
        <Switch label={t('settings.delay_reasons.is_active')} checked={draft.is_active} onChange={(e) => {
          const isActive = e.currentTarget.checked;
          setDraft((d) => ({ ...d, is_active: isActive }));
        }} data-testid="delay-reason-active" />
        <Group justify="flex-end" gap="sm">
          {isEditing && (
            <>
              <Button variant="subtle" color="red" loading={remove.isPending} onClick={() => draft.id !== null && remove.mutate(draft.id, { onSuccess: () => reset(), onError })} data-testid="delay-reason-remove">
                {t('settings.delay_reasons.remove')}
              </Button>
              <Button variant="default" onClick={() => reset()}>
                {t('settings.delay_reasons.cancel')}
              </Button>
            </>
          )}
          <Button type="submit" disabled={!canSave} loading={create.isPending || update.isPending} data-testid="delay-reason-save">
            {isEditing ? t('settings.delay_reasons.save') : t('settings.delay_reasons.add')}
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}
