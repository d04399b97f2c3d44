import { type TOvsServiceSchedule, ZOvsServiceSchedules } from '@quayline/domain';
import { describe, expect, it } from 'vitest';
import { parseCsvSchedule, parseCsv } from './csv-schedule';
import { type TMappingLookups, mapOvsSchedules, pickTimes } from './ovs-mapping';

const lookups: TMappingLookups = {
  terminal: { unlocode: 'DEHAM', code: 'CTA' },
  vesselsByImo: new Map([['9321483', { id: 7, vessel_operator_id: 3 }]]),
  vesselsByMmsi: new Map([['278111222', { id: 8, vessel_operator_id: null }]]),
  operatorsByCode: new Map([['HLC', 3]]),
  portsByUnlocode: new Map([
    ['DEHAM', 1],
    ['NLRTM', 2],
  ]),
};

function schedule(calls: object[], vessel: object = { vesselIMONumber: '9321483' }): TOvsServiceSchedule[] {
  return ZOvsServiceSchedules.parse([{ carrierServiceName: 'Great Lion Service', carrierServiceCode: 'FE1', vesselSchedules: [{ vesselOperatorSMDGLinerCode: 'HLC', isDummyVessel: false, ...vessel, transportCalls: calls }] }]);
}
const at = (unlocode: string, imp: string, exp: string, timestamps: object[] = [], extra: object = {}) => ({ transportCallReference: `${unlocode}-${imp}`, carrierImportVoyageNumber: imp, carrierExportVoyageNumber: exp, location: { locationType: 'UNLO', UNLocationCode: unlocode }, timestamps, ...extra });

describe('OVS mapping', () => {
  it('takes ACT over EST over PLN per time, and pilot-boarding times from PBPL', () => {
    const times = pickTimes([
      { eventTypeCode: 'ARRI', eventClassifierCode: 'EST', eventDateTime: '2027-03-01T08:00:00+01:00' },
      { eventTypeCode: 'ARRI', eventClassifierCode: 'ACT', eventDateTime: '2027-03-01T09:00:00+01:00' },
      { eventTypeCode: 'ARRI', eventClassifierCode: 'PLN', eventDateTime: '2027-03-01T06:00:00+01:00' },
      { eventTypeCode: 'DEPA', eventClassifierCode: 'PLN', eventDateTime: '2027-03-02T06:00:00Z' },
      { eventTypeCode: 'ARRI', eventClassifierCode: 'EST', eventDateTime: '2027-03-01T05:00:00Z', facilityTypeCode: 'PBPL' },
    ]);
    expect(times).toEqual({
      berth_arrival: { at: '2027-03-01T08:00:00.000Z', classifier: 'ACT' },
      berth_departure: { at: '2027-03-02T06:00:00.000Z', classifier: 'PLN' },
      pilot_boarding_place_arrival: { at: '2027-03-01T05:00:00.000Z', classifier: 'EST' },
    });
  });

  it('makes one voyage per terminal call with the rotation of its voyage numbers and the operator by SMDG code', () => {
    const result = mapOvsSchedules(schedule([at('NLRTM', '2103N', '2103N'), at('DEHAM', '2103N', '2103S', [], { statusCodes: ['OMIT'] }), at('NLRTM', '2103S', '2103S'), at('NLRTM', '2104N', '2104N')]), lookups);
    expect(result.skipped).toEqual([]);
    expect(result.voyages).toHaveLength(1);
    const v = result.voyages[0]!;
    expect(v).toMatchObject({ serviceCode: 'FE1', vesselId: 7, vesselOperatorId: 3, voyageNumberImport: '2103N', voyageNumberExport: '2103S', direction: 'N', isTerminalCallCancelled: true });
    expect(v.calls.map((c) => [c.unlocode, c.isTerminalCall])).toEqual([
      ['NLRTM', false],
      ['DEHAM', true],
      ['NLRTM', false],
    ]);
  });

  it('uses the export number when the import number is 9999R, and finds the vessel by MMSI', () => {
    const result = mapOvsSchedules(schedule([at('DEHAM', '9999R', '2105E')], { MMSINumber: '278111222' }), lookups);
    expect(result.voyages[0]).toMatchObject({ vesselId: 8, vesselOperatorId: 3, voyageNumberImport: '2105E', voyageNumberExport: '2105E' });
  });

  it('skips unknown vessels, unknown ports, dummy vessels and calls at another terminal of the port', () => {
    expect(mapOvsSchedules(schedule([at('DEHAM', '1', '1')], { vesselIMONumber: '1234567' }), lookups).skipped[0]!.note).toContain('not among our vessels');
    const unknownPort = mapOvsSchedules(schedule([at('DEHAM', '1', '1'), at('USNYC', '1', '1')]), lookups);
    expect(unknownPort.voyages).toEqual([]);
    expect(unknownPort.skipped[0]!.note).toContain('USNYC');
    expect(mapOvsSchedules(schedule([at('DEHAM', '1', '1')], { isDummyVessel: true }), lookups).skipped[0]!.note).toContain('dummy');
    const otherTerminal = { ...at('DEHAM', '1', '1'), location: { locationType: 'FACS', UNLocationCode: 'DEHAM', facilitySMDGCode: 'EUROK' } };
    expect(mapOvsSchedules(schedule([otherTerminal]), lookups)).toEqual({ voyages: [], skipped: [] });
  });

  it('rejects a payload that breaks required OVS fields and ignores unknown ones', () => {
    expect(ZOvsServiceSchedules.safeParse([{ carrierServiceName: 'X', vesselSchedules: [] }]).success).toBe(false);
    expect(ZOvsServiceSchedules.safeParse([{ carrierServiceName: 'X', carrierServiceCode: 'Y', vesselSchedules: [{ vesselOperatorSMDGLinerCode: 'HLC', isDummyVessel: false, transportCalls: [{ carrierImportVoyageNumber: '1' }] }] }]).success).toBe(false);
    expect(ZOvsServiceSchedules.safeParse([{ carrierServiceName: 'X', carrierServiceCode: 'Y', somethingNew: 1 }]).success).toBe(true);
  });
});

describe('CSV schedules', () => {
  const header = 'carrier_code,service_code,service_name,vessel_imo,vessel_name,voyage_import,voyage_export,port_code,port_eta,port_etd,sequence';
  it('reads quoted fields with commas, quotes and line breaks', () => {
    expect(parseCsv('a,"b, ""c""\nd",e\r\n1,2,3\n')).toEqual([
      ['a', 'b, "c"\nd', 'e'],
      ['1', '2', '3'],
    ]);
  });

  it('orders the calls of a vessel by sequence', () => {
    const parsed = parseCsvSchedule([header, 'HLC,FE1,Lion,9321483,KING,2103N,2103S,DEHAM,2027-03-02T06:00:00Z,2027-03-03T06:00:00Z,2', 'HLC,FE1,Lion,9321483,KING,2103N,2103S,NLRTM,2027-03-01T06:00:00Z,,1'].join('\n'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.schedules[0]!.vesselSchedules[0]!.transportCalls.map((c) => (c.location?.locationType === 'UNLO' ? c.location.UNLocationCode : null))).toEqual(['NLRTM', 'DEHAM']);
  });

  it('reads a file without the optional columns (vessel name, export voyage, departure)', () => {
    const parsed = parseCsvSchedule(['sequence,port_code,port_eta,voyage_import,vessel_imo,service_name,service_code,carrier_code', '1,DEHAM,2027-03-02T06:00:00Z,2103N,9321483,Lion,FE1,HLC'].join('\n'));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const call = parsed.schedules[0]!.vesselSchedules[0]!.transportCalls[0]!;
    expect([call.carrierImportVoyageNumber, call.carrierExportVoyageNumber, call.timestamps.map((t) => t.eventTypeCode)]).toEqual(['2103N', undefined, ['ARRI']]);
    const noTimes = parseCsvSchedule('carrier_code,service_code,service_name,vessel_imo,voyage_import,port_code,sequence\nHLC,FE1,Lion,9321483,2103N,DEHAM,1');
    expect(noTimes.ok ? [] : noTimes.errors.map((e) => e.path)).toEqual(['row 1: port_eta']);
  });

  it('names the row and column of every bad field', () => {
    const parsed = parseCsvSchedule([header, 'HLC,FE1,Lion,93214,KING,2103N,,deham,2027-03-02,2027-03-01T06:00:00Z,x'].join('\n'));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors.map((e) => e.path)).toEqual(['row 2: vessel_imo', 'row 2: port_code', 'row 2: sequence', 'row 2: port_eta']);
    const missing = parseCsvSchedule('carrier_code,service_code\nA,B');
    expect(missing.ok ? [] : missing.errors.map((e) => e.path)).toContain('row 1: port_eta');
  });
});
