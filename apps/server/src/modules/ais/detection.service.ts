// AIS-detected times as the planner sees them (list, apply, dismiss) and the terminal's AIS settings.
import { DEFAULT_ALERT_SETTINGS, type TAisDetection, type TPortcall, type TTerminalAisSettings, type TTerminalAisSettingsUpdate, type TNegotiatedTime, realtimeChannels } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import type { AuthSession } from '../auth/auth.service';
import { refuseUnlessAllowed } from '../auth/route-permissions';
import { getPortcall, negotiatePortcall, terminalIdsOf } from '../portcalls/portcall.service';
import { publishEvent } from '../realtime/publish-event';
import { decideDetection, findDetectionWithTerminal, findDetectionsOfCall, findTerminalAisSettings } from './detection.repository';
import { toDetection } from './geofence/record-ais-time';

/** Anyone who may see the call sees what AIS detected for it. */
export async function listDetections(ctx: AppContext, session: AuthSession, portcallId: number): Promise<TAisDetection[]> {
  await getPortcall(ctx, session, portcallId);
  return (await findDetectionsOfCall(ctx.db, portcallId)).map(toDetection);
}

/** A terminal the user is not linked to answers like one that does not exist (404); a linked one refuses the vessel side (403). */
async function requireTerminalOperatorOf(ctx: AppContext, session: AuthSession, terminalId: number, action: 'decide_ais_detections' | 'manage_ais_settings'): Promise<void> {
  if (!(await terminalIdsOf(ctx, session.user)).includes(terminalId)) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  refuseUnlessAllowed(session.user, action);
}

async function proposedDetection(ctx: AppContext, session: AuthSession, id: number) {
  const row = await findDetectionWithTerminal(ctx.db, id);
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such AIS detection.' });
  // A detection of a call the user may not see answers like one that does not exist.
  await getPortcall(ctx, session, row.portcall_id);
  await requireTerminalOperatorOf(ctx, session, row.terminal_id, 'decide_ais_detections');
  if (row.status !== 'proposed') throw new AppError('CONFLICT', { message: 'This AIS detection is already decided.', current: toDetection(row) });
  return row;
}

/** The planner takes the detected time: an actual step of theirs, through the same negotiation as a typed actual. */
export async function applyDetection(ctx: AppContext, session: AuthSession, id: number, body: { version: number }): Promise<TPortcall> {
  const row = await proposedDetection(ctx, session, id);
  const portcall = await negotiatePortcall(ctx, session, row.portcall_id, { time: row.time_type as TNegotiatedTime, action: 'actual', date_time: new Date(row.date_time).toISOString(), version: body.version }, row.source);
  await decideDetection(ctx.db, id, { status: 'applied', decidedBy: session.user.id, at: ctx.clock.now() });
  return portcall;
}

export async function dismissDetection(ctx: AppContext, session: AuthSession, id: number, body: { version: number }): Promise<TAisDetection> {
  const row = await proposedDetection(ctx, session, id);
  const portcall = await getPortcall(ctx, session, row.portcall_id);
  if (portcall.version !== body.version) throw new AppError('CONFLICT', { current: portcall });
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await decideDetection(trx, id, { status: 'dismissed', decidedBy: session.user.id, at: now }))) throw new AppError('CONFLICT', { message: 'This AIS detection is already decided.' });
    const detection = toDetection({ ...row, status: 'dismissed', decided_at: now });
    await publishEvent(trx, { channel: realtimeChannels.terminal(row.terminal_id), event: 'ais.detection', payload: { terminal_id: row.terminal_id, portcall_id: row.portcall_id, detection } });
  });
  return toDetection({ ...row, status: 'dismissed', decided_at: now });
}

async function loadSettings(ctx: AppContext, terminalId: number): Promise<TTerminalAisSettings> {
  const row = await findTerminalAisSettings(ctx.db, terminalId);
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such terminal.' });
  const quay =
    row.quay_origin_latitude !== null && row.quay_origin_longitude !== null && row.quay_bearing_deg !== null
      ? { origin_latitude: row.quay_origin_latitude, origin_longitude: row.quay_origin_longitude, bearing_deg: row.quay_bearing_deg, water_side: row.quay_water_side }
      : null;
  return {
    terminal_id: row.id,
    version: row.ais_settings_version,
    ais_actuals_mode: row.ais_actuals_mode,
    preferred_prediction_source: row.preferred_prediction_source,
    on_time_minutes: row.arrival_deviation_minutes ?? DEFAULT_ALERT_SETTINGS.arrival_deviation_minutes,
    quay,
  };
}

/** The terminal's planners see its AIS settings. */
export async function getTerminalAisSettings(ctx: AppContext, session: AuthSession, terminalId: number): Promise<TTerminalAisSettings> {
  await requireTerminalOperatorOf(ctx, session, terminalId, 'manage_ais_settings');
  return loadSettings(ctx, terminalId);
}

export async function updateTerminalAisSettings(ctx: AppContext, session: AuthSession, terminalId: number, body: TTerminalAisSettingsUpdate): Promise<TTerminalAisSettings> {
  await requireTerminalOperatorOf(ctx, session, terminalId, 'manage_ais_settings');
  const result = await ctx.db
    .updateTable('terminals')
    .set({
      ...(body.ais_actuals_mode ? { ais_actuals_mode: body.ais_actuals_mode } : {}),
      ...(body.preferred_prediction_source ? { preferred_prediction_source: body.preferred_prediction_source } : {}),
      ...(body.quay ? { quay_origin_latitude: body.quay.origin_latitude, quay_origin_longitude: body.quay.origin_longitude, quay_bearing_deg: body.quay.bearing_deg, quay_water_side: body.quay.water_side } : {}),
      ais_settings_version: (eb) => eb('ais_settings_version', '+', 1),
    })
    .where('id', '=', terminalId)
    .where('ais_settings_version', '=', body.version)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new AppError('CONFLICT', { current: await loadSettings(ctx, terminalId) });
  return loadSettings(ctx, terminalId);
}
