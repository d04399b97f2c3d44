// The why of a 'prise_notice' alert: why = { state: rejected | overdue | due_soon | reopened, due_at, prise_code }.
import type { TFunction } from 'i18next';
import type { TDashboardAlert } from '@quayline/domain';

export function priseAlertWhyText(t: TFunction, why: TDashboardAlert['why'], formatTime: (iso: string) => string): string {
  const due = typeof why.due_at === 'string' ? formatTime(why.due_at) : '';
  switch (why.state) {
    case 'rejected':
      return typeof why.prise_code === 'string' && why.prise_code ? t('dashboard.alerts.why.prise_rejected', { code: why.prise_code }) : t('dashboard.alerts.why.prise_rejected_no_code');
    case 'overdue':
      return t('dashboard.alerts.why.prise_overdue', { due });
    case 'due_soon':
      return t('dashboard.alerts.why.prise_due_soon', { due });
    default:
      // 'reopened', and whatever a newer server adds: the notice has to go out again.
      return t('dashboard.alerts.why.prise_reopened');
  }
}
