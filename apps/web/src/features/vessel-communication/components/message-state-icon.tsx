// The message icon of a port call (spec 4): new = highlighted dot, none = muted, all_read = a check.
import { Box, Tooltip } from '@mantine/core';
import { IconMessage, IconMessageCheck, IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMessageIconState } from '@quayline/domain';
import classes from './vessel-communication.module.css';

export function MessageStateIcon({ state }: { state: TMessageIconState | undefined }) {
  const { t } = useTranslation();
  const label = state ? t(`vesselCommunication.states.${state}`) : t('vesselCommunication.states.unknown');
  return (
    <Tooltip label={label} withinPortal openDelay={300}>
      <Box className={classes.stateIcon} data-state={state ?? 'unknown'} data-testid="message-state" role="img" aria-label={label}>
        {state === 'all_read' ? <IconMessageCheck size={18} stroke={1.8} /> : state === 'new' ? <IconMessageCircle size={18} stroke={2} /> : <IconMessage size={18} stroke={1.6} />}
        {state === 'new' && <span className={classes.newDot} aria-hidden />}
      </Box>
    </Tooltip>
  );
}
