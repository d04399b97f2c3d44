// The PRISE pre-arrival notice of a call on its details page: statuses and flags, what is missing, the notice's own
// fields, what will be sent, submit, the port authority's answer and the history. Live through `portcall.updated`.
import { useState } from 'react';
import { Alert, Anchor, Badge, Box, Button, Divider, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconEye, IconPencil, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ZPriseNotice, type TPortcall, type TPriseNotice, type TPriseRequiredField } from '@quayline/domain';
import { SectionCard } from '@/components/ui/section-card';
import { useErrorText } from '@/hooks/use-error-text';
import { useLocale } from '@/hooks/use-locale';
import { isApiError } from '@/lib/api-client';
import { can } from '@/lib/permissions';
import { useUserDetails } from '@/lib/user';
import { NAUTICAL_WARNING_KINDS, PlausibilityAlert } from '../components/plausibility-alert';
import { PriseIcon } from './prise-badges';
import { PriseHistory } from './prise-history';
import { CALL_FIELD_TARGETS, editCallPath, isOwnField, priseFieldKey, requiredFieldOf, VESSEL_FIELDS } from './prise-labels';
import { PriseNextStep } from './prise-next-step';
import { priseNoticeKey, usePriseNotice, useSubmitPriseNotice } from './prise-notice-api';
import { isSameOwn, ownValuesOf, PriseNoticeForm, type TOwnValues } from './prise-notice-form';
import { PriseAnswer, PriseStatusLine } from './prise-status';
import { PriseSummary } from './prise-summary';
import { useLivePriseNotice } from './use-live-prise-notice';

type TPanelProps = { portcall: TPortcall; timeZone: string };

export function PrisePanel({ portcall, timeZone }: TPanelProps) {
  const portcallId = portcall.id;
  const { t } = useTranslation();
  const errorText = useErrorText();
  const notice = usePriseNotice(portcallId);
  useLivePriseNotice(portcallId);
  // A port without PRISE answers applicable:false, so an error is a real failure worth one line; a 404 means the call
  // itself is not visible, which its page already says.
  if (notice.isError && !(isApiError(notice.error) && notice.error.httpStatus === 404)) {
    return (
      <Text role="alert" size="sm" c="red.7" data-testid="prise-load-failed">
        {t('portcalls.prise.load_failed')} {errorText(notice.error)}
      </Text>
    );
  }
  if (!notice.data || !notice.data.applicable) return null;
  return <PriseNoticeCard notice={notice.data} portcall={portcall} timeZone={timeZone} />;
}

function PriseNoticeCard({ notice, portcall, timeZone }: { notice: TPriseNotice; portcall: TPortcall; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: user } = useUserDetails();
  const stored = ownValuesOf(notice);
  // Typed values survive a refetch (e.g. the port authority's answer); only untouched ones follow the stored notice.
  const [values, setValues] = useState<TOwnValues>(stored);
  const [baseline, setBaseline] = useState<TOwnValues>(stored);
  if (!isSameOwn(stored, baseline)) {
    setBaseline(stored);
    if (isSameOwn(values, baseline)) setValues(stored);
  }
  const isDirty = !isSameOwn(values, stored);
  // While the notice is with the port authority or approved nobody edits it; that is not the same as having no say.
  const isLockedByStatus = notice.port_authority_status === 'submitted' || notice.port_authority_status === 'approved';
  const isReadOnly = !can(user, 'fill_prise_notice') || (!notice.can_edit && !isLockedByStatus);

  return (
    <SectionCard id="prise-notice" title={t('portcalls.prise.title')} icon={<PriseIcon size={22} color="var(--mantine-color-harbor-7)" />} testId="prise-panel">
      <Stack gap="md" data-version={notice.version} data-prise-status={notice.prise_status ?? ''}>
        <PriseStatusLine notice={notice} timeZone={timeZone} />
        <PriseAnswer notice={notice} timeZone={timeZone} />
        <PriseNextStep notice={notice} canEditCall={!isReadOnly} />
        {/* The port authority reads the same times and draught: what cannot be true there is said before it is sent. */}
        <PlausibilityAlert portcall={portcall} timeZone={timeZone} kinds={NAUTICAL_WARNING_KINDS} title={t('portcalls.prise.plausibility_title')} testId="prise-plausibility">
          {!isReadOnly && (
            <Anchor component={Link} to={editCallPath(locale, portcall.id)} size="sm" mt={6} display="inline-block" data-testid="prise-plausibility-edit">
              <IconPencil size={12} style={{ verticalAlign: -1 }} /> {t('portcalls.prise.edit_call')}
            </Anchor>
          )}
        </PlausibilityAlert>
        {isReadOnly && (
          <Group gap={6} wrap="nowrap" data-testid="prise-read-only">
            <IconEye size={16} color="var(--mantine-color-gray-6)" />
            <Text size="sm" c="dimmed">
              {t('portcalls.prise.read_only')}
            </Text>
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            <PriseMissing notice={notice} isReadOnly={isReadOnly} />
            {notice.can_edit && <PriseNoticeForm notice={notice} values={values} onChange={setValues} />}
            {!isReadOnly && <PriseSubmit notice={notice} isDirty={isDirty} />}
          </Stack>
          <Stack gap="xs">
            <Title order={3} size="h5" c="navy.9">
              {t('portcalls.prise.summary_title')}
            </Title>
            <PriseSummary content={notice.content} timeZone={timeZone} />
          </Stack>
        </SimpleGrid>
        <Divider />
        <Stack gap="xs">
          <Title order={3} size="h5" c="navy.9">
            {t('portcalls.prise.history_title')}
          </Title>
          <PriseHistory history={notice.history} timeZone={timeZone} />
        </Stack>
      </Stack>
    </SectionCard>
  );
}

function PriseMissing({ notice, isReadOnly }: { notice: TPriseNotice; isReadOnly: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (notice.missing.length === 0 && notice.port_authority_status === 'rejected') {
    return (
      <Text size="sm" c="orange.9" data-testid="prise-complete-but-rejected">
        {t('portcalls.prise.complete_but_rejected')}
      </Text>
    );
  }
  if (notice.missing.length === 0) {
    return (
      <Group gap={6} wrap="nowrap" data-testid="prise-complete">
        <IconCircleCheck size={18} color="var(--mantine-color-teal-7)" />
        <Text size="sm" c="teal.8">
          {t('portcalls.prise.complete')}
        </Text>
      </Group>
    );
  }
  const hasVesselFields = notice.missing.some((f) => VESSEL_FIELDS.includes(f));
  const hasCallFields = notice.missing.some((f) => !VESSEL_FIELDS.includes(f) && !isOwnField(f));
  return (
    <Stack gap={6} data-testid="prise-missing">
      <Text fw={600} size="sm">
        {t('portcalls.prise.missing_title')}
      </Text>
      <Group gap={6} wrap="wrap">
        {notice.missing.map((field) => {
          const target = CALL_FIELD_TARGETS[field];
          // A call field is a link to where it is entered; vessel fields and the notice's own are filled elsewhere or below.
          return target && !isReadOnly ? (
            <Badge
              key={field}
              component={Link}
              to={editCallPath(locale, notice.portcall_id, target)}
              color="orange"
              variant="light"
              radius="sm"
              tt="none"
              fw={600}
              style={{ cursor: 'pointer', textDecoration: 'underline' }}
              aria-label={t('portcalls.prise.missing_link', { field: t(priseFieldKey(field)) })}
              data-testid="prise-missing-field"
              data-field={field}
            >
              {t(priseFieldKey(field))}
            </Badge>
          ) : (
            <Badge key={field} color="orange" variant="light" radius="sm" tt="none" fw={500} data-testid="prise-missing-field" data-field={field}>
              {t(priseFieldKey(field))}
            </Badge>
          );
        })}
      </Group>
      {hasVesselFields && (
        <Text size="xs" c="dimmed">
          {t('portcalls.prise.vessel_hint')}
        </Text>
      )}
      {hasCallFields && !isReadOnly && (
        <Text size="xs" c="dimmed">
          {t('portcalls.prise.edit_call_hint')}{' '}
          <Anchor component={Link} to={editCallPath(locale, notice.portcall_id)} size="xs" style={{ whiteSpace: 'nowrap' }} data-testid="prise-edit-call">
            <IconPencil size={12} style={{ verticalAlign: -1 }} /> {t('portcalls.prise.edit_call')}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}

type TBlockedReason = 'unsaved' | 'sent' | 'accepted' | 'missing' | 'not_allowed';

/** Why submit is not possible now, for the disabled button's note; null when it is. */
function blockedReason(notice: TPriseNotice, isDirty: boolean): TBlockedReason | null {
  if (notice.can_submit) return isDirty ? 'unsaved' : null;
  if (notice.port_authority_status === 'submitted' || notice.prise_status === 'prise_sent') return 'sent';
  if (notice.port_authority_status === 'approved') return 'accepted';
  if (notice.missing.length > 0) return 'missing';
  return 'not_allowed';
}

function PriseSubmit({ notice, isDirty }: { notice: TPriseNotice; isDirty: boolean }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const submit = useSubmitPriseNotice();
  const reason = blockedReason(notice, isDirty);
  const error = submit.error;
  const missing: TPriseRequiredField[] = isApiError(error) && error.httpStatus === 400 ? error.fieldErrors.map((e) => requiredFieldOf(e.path)).filter((f): f is TPriseRequiredField => f !== null) : [];
  const hasBeenSent = notice.history.some((h) => h.event === 'submitted');
  // Sending the rejected values again only earns the same answer: the button steps back and says so.
  const isUnchangedSinceRejection = notice.port_authority_status === 'rejected' && (notice.changed_since_sent?.length ?? 0) === 0;
  const queryClient = useQueryClient();
  const onSubmit = () =>
    submit.mutate(
      { portcallId: notice.portcall_id, request: { version: notice.version } },
      {
        // Refused or stale: what is missing (or stored) now is asked again, so the panel matches the answer.
        onError: (failure) => {
          const current = isApiError(failure) && failure.httpStatus === 409 ? ZPriseNotice.safeParse(failure.current) : null;
          if (current?.success) queryClient.setQueryData(priseNoticeKey(notice.portcall_id), current.data);
          else void queryClient.invalidateQueries({ queryKey: priseNoticeKey(notice.portcall_id) });
        },
      },
    );
  return (
    <Stack gap={6}>
      {error && (
        <Alert color="red" variant="light" radius="md" role="alert" data-testid="prise-submit-error" title={missing.length > 0 ? t('portcalls.prise.submit_failed') : undefined}>
          {missing.length > 0 ? (
            <List size="sm" spacing={2}>
              {missing.map((field) => (
                <List.Item key={field} data-testid="prise-submit-error-field" data-field={field}>
                  {t(priseFieldKey(field))}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm">{errorText(error)}</Text>
          )}
        </Alert>
      )}
      {/* Once approved there is nothing to send until a change reopens it: only the note stays. */}
      {reason !== 'accepted' && (
        <Box>
          <Button
            leftSection={<IconSend size={16} />}
            variant={isUnchangedSinceRejection ? 'default' : 'filled'}
            onClick={onSubmit}
            disabled={reason !== null}
            loading={submit.isPending}
            data-testid="prise-submit"
            data-unchanged={String(isUnchangedSinceRejection)}
          >
            {hasBeenSent ? t('portcalls.prise.resubmit') : t('portcalls.prise.submit')}
          </Button>
        </Box>
      )}
      {!reason && isUnchangedSinceRejection && (
        <Text size="xs" c="orange.9" data-testid="prise-submit-unchanged">
          {t('portcalls.prise.next.unchanged')}
        </Text>
      )}
      {reason && (
        <Text size="xs" c="dimmed" data-testid="prise-submit-blocked" data-reason={reason}>
          {t(`portcalls.prise.blocked.${reason}`)}
        </Text>
      )}
    </Stack>
  );
}
