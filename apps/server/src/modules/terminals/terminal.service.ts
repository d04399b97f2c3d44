// Terminal rules: a user sees only the terminals linked to them (anything else is NOT_FOUND), and one of them is current.
import {
  type TCargoHandlingEquipment,
  type TCargoHandlingEquipmentsQuery,
  type TPaged,
  type TPortalUserTerminal,
  type TTerminal,
  type TTerminalCrane,
  type TTerminalDetail,
  pageMeta,
  pageOffset,
} from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { searchText } from '../../lib/search-pattern';
import type { AuthSession } from '../auth/auth.service';
import { listPilotBoardingPlaces } from '../ports/port.repository';
import {
  type TerminalRow,
  countEquipment,
  findLinkedTerminal,
  findTerminalGeometry,
  listEquipment,
  listLinkedTerminals,
  listTerminalCranes,
  updateLastUsedTerminal,
} from './terminal.repository';

function toTerminal(row: TerminalRow): TTerminal {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    port: { id: row.port_id, unlocode: row.port_unlocode, name: row.port_name },
    terminal_operator: { id: row.operator_id, code: row.operator_code, name: row.operator_name },
    time_zone: row.time_zone,
    quay_length_m: row.quay_length_m,
    min_clearance_m: row.min_clearance_m,
  };
}

/** PostgreSQL `time` comes back as HH:mm:ss; the API speaks HH:mm. */
function toHoursMinutes(time: string): string {
  return time.slice(0, 5);
}

/**
 * The terminal if it is linked to the session's user. A terminal that exists but is not linked answers
 * exactly like one that does not exist, so ids of other terminals reveal nothing.
 */
export async function requireLinkedTerminal(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TerminalRow> {
  const terminal = await findLinkedTerminal(ctx.db, session.user.id, terminalId);
  if (!terminal) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  return terminal;
}

async function toTerminalDetail(ctx: AppContext, row: TerminalRow): Promise<TTerminalDetail> {
  const [geometry, pilotBoardingPlaces] = await Promise.all([findTerminalGeometry(ctx.db, row.id), listPilotBoardingPlaces(ctx.db, row.port_id)]);
  return {
    ...toTerminal(row),
    tide_station: row.tide_station,
    latitude: row.latitude,
    longitude: row.longitude,
    sections: geometry.sections.map((s) => ({ ...s, water_depth_m: Number(s.water_depth_m) })),
    bollards: geometry.bollards.map((b) => ({ ...b, position_m: Number(b.position_m) })),
    shifts: geometry.shifts.map((s) => ({ ...s, start_time: toHoursMinutes(s.start_time), end_time: toHoursMinutes(s.end_time) })),
    pilot_boarding_places: pilotBoardingPlaces,
  };
}

export async function listTerminals(ctx: AppContext, session: AuthSession): Promise<TTerminal[]> {
  return (await listLinkedTerminals(ctx.db, session.user.id)).map(toTerminal);
}

export async function getTerminal(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TTerminalDetail> {
  return toTerminalDetail(ctx, await requireLinkedTerminal(ctx, session, terminalId));
}

/** The last used terminal while it is still linked, else the first linked one (by name), else none. */
function pickCurrent<T extends { id: number }>(linked: T[], lastUsedId: number | null): T | undefined {
  return linked.find((t) => t.id === lastUsedId) ?? linked[0];
}

export async function getCurrentTerminal(ctx: AppContext, session: AuthSession): Promise<TTerminalDetail> {
  const current = pickCurrent(await listLinkedTerminals(ctx.db, session.user.id), session.user.last_used_terminal_id);
  if (!current) throw new AppError('NOT_FOUND', { message: 'You are not linked to any terminal.' });
  return toTerminalDetail(ctx, current);
}

export async function listPortalUserTerminals(ctx: AppContext, session: AuthSession): Promise<TPortalUserTerminal[]> {
  const linked = await listLinkedTerminals(ctx.db, session.user.id);
  const current = pickCurrent(linked, session.user.last_used_terminal_id);
  return linked.map((t) => ({ terminal_id: t.id, terminal_code: t.code, terminal_name: t.name, is_current: t.id === current?.id }));
}

/** Makes a linked terminal the current one; a terminal the user is not linked to is FORBIDDEN. */
export async function selectCurrentTerminal(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TTerminalDetail> {
  const isLinked = await updateLastUsedTerminal(ctx.db, { userId: session.user.id, terminalId, now: ctx.clock.now() });
  if (!isLinked) throw new AppError('FORBIDDEN', { message: 'You are not linked to this terminal.' });
  return getTerminal(ctx, session, terminalId);
}

export async function listCranes(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TTerminalCrane[]> {
  await requireLinkedTerminal(ctx, session, terminalId);
  return listTerminalCranes(ctx.db, terminalId);
}

export async function listCargoHandlingEquipment(ctx: AppContext, session: AuthSession, query: TCargoHandlingEquipmentsQuery): Promise<TPaged<TCargoHandlingEquipment>> {
  await requireLinkedTerminal(ctx, session, query.terminal_id);
  const filter = { terminalId: query.terminal_id, search: searchText(query.q), equipmentType: query.equipment_type ?? null };
  const [totalCount, rows] = await Promise.all([countEquipment(ctx.db, filter), listEquipment(ctx.db, filter, { limit: query.per_page, offset: pageOffset(query) })]);
  return {
    items: rows,
    meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount }),
  };
}
