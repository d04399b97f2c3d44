// Ports and pilot boarding places: public master data, readable by every signed-in user.
import { type TPaged, type TPilotBoardingPlace, type TPort, type TPortsQuery, pageMeta, pageOffset } from '@quayline/domain';
import type { AppContext } from '../../app-context';
import { AppError } from '../../lib/app-error';
import { searchText } from '../../lib/search-pattern';
import { countPorts, findPort, listPilotBoardingPlaces, listPorts } from './port.repository';

export async function searchPorts(ctx: AppContext, query: TPortsQuery): Promise<TPaged<TPort>> {
  const text = searchText(query.q);
  const [totalCount, rows] = await Promise.all([countPorts(ctx.db, text), listPorts(ctx.db, text, { limit: query.per_page, offset: pageOffset(query) })]);
  // unlocode is char(5); trimEnd keeps the shape stable whatever the driver pads.
  return { items: rows.map((p) => ({ ...p, unlocode: p.unlocode.trimEnd(), country_code: p.country_code.trimEnd() })), meta: pageMeta({ page: query.page, perPage: query.per_page, totalCount }) };
}

export async function getPilotBoardingPlaces(ctx: AppContext, portId: number): Promise<TPilotBoardingPlace[]> {
  if (!(await findPort(ctx.db, portId))) throw new AppError('NOT_FOUND', { message: 'No such port.' });
  return listPilotBoardingPlaces(ctx.db, portId);
}
