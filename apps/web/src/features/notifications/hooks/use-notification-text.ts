// One translated sentence per notification, from its type and details ("Ada proposed a new berth arrival for ELBE: ...").
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NEGOTIATED_TIMES, NEGOTIATION_ACTIONS, type TNegotiatedTime, type TNegotiationAction, type TNotificationMessage } from '@quayline/domain';
import { useLocale } from '@/hooks/use-locale';
import { useTerminalTimeZones } from '@/lib/terminal-time-zones';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { isPriseNotification, priseSentence } from '../utils/prise-sentence';

type TNotificationContent = Pick<TNotificationMessage, 'id' | 'notification_type' | 'details'> & Partial<Pick<TNotificationMessage, 'is_unreadable'>>;

const isNegotiatedTime = (field: string | undefined): field is TNegotiatedTime => (NEGOTIATED_TIMES as readonly string[]).includes(field ?? '');
const isAction = (action: string | undefined): action is TNegotiationAction => (NEGOTIATION_ACTIONS as readonly string[]).includes(action ?? '');

export function useNotificationText() {
  const { t } = useTranslation();
  const locale = useLocale();
  const { defaultZone } = useTerminalTimeZones();

  const formatTime = useCallback((iso: string | null | undefined) => formatZonedDateTime(iso, defaultZone, locale), [defaultZone, locale]);

  const sentence = useCallback(
    ({ id, notification_type, details, is_unreadable }: TNotificationContent): string => {
      // A stored notification the server could not read is listed as such, with its number, not dropped.
      if (is_unreadable) return t('notifications.unreadable', { id });
      const actor = details.actor_name || t('notifications.someone');
      const vessel = details.vessel_name || t('notifications.a_port_call');
      const { field, action } = details;
      if (isPriseNotification(details)) return priseSentence(t, details, actor, vessel);
      if (field === 'portcall') {
        if (action === 'plan') return t('notifications.created.plan', { actor, vessel });
        if (action === 'request') return t('notifications.created.request', { actor, vessel });
        return t('notifications.created.other', { actor, vessel });
      }
      // An automated berth time onto occupied quay: the terminal is told to replan, the vessel side that its time is at risk.
      if (isNegotiatedTime(field) && (action === 'ais_clash' || action === 'berth_time_at_risk')) return t(`notifications.${action}`, { vessel, field: t(`notifications.times.${field}`) });
      if (isNegotiatedTime(field) && isAction(action)) {
        return t(`notifications.steps.${action}`, { actor, vessel, field: t(`notifications.times.${field}`), value: formatTime(details.value) || '—' });
      }
      return t(`notifications.types.${notification_type}`, { actor, vessel });
    },
    [t, formatTime],
  );

  return { sentence, formatTime };
}
