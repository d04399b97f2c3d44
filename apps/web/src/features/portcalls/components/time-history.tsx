// The steps of one negotiated time, under that time: the last one says how it came to be, the others open on demand.
// The full chronological table stays further down for the audit.
import { useState } from 'react';
import { Anchor, Group, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TPortcallTimestamp } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { TimeLabelBadge } from '@/entities/portcall/portcall-badges';
import { stepActionText, stepWho } from './portcall-history';

function StepLine({ step, timeZone }: { step: TPortcallTimestamp; timeZone: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const who = stepWho(step, t);
  return (
    <Group gap={6} wrap="wrap" data-testid="time-history-step" data-action={step.action}>
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatZonedDateTime(step.created_at, timeZone, locale)}
      </Text>
      <Text size="xs" fw={600}>
        {stepActionText(step, t)}
      </Text>
      <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
        {formatZonedDateTime(step.date_time, timeZone, locale)}
      </Text>
      <TimeLabelBadge label={step.label} change={step.change_label} />
      <Text size="xs" c="dimmed">
        {t('portcalls.negotiation.step_by', { name: who.name, side: who.side })}
      </Text>
      {step.remark && (
        <Text size="xs" fs="italic" style={{ overflowWrap: 'anywhere' }}>
          “{step.remark}”
        </Text>
      )}
    </Group>
  );
}

export function TimeHistory({ steps, time, timeZone }: { steps: readonly TPortcallTimestamp[]; time: string; timeZone: string }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  if (steps.length === 0) return null;
  const last = steps.at(-1)!;
  const earlier = steps.slice(0, -1);
  const listId = `time-history-${time}`;
  return (
    <div data-testid={`negotiation-${time}-history`} data-steps={steps.length}>
      {isOpen && earlier.length > 0 && (
        <List id={listId} listStyleType="none" spacing={2} mb={2}>
          {earlier.map((step) => (
            <List.Item key={step.id}>
              <StepLine step={step} timeZone={timeZone} />
            </List.Item>
          ))}
        </List>
      )}
      <StepLine step={last} timeZone={timeZone} />
      {earlier.length > 0 && (
        <Anchor component="button" type="button" size="xs" onClick={() => setOpen((o) => !o)} aria-expanded={isOpen} aria-controls={isOpen ? listId : undefined} data-testid={`negotiation-${time}-history-toggle`}>
          {isOpen ? t('portcalls.negotiation.hide_steps') : t('portcalls.negotiation.show_steps', { count: earlier.length })}
        </Anchor>
      )}
    </div>
  );
}
