// Before a sandbox goes live: the calls that change (old to new time and place), the clashes and warnings it brings
// into the live plan, and who is told. With clashes left the planner confirms them before publishing.
import { type ReactNode, useState } from 'react';
import { Alert, Badge, Button, Checkbox, Group, List, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TLocale, TPublishPreview, TPublishPreviewClash, TTimeLabel } from '@quayline/domain';
import { timeLabelKey } from '@/entities/portcall/enum-labels';
import { useErrorText } from '@/hooks/use-error-text';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { usePublishPreview } from '../api/get-publish-preview';
import { PHONE_MAX_PX } from '../utils/planner-constants';

type TChange = TPublishPreview['changes'][number];
type TPlace = TChange['before'];

type TPublishPreviewModalProps = {
  terminalId: number;
  draftVersion: number;
  timeZone: string;
  locale: TLocale;
  isBusy: boolean;
  onPublish: (draftVersion: number) => void;
  onClose: () => void;
};

const metres = (p: TPlace) => (p.berth_start_position === null || p.berth_end_position === null ? null : `${p.berth_start_position}–${p.berth_end_position} m`);

export function PublishPreviewModal({ terminalId, draftVersion, timeZone, locale, isBusy, onPublish, onClose }: TPublishPreviewModalProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const isPhone = useMediaQuery(`(max-width: ${PHONE_MAX_PX}px)`) ?? false;
  const query = usePublishPreview(terminalId, draftVersion, true);
  const [isClashConfirmed, setClashConfirmed] = useState(false);
  const preview = query.data;
  const clashCount = preview?.clashes.length ?? 0;
  const canPublish = preview !== undefined && preview.refusals.length === 0 && preview.changes.length > 0 && (clashCount === 0 || isClashConfirmed) && !isBusy;

  return (
    <Modal opened onClose={onClose} title={t('berthPlanner.preview.title')} size="xl" fullScreen={isPhone} data-testid="publish-preview">
      {query.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label={t('berthPlanner.preview.loading')} />
        </Group>
      ) : query.isError || !preview ? (
        <Alert color="red" data-testid="publish-preview-error">
          {errorText(query.error)}
        </Alert>
      ) : (
        <Stack gap="md" data-testid="publish-preview-body" data-draft-version={preview.draft_version}>
          <Text size="sm" data-testid="publish-preview-summary">
            {t('berthPlanner.preview.summary', { count: preview.changes.length, clashes: clashCount, people: preview.recipients.length })}
          </Text>
          {preview.refusals.length > 0 && (
            <Alert color="orange" title={t('berthPlanner.preview.refused_title')} data-testid="publish-preview-refusals">
              <List size="sm">
                {preview.refusals.map((r) => (
                  <List.Item key={r.portcall_id} data-testid="publish-preview-refusal" data-portcall-id={r.portcall_id} data-reason={r.reason}>
                    {preview.changes.find((c) => c.portcall_id === r.portcall_id)?.vessel_name ?? `#${r.portcall_id}`}: {t(`berthPlanner.sandbox.reasons.${r.reason}`)}
                  </List.Item>
                ))}
              </List>
            </Alert>
          )}
          {preview.changes.length > 0 && (
            <PreviewSection id="publish-preview-changes" title={t('berthPlanner.preview.changes_title')}>
              <Stack gap={6}>
                {preview.changes.map((c) => (
                  <ChangeRow key={c.portcall_id} change={c} timeZone={timeZone} locale={locale} />
                ))}
              </Stack>
            </PreviewSection>
          )}
          {clashCount > 0 && (
            <PreviewSection id="publish-preview-clashes" title={t('berthPlanner.preview.clashes_title', { count: clashCount })} color="red.8">
              <List size="sm" spacing={2}>
                {preview.clashes.map((clash) => (
                  <List.Item key={`${clash.kind}:${clash.portcall_ids.join(',')}`} data-testid="publish-preview-clash" data-kind={clash.kind} data-new={String(clash.is_new)}>
                    {clashText(clash, t)}{' '}
                    {clash.is_new && (
                      <Badge size="xs" color="red" variant="light">
                        {t('berthPlanner.preview.new_clash')}
                      </Badge>
                    )}
                  </List.Item>
                ))}
              </List>
            </PreviewSection>
          )}
          {preview.warnings.length > 0 && (
            <PreviewSection id="publish-preview-warnings" title={t('berthPlanner.preview.warnings_title')}>
              <List size="sm" spacing={2}>
                {preview.warnings.map((w) => (
                  <List.Item key={`${w.kind}:${w.portcall_id}`} data-testid="publish-preview-warning" data-kind={w.kind}>
                    {t('berthPlanner.preview.bookings_released', { vessel: w.vessel_name, count: w.count })}
                  </List.Item>
                ))}
              </List>
            </PreviewSection>
          )}
          <PreviewSection id="publish-preview-recipients" title={t('berthPlanner.preview.recipients_title')}>
            {preview.recipients.length === 0 ? (
              <Text size="sm">{t('berthPlanner.preview.nobody')}</Text>
            ) : (
              <List size="sm" spacing={2}>
                {preview.recipients.map((r) => (
                  <List.Item key={r.user_id} data-testid="publish-preview-recipient" data-user-id={r.user_id}>
                    {r.organisation_name ? `${r.name} (${r.organisation_name})` : r.name} · {t('berthPlanner.preview.about_calls', { count: r.portcall_ids.length })}
                  </List.Item>
                ))}
              </List>
            )}
          </PreviewSection>
          {clashCount > 0 && preview.refusals.length === 0 && (
            <Checkbox
              checked={isClashConfirmed}
              onChange={(e) => setClashConfirmed(e.currentTarget.checked)}
              label={t('berthPlanner.preview.confirm_clashes')}
              color="red"
              data-testid="publish-preview-confirm-clashes"
            />
          )}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose} data-testid="publish-preview-cancel">
              {t('berthPlanner.preview.cancel')}
            </Button>
            <Button color={clashCount > 0 ? 'red' : 'green'} disabled={!canPublish} loading={isBusy} onClick={() => onPublish(preview.draft_version)} data-testid="publish-preview-publish">
              {t('berthPlanner.preview.publish')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** A titled part of the preview, named by its title for screen readers. */
function PreviewSection({ id, title, color, children }: { id: string; title: string; color?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={4} size="h5" id={id} mb={4} {...(color ? { c: color } : {})}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function ChangeRow({ change, timeZone, locale }: { change: TChange; timeZone: string; locale: TLocale }) {
  const { t } = useTranslation();
  const { before, after } = change;
  const at = (iso: string) => formatZonedDateTime(iso, timeZone, locale);
  const isSame = (a: string, b: string) => Date.parse(a) === Date.parse(b);
  const label = (l: TTimeLabel | null) => (l ? ` (${t(timeLabelKey(l))})` : '');
  const lines: { key: string; text: string }[] = [];
  if (!isSame(before.berth_arrival, after.berth_arrival)) lines.push({ key: 'arrival', text: t('berthPlanner.preview.arrival', { from: at(before.berth_arrival), to: at(after.berth_arrival) }) + label(change.berth_arrival_label) });
  if (!isSame(before.berth_departure, after.berth_departure)) lines.push({ key: 'departure', text: t('berthPlanner.preview.departure', { from: at(before.berth_departure), to: at(after.berth_departure) }) + label(change.berth_departure_label) });
  if (before.berth_start_position !== after.berth_start_position || before.berth_end_position !== after.berth_end_position) {
    lines.push({ key: 'position', text: t('berthPlanner.preview.position', { from: metres(before) ?? t('berthPlanner.preview.unassigned'), to: metres(after) ?? t('berthPlanner.preview.unassigned') }) });
  }
  return (
    <div data-testid="publish-preview-change" data-portcall-id={change.portcall_id} data-arrival={after.berth_arrival} data-departure={after.berth_departure} data-from={after.berth_start_position ?? ''} data-to={after.berth_end_position ?? ''}>
      <Text size="sm" fw={600}>
        {change.vessel_name}
      </Text>
      {lines.map((l) => (
        <Text key={l.key} size="sm" data-field={l.key}>
          {l.text}
        </Text>
      ))}
    </div>
  );
}

function clashText(clash: TPublishPreviewClash, t: TFunction): string {
  const [a, b] = clash.vessel_names;
  switch (clash.kind) {
    case 'overlap':
      return t('berthPlanner.clashes.overlap', { a, b });
    case 'block_zone':
      return t('berthPlanner.clashes.block_zone', { vessel: a });
    case 'too_shallow':
      return t('berthPlanner.clashes.too_shallow', { vessel: a, depth: clash.water_depth, draft: clash.draft });
    case 'outside_quay':
      return t('berthPlanner.clashes.outside_quay', { vessel: a });
    case 'not_a_berth':
      return t('berthPlanner.clashes.not_a_berth', { vessel: a });
  }
}
