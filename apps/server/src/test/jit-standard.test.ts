// Quayline's JIT objects against the official DCSA Port Call (JIT) 2.0.0 document: the zod schemas agree with the
// published ones on every field we use, and every exported object of the demo conforms.
import {
  DCSA_EVENTS_OF_SERVICE_TYPE,
  DCSA_SERVICE_TYPES,
  ZDcsaErrorResponse,
  ZDcsaPortCall,
  ZDcsaPortCallServiceFields,
  ZDcsaReason,
  ZDcsaTerminalCall,
  ZDcsaTimestamp,
  ZDcsaVessel,
  ZDcsaVesselStatus,
} from '@quayline/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEMO_PASSWORD, DEMO_USERS } from '../demo/demo-data';
import { JIT_STANDARD, type TStandardSchema, expectStandard, standardProblems } from '../modules/dcsa/jit-standard';
import { DB_TARGETS, type TestApp, createTestApp } from './test-app';

type TJsonSchema = { type?: string | string[]; properties?: Record<string, TJsonSchema>; required?: string[]; enum?: unknown[]; pattern?: string; maxLength?: number; minLength?: number; minimum?: number; maximum?: number; format?: string; items?: TJsonSchema; anyOf?: TJsonSchema[]; additionalProperties?: unknown };

function official(name: string): TStandardSchema {
  const schema = JIT_STANDARD.components.schemas[name];
  if (!schema) throw new Error(`no ${name}`);
  return schema;
}
const deref = (s: TStandardSchema): TStandardSchema => (s.$ref ? official(s.$ref.split('/').pop()!) : s);

/**
 * Compares one of our objects with the standard's, field by field: the same names (ours a subset), the same required
 * fields, and for each field the same type, length bounds, pattern and values. Where the standard leaves a field a free
 * string and names its values only in prose (the service type), ours lists those values, each within the standard's
 * pattern and length. Nested objects are compared the same way.
 */
function compare(where: string, ours: TJsonSchema, theirs: TStandardSchema, problems: string[]): void {
  theirs = deref(theirs);
  const props = ours.properties ?? {};
  const their = theirs.properties ?? {};
  for (const name of Object.keys(props)) if (!(name in their)) problems.push(`${where}.${name}: not in the standard`);
  expect([...(ours.required ?? [])].sort(), `${where}: required fields`).toEqual([...(theirs.required ?? [])].sort());
  for (const [name, o] of Object.entries(props)) {
    const t = their[name] ? deref(their[name]) : undefined;
    if (!t) continue;
    const at = `${where}.${name}`;
    const type = Array.isArray(o.type) ? o.type[0] : o.type;
    if (t.type === 'number' ? type !== 'number' && type !== 'integer' : type !== t.type) problems.push(`${at}: type ${String(type)} vs ${String(t.type)}`);
    if (t.maxLength !== undefined && o.maxLength !== t.maxLength && !o.enum) problems.push(`${at}: maxLength ${o.maxLength} vs ${t.maxLength}`);
    if (t.minLength !== undefined && (o.minLength ?? 0) < t.minLength && !o.enum && t.format !== 'uuid') problems.push(`${at}: minLength ${o.minLength} vs ${t.minLength}`);
    if (t.pattern && o.pattern !== t.pattern && !o.enum) problems.push(`${at}: pattern ${o.pattern} vs ${t.pattern}`);
    if (t.enum) expect([...(o.enum ?? [])].sort(), `${at}: values`).toEqual([...t.enum].sort());
    else if (o.enum) for (const v of o.enum) if (typeof v !== 'string' || (t.pattern && !new RegExp(t.pattern).test(v)) || (t.maxLength && v.length > t.maxLength)) problems.push(`${at}: value ${String(v)} outside the standard's string`);
    if (t.format === 'uuid' && o.format !== 'uuid') problems.push(`${at}: not a uuid`);
    if (t.format === 'date-time' && o.format !== 'date-time') problems.push(`${at}: not a date-time`);
    if (t.minimum !== undefined && (o.minimum ?? -Infinity) < t.minimum) problems.push(`${at}: minimum ${o.minimum} vs ${t.minimum}`);
    if (t.type === 'object' && t.properties && o.properties) compare(at, o, t, problems);
    if (t.type === 'array' && t.items && o.items && !deref(t.items).oneOf) compare(`${at}[]`, o.items, t.items, problems);
  }
}

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as TJsonSchema;

describe('the zod schemas of packages/domain against the official JIT 2.0.0 schemas', () => {
  it.each([
    ['PortCall', ZDcsaPortCall],
    ['Vessel', ZDcsaVessel],
    ['TerminalCall', ZDcsaTerminalCall],
    ['PortCallService', ZDcsaPortCallServiceFields],
    ['Timestamp', ZDcsaTimestamp],
    ['VesselStatus', ZDcsaVesselStatus],
    ['Cancel', ZDcsaReason],
    ['Decline', ZDcsaReason],
    ['OmitPortCall', ZDcsaReason],
    ['OmitTerminalCall', ZDcsaReason],
    ['ErrorResponse', ZDcsaErrorResponse],
  ] as const)('%s has the standard\u2019s fields, required fields, types, bounds, patterns and values', (name, schema) => {
    const problems: string[] = [];
    compare(name, jsonSchema(schema), official(name), problems);
    expect(problems).toEqual([]);
  });

  it('holds each service type to the events the standard allows it, and names exactly the standard\u2019s types', () => {
    const text = String((official('PortCallService').properties!.portCallServiceTypeCode as { description?: string }).description);
    const named = [...text.matchAll(/- `([A-Z_]+)` \(/g)].map((m) => m[1]);
    expect([...new Set(named)].sort()).toEqual([...DCSA_SERVICE_TYPES].sort());
    const rules = String((official('PortCallService').properties!.portCallServiceEventTypeCode as { description?: string }).description);
    for (const [type, events] of Object.entries(DCSA_EVENTS_OF_SERVICE_TYPE)) {
      const allowed = ['STRT', 'CMPL', 'ARRI', 'DEPA'].filter((event) => {
        const block = rules.split('\n- ').find((b) => b.includes(`\`${event}\``) && b.includes('can only be used') && (b.includes(`\`${type}\``) || b.includes(`='${type}'`)));
        return !!block;
      });
      expect(allowed, type).toEqual([...events]);
    }
  });

  it('the validator itself refuses what the standard refuses (so a green test means something)', () => {
    const service = { terminalCallID: crypto.randomUUID(), portCallServiceID: crypto.randomUUID(), portCallServiceType: 'BERTH', portCallServiceEventTypeCode: 'ARRI', portCallServiceLocation: { UNLocationCode: 'DEHAM' } };
    expect(standardProblems('PortCallService', service, 'response').join()).toMatch(/portCallServiceTypeCode/);
    const fixed = { ...service, portCallServiceType: undefined, portCallServiceTypeCode: 'BERTH' };
    delete fixed.portCallServiceType;
    expect(standardProblems('PortCallService', fixed, 'response')).toEqual([]);
    expect(standardProblems('PortCallService', { ...fixed, isFYI: true }, 'response').join()).toMatch(/writeOnly/);
    expect(standardProblems('PortCallService', { ...fixed, cancelled: false }, 'request').join()).toMatch(/readOnly/);
    expect(standardProblems('PortCallService', { ...fixed, isFYI: true }, 'request')).toEqual([]);
    expect(standardProblems('Timestamp', { timestampID: 'x', portCallServiceID: crypto.randomUUID(), classifierCode: 'PLN', dateTime: 'tomorrow' }, 'request').length).toBeGreaterThanOrEqual(2);
  });
});

describe.each(DB_TARGETS)('the JIT export of every demo call conforms to the official schemas, on %s', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { seedDemo: true });
  });
  afterAll(async () => t?.close());

  it('exports each call of the demo as standard PortCall, TerminalCall, PortCallService and Timestamp objects', async () => {
    const demo = DEMO_USERS.find((u) => u.user_type === 'terminal_operator' && !u.expired)!;
    const login = await t.app.inject({ method: 'POST', url: '/api/portal/v1/login', payload: { email: demo.email, password: DEMO_PASSWORD } });
    const headers = { 'x-portal-token': login.json().payload.token as string };
    const ids = await t.database.db.selectFrom('portcalls').select('id').orderBy('id').execute();
    expect(ids.length).toBeGreaterThan(20);
    let services = 0;
    let timestamps = 0;
    for (const { id } of ids) {
      const res = await t.app.inject({ method: 'GET', url: `/api/portal/v1/portcalls/${id}/dcsa`, headers });
      expect(res.statusCode).toBe(200);
      const doc = res.json().payload;
      expectStandard('PortCall', doc.portCall, 'response');
      for (const o of doc.terminalCalls) expectStandard('TerminalCall', o, 'response');
      for (const o of doc.portCallServices) expectStandard('PortCallService', o, 'response');
      for (const o of doc.timestamps) expectStandard('Timestamp', o, 'response');
      // The standard's rules the schema states only in prose.
      const typeOf = new Map<string, keyof typeof DCSA_EVENTS_OF_SERVICE_TYPE>();
      for (const s of doc.portCallServices) {
        expect(DCSA_EVENTS_OF_SERVICE_TYPE[s.portCallServiceTypeCode as keyof typeof DCSA_EVENTS_OF_SERVICE_TYPE] as readonly string[]).toContain(s.portCallServiceEventTypeCode);
        typeOf.set(s.portCallServiceID, s.portCallServiceTypeCode);
      }
      for (const ts of doc.timestamps) expect(typeOf.has(ts.portCallServiceID)).toBe(true);
      services += doc.portCallServices.length;
      timestamps += doc.timestamps.length;
    }
    expect(services).toBeGreaterThan(ids.length);
    expect(timestamps).toBeGreaterThan(ids.length);
  }, 120_000);
});
