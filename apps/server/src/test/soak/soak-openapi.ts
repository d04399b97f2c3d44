// The GET operations of the OpenAPI document the servers serve, with their parameters filled from the soak's world,
// so the sweep and the virtual users' reads cover every route, new ones included.
import type { TSoakServer } from './soak-client';
import { type TJsonSchema, type TParameter, exampleFromSchema, fillPath } from '../openapi-operations';

export type TGetOperation = { path: string; parameters: TParameter[] };

type TOpenApiDocument = { paths: Record<string, Record<string, { parameters?: TParameter[] }>> };

export async function listGetOperations(server: TSoakServer): Promise<TGetOperation[]> {
  const res = await server.send({ method: 'GET', path: '/openapi.json' });
  if (res.status !== 200) throw new Error(`the OpenAPI document answered ${res.status}`);
  const doc = res.body as TOpenApiDocument;
  const prefix = '/api/portal/v1';
  return Object.entries(doc.paths).flatMap(([full, byMethod]) =>
    full.startsWith(prefix) && byMethod.get && full !== `${prefix}/realtime` ? [{ path: full.slice(prefix.length), parameters: byMethod.get.parameters ?? [] }] : [],
  );
}

/** The records a GET can be pointed at: a call, its vessel and voyage, the terminal, a template. */
export type TGetTargets = { terminalId: number; portId: number; callId: number; vesselId: number; voyageId: number | null; templateId: number | null; now: Date };

const DAY = 86_400_000;

/** The operation's URL for these records; optional parameters that name a record get one too, as a screen would. */
export function getUrl(operation: TGetOperation, t: TGetTargets): string {
  const iso = (days: number) => new Date(t.now.getTime() + days * DAY).toISOString();
  const idFor = (path: string): number => {
    if (path.startsWith('/terminals/')) return t.terminalId;
    if (path.startsWith('/vessels/')) return t.vesselId;
    if (path.startsWith('/voyages/')) return t.voyageId ?? 1;
    if (path.startsWith('/voyage_templates/')) return t.templateId ?? 1;
    return t.callId;
  };
  const path = fillPath(operation.path, { id: idFor(operation.path), portcall_id: t.callId, locale: 'en' });
  const known: Record<string, string | number> = {
    terminal_id: t.terminalId,
    portcall_id: t.callId,
    portcall_ids: String(t.callId),
    vessel_id: t.vesselId,
    port_id: t.portId,
    from: operation.path.includes('shift') ? iso(0).slice(0, 10) : iso(-1),
    to: iso(6),
    days: 3,
  };
  const query = new URLSearchParams();
  for (const p of operation.parameters) {
    if (p.in !== 'query') continue;
    if (p.name in known) query.set(p.name, String(known[p.name]));
    else if (p.required) {
      const value = exampleFromSchema(p.schema as TJsonSchema);
      query.set(p.name, Array.isArray(value) ? value.join(',') : String(value));
    }
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}
