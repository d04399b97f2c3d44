// The cargo_operation_progress widget: visible calls in Cargo Ops with volumes done and left and the projected end.
import { type TCargoProgressItem, type TPageMeta, computeCargoProgress, pageMeta } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { AuthSession } from '../auth/auth.service';
import { mapCalls, scopeTerminals } from './dashboard-scope';
import { findVisibleCallsPage } from './dashboard.repository';

export async function getCargoOperationProgress(ctx: AppContext, session: AuthSession, query: { page: number; per_page: number; terminal_id?: number | undefined }): Promise<{ items: TCargoProgressItem[]; meta: TPageMeta }> {
  const user = session.user;
  await scopeTerminals(ctx, user, query.terminal_id);
  const { rows, total } = await findVisibleCallsPage(ctx.db, user, { terminalId: query.terminal_id, statuses: ['Cargo Ops'] }, { offset: (query.page - 1) * query.per_page, limit: query.per_page });
  const now = ctx.clock.now();
  const calls = await mapCalls(ctx, user, rows, { withExtras: true });
  const items = calls.map((call) => {
    const progress = computeCargoProgress({ cargoDetails: call.cargo_details, shifts: call.portcall_shift_details, cargoOperationsStart: call.cargo_operations_start, now });
    const plannedEnd = call.cargo_operations_end ?? call.berth_departure;
    return {
      portcall_id: call.id,
      terminal_id: call.terminal_id,
      vessel_name: call.vessel_name,
      berth_departure: call.berth_departure,
      cargo_operations_start: call.cargo_operations_start,
      ...progress,
      planned_end: plannedEnd,
      projected_delay_minutes: progress.projected_end === null ? null : Math.round((Date.parse(progress.projected_end) - Date.parse(plannedEnd)) / 60_000),
    };
  });
  return { items, meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount: total }) };
}
