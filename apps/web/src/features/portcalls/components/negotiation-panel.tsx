// The four negotiated times with their labels, whose turn it is, and exactly the steps the user's side may take now.
import { useState } from 'react';
import { Alert, Badge, Box, Button, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowsExchange, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NEGOTIATED_TIMES, waitingFor, type TNegotiatedTime, type TNegotiationAction, type TParty, type TPortcall, type TPortcallTimestamp } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { actionKey, partyKey, timeKey } from '@/entities/portcall/enum-labels';
import { offeredActions, timeStateOf } from '../utils/time-state';
import { TimeLabelBadge } from '@/entities/portcall/portcall-badges';
import { NegotiationStepForm } from './negotiation-step-form';
import { TimeHistory } from './time-history';

type TNegotiationPanelProps = { portcall: TPortcall; chain: TPortcallTimestamp[] | undefined; party: TParty; timeZone: string };

/** Steps that end or refuse something are shown in red, the others in the action colour. */
const CAUTIOUS_ACTIONS: readonly TNegotiationAction[] = ['reject', 'cancel', 'request_cancel', 'accept_cancel'];

export function NegotiationPanel({ portcall, chain, party, timeZone }: TNegotiationPanelProps) {
  const { t } = useTranslation();
  const [openStep, setOpenStep] = useState<{ time: TNegotiatedTime; action: TNegotiationAction } | null>(null);
  const isCancelled = portcall.status === 'Cancelled';

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="negotiation-title" data-testid="negotiation-panel">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconArrowsExchange size={22} stroke={1.6} color="var(--mantine-color-harbor-7)" style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2}>
            <Title order={2} size="h4" c="navy.9" id="negotiation-title">
              {t('portcalls.negotiation.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('portcalls.negotiation.description', { party: t(partyKey(party)) })}
            </Text>
          </Stack>
        </Group>
        {isCancelled && (
          <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} data-testid="negotiation-cancelled">
            {t('portcalls.negotiation.cancelled')}
          </Alert>
        )}
        {chain === undefined ? (
          <Group justify="center" p="md">
            <Loader size="sm" type="dots" aria-label={t('app.loading')} />
          </Group>
        ) : (
          <Stack gap={0}>
            {NEGOTIATED_TIMES.map((time, index) => (
              <Box key={time}>
                {index > 0 && <Divider my="sm" />}
                <NegotiationRow
                  portcall={portcall}
                  chain={chain}
                  time={time}
                  party={party}
                  timeZone={timeZone}
                  openAction={openStep?.time === time ? openStep.action : null}
                  onOpen={(action) => setOpenStep({ time, action })}
                  onClose={() => setOpenStep(null)}
                />
              </Box>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

type TNegotiationRowProps = {
  portcall: TPortcall;
  chain: TPortcallTimestamp[];
  time: TNegotiatedTime;
  party: TParty;
  timeZone: string;
  openAction: TNegotiationAction | null;
  onOpen: (action: TNegotiationAction) => void;
  onClose: () => void;
};

function NegotiationRow({ portcall, chain, time, party, timeZone, openAction, onOpen, onClose }: TNegotiationRowProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state = portcall[`${time}_state`];
  const actions = offeredActions(portcall, time, chain, party);
  const turn = portcall.status === 'Cancelled' ? null : waitingFor(timeStateOf(portcall, time, chain));
  const needsPilotPlace = (time === 'pilot_boarding_place_arrival' || time === 'pilot_boarding_place_departure') && portcall.pilot_boarding_place_id === null;

  return (
    <Stack gap="xs" data-testid={`negotiation-${time}`} data-label={state.label ?? 'none'}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Text size="sm" fw={650} c="navy.9">
            {t(timeKey(time))}
          </Text>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" data-testid={`negotiation-${time}-value`}>
              {formatZonedDateTime(portcall[time], timeZone, locale) || t('portcalls.not_set')}
            </Text>
            <TimeLabelBadge label={state.label} change={state.change_label} testId={`negotiation-${time}-label`} />
          </Group>
        </Stack>
        {turn !== null &&
          (turn === party ? (
            <Badge color="orange" variant="light" radius="sm" data-testid={`negotiation-${time}-your-turn`}>
              {t('portcalls.negotiation.your_turn')}
            </Badge>
          ) : (
            <Text size="xs" c="dimmed">
              {t('portcalls.negotiation.waiting_for', { party: t(partyKey(turn)) })}
            </Text>
          ))}
      </Group>
      <TimeHistory steps={chain.filter((step) => step.time === time)} time={time} timeZone={timeZone} />
      {actions.length > 0 ? (
        <Group gap="xs" data-testid={`negotiation-${time}-actions`}>
          {actions.map((action) => (
            <Button
              key={action}
              size="xs"
              radius="xl"
              variant={openAction === action ? 'filled' : 'light'}
              color={CAUTIOUS_ACTIONS.includes(action) ? 'red' : 'harbor'}
              onClick={() => (openAction === action ? onClose() : onOpen(action))}
              aria-expanded={openAction === action}
              data-testid={`negotiate-${time}-${action}`}
              data-action={action}
            >
              {t(actionKey(action))}
            </Button>
          ))}
        </Group>
      ) : (
        portcall.status !== 'Cancelled' && (
          <Text size="xs" c="dimmed" data-testid={`negotiation-${time}-no-actions`}>
            {needsPilotPlace ? t('portcalls.negotiation.needs_pilot_place') : t('portcalls.negotiation.no_actions')}
          </Text>
        )
      )}
      {/* A step that someone else's change made impossible closes its form. */}
      {openAction && actions.includes(openAction) && <NegotiationStepForm key={openAction} portcall={portcall} time={time} action={openAction} party={party} timeZone={timeZone} onDone={onClose} />}
    </Stack>
  );
}
