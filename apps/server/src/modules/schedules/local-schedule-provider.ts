// A local, deterministic schedule provider speaking DCSA OVS 3.0.2 (GET /v3/service-schedules) for the demo, as the
// local port authority is for PRISE: it publishes the voyages the terminal already knows, each terminal call at the
// call's own current times (ACT once the call has an actual, else EST for an agreed time, else PLN), so "Fetch now"
// syncs end to end and changes nothing that a planner did not change.
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OVS_API_VERSION, type TOvsServiceSchedule, type TOvsTimestamp, type TOvsTransportCall, classifierOfLabel } from '@quayline/domain';
import type { TPublishableStop } from './schedule.repository';

export type TLocalScheduleProvider = { url: string; token: string; close(): Promise<void> };
type TReadStops = (args: { unlocode: string; from: Date; to: Date }) => Promise<TPublishableStop[]>;

const DAY_MS = 86_400_000;
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());


/** The stops of the voyages, grouped as OVS groups them: service, then vessel, then its transport calls in order. */
export function toServiceSchedules(stops: readonly TPublishableStop[]): TOvsServiceSchedule[] {
  const services = new Map<string, TOvsServiceSchedule>();
  const vessels = new Map<string, TOvsServiceSchedule['vesselSchedules'][number]>();
  for (const s of stops) {
    const serviceKey = s.service_code ?? s.service_name;
    let service = services.get(serviceKey);
    if (!service) {
      service = { carrierServiceName: s.service_name.slice(0, 50), carrierServiceCode: (s.service_code ?? s.service_name.replace(/[^A-Za-z0-9]/g, '').toUpperCase()).slice(0, 11), vesselSchedules: [] };
      services.set(serviceKey, service);
    }
    const vesselKey = `${serviceKey}|${s.imo_number}`;
    let vessel = vessels.get(vesselKey);
    if (!vessel) {
      vessel = { vesselOperatorSMDGLinerCode: s.operator_code.slice(0, 10), vesselIMONumber: s.imo_number, vesselName: s.vessel_name.slice(0, 35), isDummyVessel: false, transportCalls: [] };
      vessels.set(vesselKey, vessel);
      service.vesselSchedules.push(vessel);
    }
    const arrival = s.is_terminal_call ? iso(s.berth_arrival ?? s.arrival) : iso(s.arrival);
    const departure = s.is_terminal_call ? iso(s.berth_departure ?? s.departure) : iso(s.departure);
    const timestamps: TOvsTimestamp[] = [];
    if (arrival) timestamps.push({ eventTypeCode: 'ARRI', eventClassifierCode: s.is_terminal_call ? classifierOfLabel(s.berth_arrival_label) : (s.arrival_classifier ?? 'PLN'), eventDateTime: arrival });
    if (departure) timestamps.push({ eventTypeCode: 'DEPA', eventClassifierCode: s.is_terminal_call ? classifierOfLabel(s.berth_departure_label) : (s.departure_classifier ?? 'PLN'), eventDateTime: departure });
    const call: TOvsTransportCall = {
      transportCallReference: `QL-${s.voyage_id}-${s.sequence}`,
      carrierImportVoyageNumber: s.voyage_number_import,
      ...(s.voyage_number_export ? { carrierExportVoyageNumber: s.voyage_number_export } : {}),
      // By port only: an SMDG facility code has at most 6 characters, longer than some of our terminal codes allow.
      location: { locationType: 'UNLO', UNLocationCode: s.unlocode },
      // A cancelled call is omitted from the rotation, as a carrier says it.
      ...(s.is_terminal_call && s.call_status === 'Cancelled' ? { statusCodes: ['OMIT'] } : {}),
      timestamps,
    };
    vessel.transportCalls.push(call);
  }
  return [...services.values()];
}

function dateParam(value: string | null, fallback: Date): Date {
  const ms = value && /^\d{4}-\d\d-\d\d$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return Number.isNaN(ms) ? fallback : new Date(ms);
}

export async function startLocalScheduleProvider(args: { readStops: TReadStops; token: string; host?: string; port?: number; now?: () => Date }): Promise<TLocalScheduleProvider> {
  const now = args.now ?? (() => new Date());
  const server: Server = createServer((req, res) => {
    const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json', 'api-version': OVS_API_VERSION }).end(JSON.stringify(body));
    const error = (status: number, text: string) => send(status, { httpMethod: req.method ?? 'GET', requestUri: req.url ?? '/', statusCode: status, statusCodeText: text, errorDateTime: new Date().toISOString(), errors: [{ errorCodeText: text }] });
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method !== 'GET' || url.pathname !== '/v3/service-schedules') return error(404, 'Not Found');
    if (req.headers.authorization !== `Bearer ${args.token}`) return error(401, 'Unauthorized');
    const unlocode = (url.searchParams.get('UNLocationCode') ?? '').toUpperCase();
    if (!/^[A-Z]{2}[A-Z2-9]{3}$/.test(unlocode)) return error(400, 'Bad Request');
    const from = dateParam(url.searchParams.get('startDate'), new Date(now().getTime() - 7 * DAY_MS));
    // endDate is inclusive in OVS: the day after it is the bound.
    const to = new Date(dateParam(url.searchParams.get('endDate'), new Date(now().getTime() + 28 * DAY_MS)).getTime() + DAY_MS);
    args
      .readStops({ unlocode, from, to })
      .then((stops) => send(200, toServiceSchedules(stops)))
      .catch(() => error(500, 'Internal Server Error'));
  });
  await new Promise<void>((resolve) => server.listen(args.port ?? 0, args.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${args.host ?? '127.0.0.1'}:${port}`,
    token: args.token,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
