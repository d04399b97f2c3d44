// The live berth plan of a terminal as the clash checker sees it, and its clashes.
import type { TClash } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { terminalIdsOf } from '../portcalls/portcall.service';
import { findLivePlan, findLivePlanClashes } from './live-plan';

export async function findTerminalClashes(ctx: AppContext, session: AuthSession, args: { terminal_id: number; from: string; to: string }): Promise<{ clashes: TClash[]; checked_calls: number; unplaced_calls: number }> {
  if (!(await terminalIdsOf(ctx, session.user)).includes(args.terminal_id)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const from = new Date(args.from);
  const to = new Date(args.to);
  const plan = await findLivePlan(ctx.db, { terminalId: args.terminal_id, from, to, isDepartedLeftOut: false });
  const { clashes, placed } = await findLivePlanClashes(ctx, plan);
  return { clashes, checked_calls: placed, unplaced_calls: plan.calls.length - placed };
}
