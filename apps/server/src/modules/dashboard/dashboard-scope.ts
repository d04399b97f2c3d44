// What every dashboard widget starts from: the terminals the user asks about, and visible calls mapped to the API shape.
import type { TPortcall } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import type { PortalUser } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { toPortcall } from '../portcalls/portcall-mapper';
import { extrasPerPortcall, findCargoDetails, findPortcallExtras, type PortcallExtras, type PortcallRow, perPortcall } from '../portcalls/portcall.repository';
import { findLinkedTerminalIds } from './dashboard.repository';

/** The linked terminals, or the one asked for; a terminal the user is not linked to is a 404 like any unseen record. */
export async function scopeTerminals(ctx: AppContext, user: PortalUser, terminalId: number | undefined): Promise<number[]> {
  const linked = await findLinkedTerminalIds(ctx.db, user.id);
  if (terminalId === undefined) return linked;
  if (!linked.includes(terminalId)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  return [terminalId];
}

/** Rows to API port calls with cargo, shifts and arrival chain, in a fixed number of queries. */
/** `extras`: already read by the caller for the same rows, so they are not read twice. */
export async function mapCalls(ctx: AppContext, user: PortalUser, rows: readonly PortcallRow[], options: { withExtras: boolean; extras?: PortcallExtras }): Promise<TPortcall[]> {
  const ids = rows.map((r) => r.id);
  const cargo = perPortcall(await findCargoDetails(ctx.db, ids));
  const extras = options.withExtras ? extrasPerPortcall(options.extras ?? (await findPortcallExtras(ctx.db, ids))) : null;
  const now = ctx.clock.now();
  return rows.map((r) => (extras ? toPortcall(r, cargo(r.id), user, extras(r.id), now) : toPortcall(r, cargo(r.id), user, undefined, now)));
}
