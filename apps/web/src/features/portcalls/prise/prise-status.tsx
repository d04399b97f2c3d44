// The top of the PRISE panel: both statuses, the due time and the flags (late, large vessel), and the port authority's answer.
import { Alert, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconShip } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TPriseNotice } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { PriseStatusBadge } from './prise-badges';
import { timeLeftText } from './prise-time-left';
import { AUTHORITY_STATUS_COLOURS, authorityStatusKey } from './prise-labels';

type TProps = { notice: TPriseNotice; timeZone: string };

// A badge holds one line and clips by default; these carry whole phrases ("Large vessel: Nautical Terminal
// Coordination (NTC)" is wider than a phone), so they wrap inside the screen instead of pushing the page sideways.
const PHRASE_BADGE_STYLES = { root: { height: 'auto', maxWidth: '100%', paddingBlock: 2 }, label: { whiteSpace: 'normal' as const, overflow: 'visible' } };

export function PriseStatusLine({ notice, timeZone }: TProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string | null) => formatZonedDateTime(iso, timeZone, locale);
  const isSent = notice.submitted_at !== null && notice.port_authority_status !== 'draft';
  const due = (() => {
    if (isSent) return notice.flags.late ? { text: t('portcalls.prise.sent_late'), colour: 'orange' } : null;
    if (!notice.due_at) return { text: t('portcalls.prise.no_eta'), colour: 'gray' };
    const left = timeLeftText(t, Date.parse(notice.due_at) - Date.now());
    return notice.flags.late ? { text: t('portcalls.prise.late_due', { time: when(notice.due_at), left }), colour: 'red' } : { text: t('portcalls.prise.due_by', { time: when(notice.due_at), left }), colour: 'gray' };
  })();
  return (
    <Stack gap={6}>
      <Group gap="xs" wrap="wrap">
        <Badge color={AUTHORITY_STATUS_COLOURS[notice.port_authority_status]} variant="outline" radius="sm" styles={PHRASE_BADGE_STYLES} data-testid="prise-authority-status" data-status={notice.port_authority_status}>
          {t('portcalls.prise.authority', { status: t(authorityStatusKey(notice.port_authority_status)) })}
        </Badge>
        {notice.prise_status ? (
          <PriseStatusBadge status={notice.prise_status} />
        ) : (
          <Badge color="gray" variant="light" radius="sm">
            {t('portcalls.prise.no_status')}
          </Badge>
        )}
        {notice.flags.large_vessel && (
          <Tooltip label={t('portcalls.prise.large_vessel_hint')} multiline w={260} withArrow>
            <Badge color="grape" variant="light" radius="sm" leftSection={<IconShip size={12} />} styles={PHRASE_BADGE_STYLES} data-testid="prise-flag-large">
              {t('portcalls.prise.large_vessel')}
            </Badge>
          </Tooltip>
        )}
      </Group>
      {due && (
        <Group gap={6} wrap="nowrap" align="flex-start" data-testid="prise-due" data-late={String(notice.flags.late)}>
          {notice.flags.late ? <IconAlertTriangle size={16} color={`var(--mantine-color-${due.colour}-7)`} style={{ flexShrink: 0, marginTop: 2 }} /> : <IconClock size={16} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0, marginTop: 2 }} />}
          <Text size="sm" c={due.colour === 'gray' ? 'dimmed' : `${due.colour}.8`} fw={notice.flags.late ? 600 : 400}>
            {due.text}
          </Text>
        </Group>
      )}
      {notice.submitted_at && (
        <Text size="xs" c="dimmed" data-testid="prise-submitted">
          {t('portcalls.prise.submitted_at', { time: when(notice.submitted_at), name: notice.submitted_by ?? t('notifications.someone') })}
        </Text>
      )}
    </Stack>
  );
}

/** The port authority's answer: shown once it answered (approved, partially with its window, or rejected with reason). */
export function PriseAnswer({ notice, timeZone }: TProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const when = (iso: string | null) => formatZonedDateTime(iso, timeZone, locale);
  const isAnswered = notice.port_authority_status === 'approved' || notice.port_authority_status === 'rejected';
  if (!isAnswered) return null;
  const isRejected = notice.port_authority_status === 'rejected';
  const details = [notice.prise_code ? t('portcalls.prise.answer_code', { code: notice.prise_code }) : null, notice.reference ? t('portcalls.prise.answer_reference', { reference: notice.reference }) : null].filter(Boolean);
  return (
    <Alert color={isRejected ? 'red' : 'green'} variant="light" radius="md" title={t('portcalls.prise.answer_title_status', { status: t(authorityStatusKey(notice.port_authority_status)) })} data-testid="prise-answer" data-status={notice.port_authority_status}>
      <Stack gap={4}>
        {notice.prise_message && (
          <Text size="sm" data-testid="prise-answer-message">
            {notice.prise_message}
          </Text>
        )}
        {notice.accepted_window && (
          <Text size="sm" fw={600} data-testid="prise-answer-window">
            {t('portcalls.prise.accepted_window', { from: when(notice.accepted_window.from), to: when(notice.accepted_window.to) })}
          </Text>
        )}
        {(details.length > 0 || notice.answered_at) && (
          <Text size="xs" c="dimmed" data-testid="prise-answer-details">
            {[...details, notice.answered_at ? t('portcalls.prise.answered_at', { time: when(notice.answered_at) }) : null].filter(Boolean).join(' · ')}
          </Text>
        )}
      </Stack>
    </Alert>
  );
}
