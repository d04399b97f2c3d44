// Pins a port call to the user's watch list or unpins it: on the call's details page and in the dashboard's watch list.
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { POPUP_AUTO_CLOSE_MS } from '@quayline/domain';
import { useTogglePin, useWatchlist } from '@/lib/watchlist';

type TPinButtonProps = { portcallId: number; vesselName: string; variant?: 'button' | 'icon' };

export function PinButton({ portcallId, vesselName, variant = 'button' }: TPinButtonProps) {
  const { t } = useTranslation();
  const watchlist = useWatchlist();
  const toggle = useTogglePin();
  const isPinned = watchlist.data?.items.some((item) => item.portcall_id === portcallId) ?? false;
  const label = isPinned ? t('dashboard.pin.unpin', { vessel: vesselName }) : t('dashboard.pin.pin', { vessel: vesselName });
  const onClick = () =>
    toggle.mutate(
      { portcallId, isPinned: !isPinned },
      { onError: () => notifications.show({ color: 'red', message: t('dashboard.pin.failed'), autoClose: POPUP_AUTO_CLOSE_MS }) },
    );
  // Until the list is known the button cannot tell pin from unpin, so it waits rather than guess.
  const isDisabled = watchlist.isPending || toggle.isPending;
  const Icon = isPinned ? IconPinnedOff : IconPin;

  if (variant === 'icon') {
    return (
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="gray" onClick={onClick} disabled={isDisabled} aria-label={label} aria-pressed={isPinned} data-testid={`pin-button-${portcallId}`}>
          <Icon size={18} />
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Button variant="default" leftSection={<Icon size={18} />} onClick={onClick} disabled={isDisabled} aria-pressed={isPinned} aria-label={label} data-testid="pin-button" data-pinned={isPinned}>
      {isPinned ? t('dashboard.pin.unpin_short') : t('dashboard.pin.pin_short')}
    </Button>
  );
}
