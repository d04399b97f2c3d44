// Vessel register rules: everyone signed in may search it; terminal operators and agents may add to it,
// and an IMO number (or MMSI) is registered once; a vessel's type is changed by whoever answers for the vessel.
import { type TCreateVesselRequest, type TPaged, type TUpdateVesselTypeRequest, type TVessel, type TVesselType, type TVesselsQuery, VESSEL_TYPES, pageMeta, pageOffset, vesselEditProblem } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { searchText } from '../../lib/search-pattern';
import type { AuthSession } from '../auth/auth.service';
import { type VesselRow, countVessels, findVesselById, findVesselByIdentity, findVesselOperator, insertVesselIfNew, isAgencyOfOperator, listVessels, updateVesselType } from './vessel.repository';

function isVesselType(value: string): value is TVesselType {
  return (VESSEL_TYPES as readonly string[]).includes(value);
}

function toVessel(row: VesselRow): TVessel {
  return {
    id: row.id,
    name: row.name,
    imo_number: row.imo_number,
    mmsi: row.mmsi,
    call_sign: row.call_sign,
    flag: row.flag,
    // Rows written by other sources (AIS, schedule feeds) may carry a type outside the coded list.
    vessel_type: isVesselType(row.vessel_type) ? row.vessel_type : 'OTHER',
    vessel_type_detailed: row.vessel_type_detailed,
    length_overall_m: Number(row.length_overall_m),
    beam_m: Number(row.beam_m),
    max_draft_m: Number(row.max_draft_m),
    gross_tonnage: row.gross_tonnage,
    vessel_operator: row.operator_id !== null && row.operator_code !== null && row.operator_name !== null ? { id: row.operator_id, code: row.operator_code, name: row.operator_name } : null,
  };
}

export async function searchVessels(ctx: AppContext, query: TVesselsQuery): Promise<TPaged<TVessel>> {
  const search = { text: searchText(query.q) };
  const [totalCount, rows] = await Promise.all([countVessels(ctx.db, search), listVessels(ctx.db, search, { limit: query.per_page, offset: pageOffset(query) })]);
  return { items: rows.map(toVessel), meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount }) };
}

export async function getVessel(ctx: AppContext, vesselId: number): Promise<TVessel> {
  const row = await findVesselById(ctx.db, vesselId);
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such vessel.' });
  return toVessel(row);
}

export async function createVessel(ctx: AppContext, session: AuthSession, request: TCreateVesselRequest): Promise<TVessel> {
  const operatorId = request.vessel_operator_id ?? null;
  if (operatorId !== null && !(await findVesselOperator(ctx.db, operatorId))) {
    throw new AppError('VALIDATION_FAILED', { errors: [{ path: 'vessel_operator_id', message: 'No such vessel operator' }] });
  }
  const mmsi = request.mmsi ?? null;
  const inserted = await insertVesselIfNew(ctx.db, {
    name: request.name,
    imo_number: request.imo_number,
    mmsi,
    call_sign: request.call_sign ?? null,
    flag: request.flag ?? null,
    vessel_type: request.vessel_type,
    vessel_type_detailed: request.vessel_type_detailed ?? null,
    length_overall_m: request.length_overall_m,
    beam_m: request.beam_m,
    max_draft_m: request.max_draft_m,
    gross_tonnage: request.gross_tonnage ?? null,
    vessel_operator_id: operatorId,
  });
  if (!inserted) {
    const existing = await findVesselByIdentity(ctx.db, { imoNumber: request.imo_number, mmsi });
    const current = existing ? toVessel(existing) : undefined;
    const message = current && current.imo_number !== request.imo_number ? `MMSI ${mmsi} is already registered to ${current.name}.` : `IMO ${request.imo_number} is already registered${current ? ` as ${current.name}` : ''}.`;
    throw new AppError('CONFLICT', { message, current });
  }
  return getVessel(ctx, inserted.id);
}

/** Changes what the register says a vessel is (docs/permissions.md): the terminal any vessel, the vessel side only the vessels it answers for. */
export async function updateVesselTypeOf(ctx: AppContext, session: AuthSession, vesselId: number, request: TUpdateVesselTypeRequest): Promise<TVessel> {
  const row = await findVesselById(ctx.db, vesselId);
  if (!row) throw new AppError('NOT_FOUND', { message: 'No such vessel.' });
  const { user } = session;
  const isAgency = user.user_type === 'agent' && user.organisation_id !== null && row.operator_id !== null && (await isAgencyOfOperator(ctx.db, { agencyId: user.organisation_id, vesselOperatorId: row.operator_id }));
  const problem = vesselEditProblem({
    userType: user.user_type,
    organisationId: user.organisation_id,
    vessel: { name: row.name, vesselOperatorId: row.operator_id, operatorName: row.operator_name },
    isAgencyOfOperator: isAgency,
  });
  if (problem) throw new AppError('FORBIDDEN', { message: problem });
  await updateVesselType(ctx.db, vesselId, { vessel_type: request.vessel_type, vessel_type_detailed: request.vessel_type_detailed });
  return getVessel(ctx, vesselId);
}
