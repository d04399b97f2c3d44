// The small dialog that generates a template's voyages for a horizon and says what it created.
import { useState, type FormEvent } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Alert, Anchor, Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TEMPLATE_HORIZON_WEEKS, MAX_TEMPLATE_HORIZON_WEEKS, type TGenerateVoyagesResult, type TLocale, type TVoyageTemplate } from '@quayline/domain';
import { TextField } from '@/components/ui/text-field';
import { useErrorText } from '@/hooks/use-error-text';
import { isApiError } from '@/lib/api-client';
import { zonedDay } from '@/lib/zoned-time';
import { useGenerateVoyages } from '../api/generate-voyages';
import { usePreviewGeneration } from '../api/preview-generation';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { useTemplateText } from '../utils/template-text';
import { DateField } from '@/components/date-inputs';

type TGenerateDialogProps = { template: TVoyageTemplate; timeZone: string; locale: TLocale; onClose: () => void };

export function GenerateDialog({ template, timeZone, locale, onClose }: TGenerateDialogProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const text = useTemplateText(locale);
  const mutation = useGenerateVoyages();
  // "Today" is the terminal's today: the server counts occurrences by the terminal's calendar.
  const [from, setFrom] = useState(() => zonedDay(Date.now(), timeZone));
  const [horizon, setHorizon] = useState(String(DEFAULT_TEMPLATE_HORIZON_WEEKS));
  const [problems, setProblems] = useState<{ from?: string; horizon?: string }>({});
  const [result, setResult] = useState<TGenerateVoyagesResult | null>(null);

  const [debouncedFrom] = useDebouncedValue(from, 400);
  const [debouncedHorizon] = useDebouncedValue(horizon, 400);
  const previewWeeks = Number(debouncedHorizon);
  const canPreview = /^\d{4}-\d{2}-\d{2}$/.test(debouncedFrom) && Number.isInteger(previewWeeks) && previewWeeks >= 1 && previewWeeks <= MAX_TEMPLATE_HORIZON_WEEKS;
  const preview = usePreviewGeneration({ id: template.id, from: debouncedFrom, horizon_weeks: previewWeeks }, canPreview && result === null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const weeks = Number(horizon);
    const next: { from?: string; horizon?: string } = {};
    if (!/^\d{4}-\d{2}-\d{2}$/.test(from)) next.from = t('voyageTemplates.generate.from_problem');
    if (!Number.isInteger(weeks) || weeks < 1 || weeks > MAX_TEMPLATE_HORIZON_WEEKS) next.horizon = t('voyageTemplates.generate.horizon_problem', { max: MAX_TEMPLATE_HORIZON_WEEKS });
    setProblems(next);
    if (next.from || next.horizon) return;
    mutation.mutate(
      { id: template.id, from, horizon_weeks: weeks },
      {
        onSuccess: setResult,
        onError: (error) => {
          if (!isApiError(error)) return;
          const at = (path: string) => error.fieldErrors.find((e) => e.path === path)?.message;
          setProblems({ from: at('from'), horizon: at('horizon_weeks') });
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={t('voyageTemplates.generate.title', { name: template.name })} centered size="md" closeButtonProps={{ 'aria-label': t('common.close') }} data-testid="generate-dialog">
      {result ? (
        <Stack gap="md" data-testid="generate-result">
          <Alert color="green" variant="light" icon={<IconCircleCheck size={20} />}>
            <Text size="sm" data-testid="generate-result-text">
              {t('voyageTemplates.generate.result', { voyages: result.created_voyages, portcalls: result.created_portcalls, skipped: result.skipped })}
            </Text>
            {result.generated_until && (
              <Text size="sm" c="dimmed" mt={4}>
                {t('voyageTemplates.generate.generated_until', { date: text.day(result.generated_until, timeZone) })}
              </Text>
            )}
          </Alert>
          <Group gap="md">
            <Anchor component={Link} to={`/${locale}/portcall-planner`} data-testid="generate-to-portcalls">
              {t('voyageTemplates.generate.to_portcalls')}
            </Anchor>
            <Anchor component={Link} to={`/${locale}/voyage-center/voyages?template_id=${template.id}`} data-testid="generate-to-voyages">
              {t('voyageTemplates.generate.to_voyages')}
            </Anchor>
          </Group>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="generate-close">
              {t('voyageTemplates.generate.close')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('voyageTemplates.generate.description')}
            </Text>
            <DateField label={t('voyageTemplates.generate.from')} value={from} onChange={(next) => setFrom(next)} error={problems.from} required data-testid="generate-from" />
            <TextField
              type="number"
              min={1}
              max={MAX_TEMPLATE_HORIZON_WEEKS}
              label={t('voyageTemplates.generate.horizon')}
              description={t('voyageTemplates.generate.horizon_hint', { max: MAX_TEMPLATE_HORIZON_WEEKS })}
              value={horizon}
              onChange={(e) => setHorizon(e.currentTarget.value)}
              error={problems.horizon}
              required
              data-testid="generate-horizon"
            />
            {preview.data && <GenerationPreview preview={preview.data} timeZone={timeZone} locale={locale} />}
            {mutation.isError && !(isApiError(mutation.error) && mutation.error.fieldErrors.length > 0) && (
              <Alert color="red" variant="light" role="alert" title={t('voyageTemplates.generate.failed')} data-testid="generate-error">
                {errorText(mutation.error)}
              </Alert>
            )}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {t('voyageTemplates.generate.cancel')}
              </Button>
              <Button type="submit" loading={mutation.isPending} data-testid="generate-submit">
                {preview.data
                  ? (preview.data.clashing_portcalls ?? 0) > 0
                    ? t('voyageTemplates.generate.submit_count_clashing', { count: preview.data.created_portcalls, clashing: preview.data.clashing_portcalls })
                    : t('voyageTemplates.generate.submit_count', { count: preview.data.created_portcalls })
                  : t('voyageTemplates.generate.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Before generating: how many calls it creates, which overlap the berth plan and which fall on a holiday. */
function GenerationPreview({ preview, timeZone, locale }: { preview: TGenerateVoyagesResult; timeZone: string; locale: TLocale }) {
  const { t } = useTranslation();
  const when = (iso: string) => formatZonedDateTime(iso, timeZone, locale);
  const clashes = preview.clashes ?? [];
  const holidays = preview.holidays ?? [];
  const hasWarnings = clashes.length > 0 || holidays.length > 0;
  return (
    <Alert color={hasWarnings ? 'orange' : 'blue'} variant="light" icon={hasWarnings ? <IconAlertTriangle size={20} /> : undefined} data-testid="generate-preview">
      <Stack gap={6}>
        <Text size="sm" fw={600} data-testid="generate-preview-count">
          {t('voyageTemplates.generate.preview_count', { voyages: preview.created_voyages, portcalls: preview.created_portcalls, skipped: preview.skipped })}
        </Text>
        {clashes.length > 0 && (
          <>
            {/* Counted by call: a call that clashes with two others is one call to move. */}
            <Text size="sm">{t('voyageTemplates.generate.preview_clashes', { count: preview.clashing_portcalls ?? clashes.length })}</Text>
            <List size="sm" spacing={2} data-testid="generate-preview-clashes">
              {clashes.map((c) => (
                <List.Item key={`${c.berth_arrival}-${c.other_portcall_id ?? 'occupied'}`}>
                  {c.other_vessel_name === null
                    ? t('voyageTemplates.generate.preview_clash_occupied', { vessel: c.vessel_name, time: when(c.berth_arrival) })
                    : t('voyageTemplates.generate.preview_clash', { vessel: c.vessel_name, time: when(c.berth_arrival), other: c.other_vessel_name })}
                </List.Item>
              ))}
            </List>
          </>
        )}
        {holidays.length > 0 && (
          <>
            <Text size="sm">{t('voyageTemplates.generate.preview_holidays', { count: holidays.length })}</Text>
            <List size="sm" spacing={2} data-testid="generate-preview-holidays">
              {holidays.map((h) => (
                <List.Item key={`${h.berth_arrival}-${h.reason}`}>{t('voyageTemplates.generate.preview_holiday', { vessel: h.vessel_name, time: when(h.berth_arrival), reason: h.reason })}</List.Item>
              ))}
            </List>
          </>
        )}
      </Stack>
    </Alert>
  );
}
