import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZDcsaPortCallImport } from './dcsa-jit';
import { findBidiControl, withoutBidiControls } from './display-name';
import { ZCreateVesselRequest } from './schemas/master-data';
import { ZPortcallUpdateRequest, ZShiftDetailInput } from './schemas/portcall';
import { ZVoyageFields, ZVoyageTemplateInput } from './schemas/voyages';

const CONTROLS = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069', '\u200E', '\u200F', '\u061C'];

describe('names without direction controls', () => {
  it('finds every bidirectional control and names it', () => {
    for (const c of CONTROLS) expect(findBidiControl(`Nordic${c}Star`), c).toBe(`U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    expect(findBidiControl('Nordic Star')).toBeNull();
  });

  it('refuses a name with a right-to-left override, saying which character, and keeps names in any script', () => {
    const ZName = withoutBidiControls(z.string().trim().max(255)).nullable().optional();
    const refused = ZName.safeParse('Nordic \u202ErātS');
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe('A name must not contain characters that change the direction of the text (found U+202E).');
    for (const name of ['مرسى الشمال', 'נמל חיפה', 'Zoë 🚢', 'Ελβη', null, undefined]) expect(ZName.safeParse(name).success, String(name)).toBe(true);
  });

  it('is applied to the name fields of the request schemas', () => {
    const rlo = 'EVIL\u202Egnp.exe';
    const refusedAt = (schema: z.ZodType, value: unknown) => (schema.safeParse(value).error?.issues ?? []).filter((i) => i.message.includes('U+202E')).map((i) => i.path.join('.')).sort();
    expect(refusedAt(ZCreateVesselRequest, { name: rlo, call_sign: rlo })).toEqual(['call_sign', 'name']);
    expect(refusedAt(ZPortcallUpdateRequest, { version: 1, service_name: rlo, voyage_number_import: rlo, voyage_name: rlo, zone: rlo })).toEqual(['service_name', 'voyage_name', 'voyage_number_import', 'zone']);
    expect(refusedAt(ZShiftDetailInput, { shift_number: 1, start_time: '2027-01-01T06:00:00Z', end_time: '2027-01-01T12:00:00Z', product_name: rlo, contact_person: { contact_person_name: rlo } })).toEqual(['contact_person.contact_person_name', 'product_name']);
    expect(refusedAt(ZVoyageTemplateInput, { name: rlo, code: 'AE7\u202E' })).toEqual(['code', 'name']);
    expect(refusedAt(ZVoyageFields, { service_name: rlo, voyage_number_import: rlo })).toEqual(['service_name', 'voyage_number_import']);
    expect(refusedAt(ZDcsaPortCallImport, { portCall: { vessel: { name: rlo } }, terminalCalls: [{ carrierServiceName: rlo }] })).toEqual(['portCall.vessel.name', 'terminalCalls.0.carrierServiceName']);
  });
});
