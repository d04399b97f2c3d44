// Every alert a user sees, unfolded from the widget's groups: for tests that look for one alert by rule and call.
import type { TDashboardAlert, TDashboardAlerts } from '@quayline/domain';
import type { ApiCall } from './fixtures';

/** Pages through the groups and opens each (`?group=`), in the widget's order. `query` starts with '?' or is ''. */
export async function allAlerts(call: ApiCall, query = ''): Promise<TDashboardAlert[]> {
  const base = `/dashboard/alerts${query}${query ? '&' : '?'}`;
  const alerts: TDashboardAlert[] = [];
  for (let page = 1; ; page++) {
    const res = await call('GET', `${base}per_page=100&page=${page}`);
    if (res.statusCode !== 200) throw new Error(`GET /dashboard/alerts: ${res.statusCode} ${res.body}`);
    const answer = res.json().payload as TDashboardAlerts;
    for (const group of answer.groups) alerts.push(...((await call('GET', `${base}group=${group.key}`)).json().payload as TDashboardAlerts).items);
    if (page >= answer.meta.total_pages) return alerts;
  }
}
