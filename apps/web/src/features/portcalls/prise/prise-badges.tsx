// The one PRISE icon and status badge, used alike on the details panel, the port-call list and its cards.
import { Badge, ThemeIcon, Tooltip } from '@mantine/core';
import { IconFileCertificate, type IconProps } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PRISE_STATUSES } from '@quayline/domain';
import { priseStatusKey } from '@/entities/portcall/enum-labels';
import { PRISE_STATUS_COLOURS } from './prise-labels';

type TPriseStatus = (typeof PRISE_STATUSES)[number];

/** The spec's "price (prise) information" icon. */
export function PriseIcon(props: IconProps) {
  return <IconFileCertificate stroke={1.7} {...props} />;
}

/** The PRISE status (partially accepted reads as accepted); `isCompact` shows only the icon, its words in a tooltip. */
export function PriseStatusBadge({ status, isCompact = false }: { status: TPriseStatus; isCompact?: boolean }) {
  const { t } = useTranslation();
  const label = t('portcalls.prise.icon_label', { status: t(priseStatusKey(status)) });
  const colour = PRISE_STATUS_COLOURS[status];
  if (isCompact) {
    return (
      <Tooltip label={label} withArrow>
        <ThemeIcon color={colour} variant="light" size={22} radius="sm" role="img" aria-label={label} data-testid="prise-status-badge" data-prise-status={status}>
          <PriseIcon size={15} aria-hidden />
        </ThemeIcon>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={label} withArrow>
      <Badge color={colour} variant="light" radius="sm" miw="max-content" leftSection={<PriseIcon size={13} aria-hidden />} aria-label={label} data-testid="prise-status-badge" data-prise-status={status}>
        {t(priseStatusKey(status))}
      </Badge>
    </Tooltip>
  );
}
