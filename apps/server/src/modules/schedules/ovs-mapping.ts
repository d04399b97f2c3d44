// Pure mapping of OVS service schedules onto Quayline voyages: vessels, operators and ports resolved through lookups the
// caller loads, the call at our terminal picked out, one time per negotiated time (ACT over EST over PLN).
// docs/schedules.md holds the field table.
import {
  OVS_NO_VOYAGE_NUMBER,
  type TNegotiatedTime,
  type TOvsServiceSchedule,
  type TOvsTimestamp,
  type TOvsTransportCall,
  type TOvsVesselSchedule,
  type TSyncChange,
  ovsStatusCodes,
} from '@quayline/domain';

export type TScheduleClassifierCode = 'PLN' | 'EST' | 'ACT';
export type TMappedTime = { at: string; classifier: TScheduleClassifierCode };

export type TMappedCall = {
  portId: number;
  unlocode: string;
  isTerminalCall: boolean;
  transportCallReference: string | null;
  /** The first status code of the call (OMIT, BLNK, ...), if any. */
  statusCode: string | null;
  times: Partial<Record<TNegotiatedTime, TMappedTime>>;
};

export type TMappedVoyage = {
  serviceName: string;
  serviceCode: string | null;
  vesselId: number;
  vesselOperatorId: number;
  voyageNumberImport: string;
  voyageNumberExport: string | null;
  direction: 'N' | 'E' | 'W' | 'S' | null;
  calls: TMappedCall[];
  /** OMIT or BLNK at our terminal: the schedule asks to cancel the call there. */
  isTerminalCallCancelled: boolean;
};

export type TMappingLookups = {
  terminal: { unlocode: string; code: string };
  vesselsByImo: ReadonlyMap<string, { id: number; vessel_operator_id: number | null }>;
  vesselsByMmsi: ReadonlyMap<string, { id: number; vessel_operator_id: number | null }>;
  /** organisations of kind vessel_operator by code (upper case). */
  operatorsByCode: ReadonlyMap<string, number>;
  portsByUnlocode: ReadonlyMap<string, number>;
};

export type TMappingResult = { voyages: TMappedVoyage[]; skipped: TSyncChange[] };

const CANCELLING_STATUS_CODES = new Set(['OMIT', 'BLNK']);
const CLASSIFIER_RANK: Record<TScheduleClassifierCode, number> = { PLN: 0, EST: 1, ACT: 2 };

function timeOf(ts: TOvsTimestamp): TNegotiatedTime {
  const atPilot = ts.facilityTypeCode === 'PBPL';
  if (ts.eventTypeCode === 'ARRI') return atPilot ? 'pilot_boarding_place_arrival' : 'berth_arrival';
  return atPilot ? 'pilot_boarding_place_departure' : 'berth_departure';
}

/** One value per negotiated time: the strongest classifier wins (ACT over EST over PLN); the later entry breaks a tie. */
export function pickTimes(timestamps: readonly TOvsTimestamp[]): Partial<Record<TNegotiatedTime, TMappedTime>> {
  const picked: Partial<Record<TNegotiatedTime, TMappedTime>> = {};
  for (const ts of timestamps) {
    const time = timeOf(ts);
    const current = picked[time];
    if (current && CLASSIFIER_RANK[current.classifier] > CLASSIFIER_RANK[ts.eventClassifierCode]) continue;
    picked[time] = { at: new Date(ts.eventDateTime).toISOString(), classifier: ts.eventClassifierCode };
  }
  return picked;
}

function unlocodeOf(call: TOvsTransportCall): string | null {
  if (!call.location || call.location.locationType === 'ADDR') return null;
  return call.location.UNLocationCode;
}

/** Our terminal's call: at its port, and at its facility when the provider names one (SMDG code = our terminal code). */
function isAtTerminal(call: TOvsTransportCall, terminal: TMappingLookups['terminal']): boolean {
  if (unlocodeOf(call) !== terminal.unlocode) return false;
  if (call.location?.locationType === 'FACS') return call.location.facilitySMDGCode.toUpperCase() === terminal.code.toUpperCase();
  return true;
}

const realNumber = (n: string | undefined): string | null => (n && n !== OVS_NO_VOYAGE_NUMBER ? n : null);

function directionOf(...refs: (string | null | undefined)[]): TMappedVoyage['direction'] {
  for (const ref of refs) {
    const last = ref?.trim().slice(-1).toUpperCase();
    if (last === 'N' || last === 'E' || last === 'W' || last === 'S') return last;
  }
  return null;
}

function skip(note: string): TSyncChange {
  return { kind: 'skipped', voyage_id: null, portcall_id: null, time: null, before: null, after: null, note };
}

function vesselLabel(vs: TOvsVesselSchedule): string {
  return vs.vesselName ?? vs.vesselIMONumber ?? vs.MMSINumber ?? 'unnamed vessel';
}

function mapVesselSchedule(service: TOvsServiceSchedule, vs: TOvsVesselSchedule, lookups: TMappingLookups, out: TMappingResult): void {
  const terminalCalls = vs.transportCalls.filter((c) => isAtTerminal(c, lookups.terminal));
  if (terminalCalls.length === 0) return;
  if (vs.isDummyVessel) {
    out.skipped.push(skip(`${service.carrierServiceCode}: ${vesselLabel(vs)} is a dummy vessel; no voyage until the carrier names the vessel`));
    return;
  }
  const vessel = (vs.vesselIMONumber && lookups.vesselsByImo.get(vs.vesselIMONumber)) || (vs.MMSINumber && lookups.vesselsByMmsi.get(vs.MMSINumber)) || null;
  if (!vessel) {
    out.skipped.push(skip(`${service.carrierServiceCode}: vessel ${vesselLabel(vs)} (IMO ${vs.vesselIMONumber ?? '-'}, MMSI ${vs.MMSINumber ?? '-'}) is not among our vessels`));
    return;
  }
  const operatorId = lookups.operatorsByCode.get(vs.vesselOperatorSMDGLinerCode.toUpperCase()) ?? vessel.vessel_operator_id;
  if (!operatorId) {
    out.skipped.push(skip(`${service.carrierServiceCode}: vessel operator ${vs.vesselOperatorSMDGLinerCode} of ${vesselLabel(vs)} is not among our organisations`));
    return;
  }
  for (const terminalCall of terminalCalls) {
    const numbers = new Set([realNumber(terminalCall.carrierImportVoyageNumber), realNumber(terminalCall.carrierExportVoyageNumber)].filter((n): n is string => n !== null));
    const voyageNumberImport = realNumber(terminalCall.carrierImportVoyageNumber) ?? realNumber(terminalCall.carrierExportVoyageNumber);
    if (!voyageNumberImport) {
      out.skipped.push(skip(`${service.carrierServiceCode}: ${vesselLabel(vs)} calls without a voyage number`));
      continue;
    }
    // The voyage's rotation: every call sailing under one of the terminal call's voyage numbers, in the provider's order.
    const rotation = vs.transportCalls.filter((c) => c === terminalCall || [c.carrierImportVoyageNumber, c.carrierExportVoyageNumber].some((n) => n !== undefined && numbers.has(n)));
    const unknown = rotation.map(unlocodeOf).filter((code) => code === null || !lookups.portsByUnlocode.has(code));
    if (unknown.length > 0) {
      out.skipped.push(skip(`${service.carrierServiceCode} ${voyageNumberImport} (${vesselLabel(vs)}): unknown port ${unknown.map((c) => c ?? 'given by address').join(', ')}; voyage left alone`));
      continue;
    }
    const calls: TMappedCall[] = rotation.map((c) => {
      const unlocode = unlocodeOf(c)!;
      return {
        portId: lookups.portsByUnlocode.get(unlocode)!,
        unlocode,
        isTerminalCall: c === terminalCall,
        transportCallReference: c.transportCallReference,
        statusCode: ovsStatusCodes(c)[0] ?? null,
        times: pickTimes(c.timestamps),
      };
    });
    out.voyages.push({
      serviceName: service.carrierServiceName,
      serviceCode: service.carrierServiceCode || null,
      vesselId: vessel.id,
      vesselOperatorId: operatorId,
      voyageNumberImport,
      voyageNumberExport: realNumber(terminalCall.carrierExportVoyageNumber),
      direction: directionOf(terminalCall.universalImportVoyageReference, voyageNumberImport),
      calls,
      isTerminalCallCancelled: ovsStatusCodes(terminalCall).some((code) => CANCELLING_STATUS_CODES.has(code)),
    });
  }
}

/** Maps OVS service schedules to the voyages that call at our terminal; what cannot be mapped comes back as skipped changes. */
export function mapOvsSchedules(schedules: readonly TOvsServiceSchedule[], lookups: TMappingLookups): TMappingResult {
  const out: TMappingResult = { voyages: [], skipped: [] };
  for (const service of schedules) for (const vs of service.vesselSchedules) mapVesselSchedule(service, vs, lookups, out);
  return out;
}

/** Every UN/LOCODE, IMO number, MMSI and operator code a payload names: what the caller loads for the lookups. */
export function referencedKeys(schedules: readonly TOvsServiceSchedule[]): { unlocodes: string[]; imos: string[]; mmsis: string[]; operatorCodes: string[] } {
  const unlocodes = new Set<string>();
  const imos = new Set<string>();
  const mmsis = new Set<string>();
  const operatorCodes = new Set<string>();
  for (const service of schedules)
    for (const vs of service.vesselSchedules) {
      if (vs.vesselIMONumber) imos.add(vs.vesselIMONumber);
      if (vs.MMSINumber) mmsis.add(vs.MMSINumber);
      operatorCodes.add(vs.vesselOperatorSMDGLinerCode.toUpperCase());
      for (const c of vs.transportCalls) {
        const code = unlocodeOf(c);
        if (code) unlocodes.add(code);
      }
    }
  return { unlocodes: [...unlocodes], imos: [...imos], mmsis: [...mmsis], operatorCodes: [...operatorCodes] };
}
