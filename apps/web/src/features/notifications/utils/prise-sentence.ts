// The sentence of a PRISE notification (details.field 'prise_status'): the port authority's answers read as its own.
import type { TFunction } from 'i18next';
import { PRISE_STATUSES, priseDisplayStatus, type TNotificationMessage } from '@quayline/domain';

type TDetails = TNotificationMessage['details'];

export const isPriseNotification = (details: TDetails): boolean => details.field === 'prise_status';

export function priseSentence(t: TFunction, details: TDetails, actor: string, vessel: string): string {
  const value = (PRISE_STATUSES as readonly string[]).includes(details.value ?? '') ? priseDisplayStatus(details.value as (typeof PRISE_STATUSES)[number]) : null;
  switch (value) {
    case 'prise_sent':
      return t('notifications.prise.sent', { actor, vessel });
    case 'prise_accepted':
      return t('notifications.prise.accepted', { vessel });
    case 'prise_rejected':
      return t('notifications.prise.rejected', { vessel });
    case 'prise_info_required':
      return t('notifications.prise.info_required', { vessel });
    default:
      return t('notifications.prise.other', { actor, vessel });
  }
}
