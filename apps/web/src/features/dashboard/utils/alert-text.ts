// The why of an alert in words, from its machine-readable parameters (`dashboard.alerts.why.*`).
import type { TFunction } from 'i18next';
import type { TDashboardAlert, TLocale } from '@quayline/domain';
import { formatZonedDateTime } from '@/lib/zoned-time';
import { formatDuration } from '@/lib/number-format';
import { priseAlertWhyText } from './prise-alert-text';

const str = (v: string | number | null | undefined): string => (v === null || v === undefined ? '' : String(v));
const num = (v: string | number | null | undefined): number => (typeof v === 'number' ? v : Number(v ?? 0));

export function alertWhyText(t: TFunction, alert: TDashboardAlert, timeZone: string, locale: TLocale): string {
  const w = alert.why;
  const time = (v: string | number | null | undefined) => formatZonedDateTime(str(v), timeZone, locale);
  switch (alert.rule) {
    case 'unanswered_request':
      return t('dashboard.alerts.why.unanswered_request', {
        time: t(`portcalls.times.${str(w.time)}`, { defaultValue: str(w.time) }),
        label: t(`portcalls.time_labels.${str(w.label)}`, { defaultValue: str(w.label) }),
        age: formatDuration(num(w.age_minutes), t, locale),
        threshold: formatDuration(num(w.threshold_minutes), t, locale),
      });
    case 'arrival_deviation':
      return t(num(w.deviation_minutes) >= 0 ? 'dashboard.alerts.why.arrival_deviation_late' : 'dashboard.alerts.why.arrival_deviation_early', {
        source: t(`dashboard.alerts.sources.${w.source === 'schedule_proposal' ? 'schedule_proposal' : 'predicted'}`),
        predicted: time(w.predicted_arrival),
        accepted: time(w.accepted_arrival),
        deviation: formatDuration(num(w.deviation_minutes), t, locale),
      });
    case 'berth_clash': {
      const kind = str(w.kind);
      if (kind === 'overlap') {
        const count = typeof w.other_count === 'number' ? w.other_count : 1;
        if (w.other_portcall_id === null) return count > 1 ? t('dashboard.alerts.why.overlap_many_hidden', { count }) : t('dashboard.alerts.why.overlap_hidden');
        return count > 1 ? t('dashboard.alerts.why.overlap_many', { id: str(w.other_portcall_id), more: count - 1 }) : t('dashboard.alerts.why.overlap', { id: str(w.other_portcall_id) });
      }
      if (kind === 'block_zone') return t('dashboard.alerts.why.block_zone');
      if (kind === 'not_a_berth') return t('dashboard.alerts.why.not_a_berth');
      return t('dashboard.alerts.why.outside_quay');
    }
    case 'under_keel':
      return t(w.at === 'departure' ? 'dashboard.alerts.why.under_keel_departure' : 'dashboard.alerts.why.under_keel_arrival', {
        draft: str(w.draft_m),
        depth: str(w.water_depth_m),
        clearance: str(w.under_keel_clearance_m),
      });
    case 'cargo_behind_plan':
      return t('dashboard.alerts.why.cargo_behind_plan', { projected: time(w.projected_departure), accepted: time(w.accepted_departure), delay: formatDuration(num(w.delay_minutes), t, locale) });
    case 'prise_notice':
      return priseAlertWhyText(t, w, time);
    default: {
      const unreachable: never = alert.rule;
      return unreachable;
    }
  }
}
