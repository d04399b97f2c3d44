// The objects of DCSA Port Call (JIT) 2.0.0 (jit/v2/JIT_v2.0.0.yaml, vendored in apps/server/src/modules/dcsa/standard)
// that Quayline exchanges, with the published constraints (uuid, UN/LOCODE and IMO patterns, enums, lengths, the
// event allowed per service type), and the mapping of our times. The tests hold these equal to the official schemas.
import { z } from 'zod';
import { withoutBidiControls } from './display-name';
import type { TNegotiatedTime } from './negotiation';

const ZUuid = z.uuid();
const ZUnLocationCode = z.string().min(5).max(5).regex(/^[A-Z]{2}[A-Z2-9]{3}$/);
const ZTrimmed = (max: number) => withoutBidiControls(z.string().max(max).regex(/^\S(?:.*\S)?$/));

export const DCSA_VESSEL_TYPE_CODES = ['GCGO', 'CONT', 'RORO', 'CARC', 'PASS', 'FERY', 'BULK', 'TANK', 'LGTK', 'ASSI', 'PILO'] as const;

export const ZDcsaVessel = z.object({
  vesselIMONumber: z.string().min(7).max(8).regex(/^\d{7,8}$/).optional(),
  MMSINumber: z.string().min(9).max(9).regex(/^\d{9}$/).optional(),
  name: ZTrimmed(50).optional(),
  lengthOverall: z.number().optional(),
  width: z.number().optional(),
  dimensionUnit: z.enum(['MTR', 'FOT']).optional(),
  callSign: ZTrimmed(10).optional(),
  typeCode: z.enum(DCSA_VESSEL_TYPE_CODES).optional(),
}).refine((v) => v.vesselIMONumber || v.MMSINumber, 'One of vesselIMONumber or MMSINumber identifies the vessel');

/**
 * The port call service types of JIT 2.0 and the event each may carry (the standard's condition on
 * `portCallServiceEventTypeCode`). The standard types the field as a free string of these values; we hold it to them.
 */
export const DCSA_EVENTS_OF_SERVICE_TYPE = {
  BERTH: ['ARRI', 'DEPA'],
  CARGO_OPERATIONS: ['STRT', 'CMPL'],
  PILOTAGE: ['STRT', 'CMPL'],
  TOWAGE: ['STRT', 'CMPL'],
  MOORING: ['STRT', 'CMPL'],
  BUNKERING: ['STRT', 'CMPL'],
  PILOT_BOARDING_PLACE: ['ARRI'],
  ANCHORAGE: ['STRT', 'CMPL'],
  SLUDGE: ['STRT', 'CMPL'],
  SEA_PASSAGE: ['STRT', 'CMPL'],
  ALL_FAST: ['ARRI'],
  GANGWAY_DOWN_AND_SECURE: ['ARRI'],
  VESSEL_READY_FOR_CARGO_OPERATIONS: ['ARRI'],
  VESSEL_READY_TO_SAIL: ['ARRI'],
  DISCHARGE_CARGO_OPERATIONS: ['STRT', 'CMPL'],
  LOADING_CARGO_OPERATIONS: ['STRT', 'CMPL'],
  LASHING: ['STRT', 'CMPL'],
  SAFETY: ['DEPA'],
  ANCHORAGE_OPERATIONS: ['STRT', 'CMPL'],
  SHORE_POWER: ['STRT', 'CMPL'],
  MOVES: ['ARRI'],
} as const satisfies Record<string, readonly ('STRT' | 'CMPL' | 'ARRI' | 'DEPA')[]>;
export type TDcsaServiceType = keyof typeof DCSA_EVENTS_OF_SERVICE_TYPE;
export const DCSA_SERVICE_TYPES = Object.keys(DCSA_EVENTS_OF_SERVICE_TYPE) as [TDcsaServiceType, ...TDcsaServiceType[]];
/** The services negotiated through estimated, requested and planned times; every other one only reports an actual. */
export const DCSA_NEGOTIABLE_SERVICE_TYPES: readonly TDcsaServiceType[] = ['BERTH', 'CARGO_OPERATIONS', 'PILOTAGE', 'TOWAGE', 'MOORING', 'BUNKERING', 'PILOT_BOARDING_PLACE', 'ANCHORAGE', 'SLUDGE'];

/** Whether a classifier may be used on a service of this type (the standard's condition on `classifierCode`). */
export function dcsaClassifierAllowed(type: TDcsaServiceType, classifier: 'ACT' | 'EST' | 'PLN' | 'REQ'): boolean {
  if (classifier === 'ACT') return type !== 'MOVES';
  return DCSA_NEGOTIABLE_SERVICE_TYPES.includes(type);
}

/** `isFYI`: the message is a copy for a party it is not primarily meant for (requests only; never in an answer). */
const ZIsFyi = z.boolean().optional();

export const ZDcsaPortCall = z.object({
  portCallID: ZUuid,
  portVisitReference: z.string().max(50).optional(),
  UNLocationCode: ZUnLocationCode,
  vessel: ZDcsaVessel,
  omitted: z.boolean().optional(),
  isFYI: ZIsFyi,
});
export type TDcsaPortCall = z.infer<typeof ZDcsaPortCall>;

export const ZDcsaTerminalCall = z.object({
  terminalCallID: ZUuid,
  portCallID: ZUuid,
  terminalCallReference: z.string().max(100).optional(),
  terminalCallSequenceNumber: z.number().int().min(-(2 ** 31)).max(2 ** 31 - 1).optional(),
  carrierServiceName: ZTrimmed(50),
  carrierServiceCode: ZTrimmed(11),
  universalServiceReference: z.string().min(8).max(8).regex(/^SR\d{5}[A-Z]$/).optional(),
  carrierImportVoyageNumber: ZTrimmed(50).optional(),
  carrierExportVoyageNumber: ZTrimmed(50).optional(),
  universalImportVoyageReference: z.string().min(5).max(5).regex(/^\d{2}[0-9A-Z]{2}[NEWSR]$/).optional(),
  universalExportVoyageReference: z.string().min(5).max(5).regex(/^\d{2}[0-9A-Z]{2}[NEWSR]$/).optional(),
  omitted: z.boolean().optional(),
  isFYI: ZIsFyi,
});
export type TDcsaTerminalCall = z.infer<typeof ZDcsaTerminalCall>;

const ZDcsaFacility = z.object({ facilityCode: ZTrimmed(6), facilityCodeListProvider: z.enum(['BIC', 'SMDG']), subFacility: ZTrimmed(100).optional() });
const ZDcsaGeoCoordinate = z.object({ latitude: z.string().max(10), longitude: z.string().max(11) });

export const ZDcsaPortCallServiceLocation = z.object({
  locationName: ZTrimmed(100).optional(),
  UNLocationCode: ZUnLocationCode,
  facility: ZDcsaFacility.optional(),
  geoCoordinate: ZDcsaGeoCoordinate.optional(),
});

const ZUnits = z.number().int().min(0).max(100_000);
const ZContainerUnits = z.object({ _20_units: ZUnits, _40_units: ZUnits, _45_units: ZUnits });
const ZTotalOrSizes = z.union([z.object({ totalUnits: ZUnits }).strict(), ZContainerUnits]);
const ZDirectionUnits = z.object({ ladenContainerUnits: ZTotalOrSizes.optional(), emptyContainerUnits: ZTotalOrSizes.optional(), reeferPluggedContainerUnits: ZTotalOrSizes.optional(), oogUnits: ZUnits.optional() });
/** A moves forecast: total units, or units to load and discharge (laden, empty, reefer, out of gauge), and restows. */
export const ZDcsaMoves = z.object({
  carrierCode: z.string().max(4).regex(/^\S+$/).optional(),
  carrierCodeListProvider: z.enum(['SMDG', 'NMFTA']).optional(),
  restows: z.union([z.object({ totalRestows: ZUnits }).strict(), ZContainerUnits]).optional(),
  totalUnits: ZUnits.optional(),
  loadUnits: ZDirectionUnits.optional(),
  dischargeUnits: ZDirectionUnits.optional(),
});
export type TDcsaMoves = z.infer<typeof ZDcsaMoves>;

/** The object without the cross-field rules, for reading its fields (the tests compare them with the standard). */
export const ZDcsaPortCallServiceFields = z.object({
  terminalCallID: ZUuid,
  portCallServiceID: ZUuid,
  portCallServiceTypeCode: z.enum(DCSA_SERVICE_TYPES),
  portCallServiceEventTypeCode: z.enum(['STRT', 'CMPL', 'ARRI', 'DEPA']),
  portCallPhaseTypeCode: z.enum(['INBD', 'ALGS', 'SHIF', 'OUTB']).optional(),
  facilityTypeCode: z.enum(['PBPL', 'BRTH', 'ANCH']).optional(),
  portCallServiceLocation: ZDcsaPortCallServiceLocation,
  moves: z.array(ZDcsaMoves).max(20).optional(),
  cancelled: z.boolean().optional(),
  declined: z.boolean().optional(),
  isFYI: ZIsFyi,
});
export const ZDcsaPortCallService = ZDcsaPortCallServiceFields.superRefine((s, ctx) => {
  const allowed: readonly string[] = DCSA_EVENTS_OF_SERVICE_TYPE[s.portCallServiceTypeCode];
  if (!allowed.includes(s.portCallServiceEventTypeCode)) ctx.addIssue({ code: 'custom', path: ['portCallServiceEventTypeCode'], message: `${s.portCallServiceTypeCode} takes ${allowed.join(' or ')}` });
  if (s.moves && s.portCallServiceTypeCode !== 'MOVES') ctx.addIssue({ code: 'custom', path: ['moves'], message: 'moves only with portCallServiceTypeCode MOVES' });
});
export type TDcsaPortCallService = z.infer<typeof ZDcsaPortCallService>;

export const ZDcsaTimestamp = z.object({
  timestampID: ZUuid,
  replyToTimestampID: ZUuid.optional(),
  portCallServiceID: ZUuid,
  classifierCode: z.enum(['ACT', 'EST', 'PLN', 'REQ']),
  dateTime: z.iso.datetime({ offset: true }),
  portCallServiceLocation: ZDcsaPortCallServiceLocation.optional(),
  delayReasonCode: z.string().max(3).optional(),
  remark: z.string().max(500).optional(),
  isFYI: ZIsFyi,
});
export type TDcsaTimestamp = z.infer<typeof ZDcsaTimestamp>;

export const ZDcsaVesselStatus = z.object({
  portCallServiceID: ZUuid,
  draft: z.number().min(0).max(1000).optional(),
  airDraft: z.number().min(0).max(1000).optional(),
  aftDraft: z.number().min(0).max(1000).optional(),
  forwardDraft: z.number().min(0).max(1000).optional(),
  dimensionUnit: z.enum(['MTR', 'FOT']).optional(),
  vesselPosition: z.object({ locationName: ZTrimmed(100).optional(), facility: ZDcsaFacility.optional(), UNLocationCode: ZUnLocationCode.optional(), geoCoordinate: ZDcsaGeoCoordinate.optional() }).optional(),
  milesToDestinationPort: z.number().min(0).max(100_000).optional(),
  isFYI: ZIsFyi,
}).refine((s) => s.dimensionUnit || [s.draft, s.airDraft, s.aftDraft, s.forwardDraft].every((d) => d === undefined), { path: ['dimensionUnit'], message: 'dimensionUnit is required with a draft' });
export type TDcsaVesselStatus = z.infer<typeof ZDcsaVesselStatus>;

/** The body of cancel (service provider), decline (service consumer) and omit (port call or terminal call). */
export const ZDcsaReason = z.object({ reason: z.string().max(500).optional(), isFYI: ZIsFyi });
export type TDcsaReason = z.infer<typeof ZDcsaReason>;

/** The standard's error answer. */
export const ZDcsaDetailedError = z.object({
  errorCode: z.number().int().min(7000).max(9999).optional(),
  property: z.string().max(100).optional(),
  value: z.string().max(500).optional(),
  jsonPath: z.string().max(500).optional(),
  errorCodeText: z.string().max(100),
  errorCodeMessage: z.string().max(5000),
});
export const ZDcsaErrorResponse = z.object({
  httpMethod: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH']),
  requestUri: z.string(),
  statusCode: z.number().int(),
  statusCodeText: z.string().max(50),
  statusCodeMessage: z.string().max(200).optional(),
  providerCorrelationReference: z.string().max(100).optional(),
  errorDateTime: z.iso.datetime({ offset: true }),
  errors: z.array(ZDcsaDetailedError).min(1),
});
export type TDcsaErrorResponse = z.infer<typeof ZDcsaErrorResponse>;

/** One port call as DCSA JIT v2 objects: the call, its terminal call, its services and every timestamp. */
export const ZDcsaPortCallExport = z.object({
  portCall: ZDcsaPortCall,
  terminalCalls: z.array(ZDcsaTerminalCall).min(1),
  portCallServices: z.array(ZDcsaPortCallService),
  timestamps: z.array(ZDcsaTimestamp),
});
export type TDcsaPortCallExport = z.infer<typeof ZDcsaPortCallExport>;

/**
 * The same objects as a request: bounded, so a partner's message cannot make the server validate (and answer about)
 * thousands of entries. A call has one terminal call here; a service per event of its berth, pilotage and cargo
 * operations; 500 timestamps are years of negotiation.
 */
export const DCSA_IMPORT_LIMITS = { terminalCalls: 10, portCallServices: 100, timestamps: 500 } as const;
export const ZDcsaPortCallImport = ZDcsaPortCallExport.extend({
  terminalCalls: z.array(ZDcsaTerminalCall).min(1).max(DCSA_IMPORT_LIMITS.terminalCalls),
  portCallServices: z.array(ZDcsaPortCallService).max(DCSA_IMPORT_LIMITS.portCallServices),
  timestamps: z.array(ZDcsaTimestamp).max(DCSA_IMPORT_LIMITS.timestamps),
});
export type TDcsaPortCallImport = z.infer<typeof ZDcsaPortCallImport>;

/** Which DCSA service carries each of our negotiated times. */
export const DCSA_SERVICE_OF_TIME: Record<TNegotiatedTime, { type: TDcsaServiceType; event: TDcsaPortCallService['portCallServiceEventTypeCode']; phase: 'INBD' | 'ALGS' | 'OUTB'; facility: 'BRTH' | 'PBPL' }> = {
  berth_arrival: { type: 'BERTH', event: 'ARRI', phase: 'INBD', facility: 'BRTH' },
  berth_departure: { type: 'BERTH', event: 'DEPA', phase: 'OUTB', facility: 'BRTH' },
  pilot_boarding_place_arrival: { type: 'PILOT_BOARDING_PLACE', event: 'ARRI', phase: 'INBD', facility: 'PBPL' },
  pilot_boarding_place_departure: { type: 'PILOTAGE', event: 'STRT', phase: 'OUTB', facility: 'PBPL' },
};

export function dcsaVesselTypeCode(vesselType: string): (typeof DCSA_VESSEL_TYPE_CODES)[number] {
  const map: Record<string, (typeof DCSA_VESSEL_TYPE_CODES)[number]> = {
    CONTAINER: 'CONT', RO_RO: 'RORO', CAR_CARRIER: 'CARC', PASSENGER: 'PASS', CRUISE: 'PASS', FERRY: 'FERY', DRY_BULK: 'BULK', BULK_CARRIER: 'BULK', CEMENT_CARRIER: 'BULK',
    TANKER_CRUDE: 'TANK', TANKER_PRODUCT: 'TANK', CHEMICAL_TANKER: 'TANK', LNG_CARRIER: 'LGTK', LPG_CARRIER: 'LGTK', TUG: 'ASSI', ANTI_POLLUTION: 'ASSI', OFFSHORE_SUPPLY: 'ASSI',
  };
  return map[vesselType] ?? 'GCGO';
}

/** The version Quayline speaks, sent as the `API-Version` header of every JIT answer. */
export const DCSA_JIT_API_VERSION = '2.0.0';
/** Where the JIT 2.0 endpoints live (the standard's paths below it). */
export const DCSA_JIT_PREFIX = '/api/dcsa/jit/v2';

const ZQueryText = (max: number) => z.string().min(1).max(max);
/** The standard's query filters of each GET (all optional except where it says so). */
export const ZJitPortCallQuery = z.object({ portCallID: ZUuid.optional(), portVisitReference: ZQueryText(50).optional(), UNLocationCode: ZUnLocationCode.optional(), vesselIMONumber: z.string().min(7).max(8).regex(/^\d{7,8}$/).optional(), vesselName: ZQueryText(50).optional(), MMSINumber: z.string().min(9).max(9).regex(/^\d{9}$/).optional() });
export const ZJitTerminalCallQuery = z.object({
  portCallID: ZUuid.optional(),
  terminalCallID: ZUuid.optional(),
  terminalCallReference: ZQueryText(100).optional(),
  carrierServiceName: ZQueryText(50).optional(),
  carrierServiceCode: ZQueryText(11).optional(),
  universalServiceReference: ZQueryText(8).optional(),
  carrierImportVoyageNumber: ZQueryText(50).optional(),
  carrierExportVoyageNumber: ZQueryText(50).optional(),
  universalImportVoyageReference: ZQueryText(5).optional(),
  universalExportVoyageReference: ZQueryText(5).optional(),
});
export const ZJitPortCallServiceQuery = z.object({ terminalCallID: ZUuid.optional(), portCallServiceID: ZUuid.optional(), portCallServiceTypeCode: z.enum(DCSA_SERVICE_TYPES).optional() });
export const ZJitTimestampQuery = z.object({ portCallServiceID: ZUuid.optional(), timestampID: ZUuid.optional(), classifierCode: z.enum(['ACT', 'EST', 'PLN', 'REQ']).optional() });
export const ZJitVesselStatusQuery = z.object({ portCallServiceID: ZUuid });
/** The most objects one GET answers: the standard has no paging, so the filters must narrow a result this large. */
export const JIT_LIST_LIMIT = 1000;

/** A carrier's or agent's JIT system that a terminal operator connects (docs/dcsa-jit.md). */
export const ZDcsaCounterpartyCreate = z.object({
  name: ZTrimmed(100).min(1),
  organisation_id: z.number().int().positive(),
  endpoint_url: z.url({ protocol: /^https?$/ }).max(500),
});
export type TDcsaCounterpartyCreate = z.infer<typeof ZDcsaCounterpartyCreate>;
export const ZDcsaCounterparty = z.object({
  id: z.number().int(),
  name: z.string(),
  organisation_id: z.number().int(),
  organisation_name: z.string(),
  endpoint_url: z.string(),
  /** The first characters of the key, so a person can tell keys apart without the key itself. */
  key_prefix: z.string(),
  created_at: z.string(),
  rotated_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type TDcsaCounterparty = z.infer<typeof ZDcsaCounterparty>;
/** The answer to a registration or a rotation: the only time the key is shown. */
export const ZDcsaCounterpartyWithKey = ZDcsaCounterparty.extend({ api_key: z.string() });
export type TDcsaCounterpartyWithKey = z.infer<typeof ZDcsaCounterpartyWithKey>;

/** One JIT service of a port call with its timestamps, oldest first: the call's JIT timeline. */
export const ZPortcallJitService = z.object({
  port_call_service_id: z.string(),
  type_code: z.string(),
  event_type_code: z.string(),
  phase_type_code: z.string().nullable(),
  cancelled: z.boolean(),
  declined: z.boolean(),
  timestamps: z.array(z.object({ timestamp_id: z.string(), classifier_code: z.string(), date_time: z.string(), sent_at: z.string(), remark: z.string().nullable() })),
});
export type TPortcallJitService = z.infer<typeof ZPortcallJitService>;

/**
 * What Quayline sends a counterparty's endpoint: one of the standard's request bodies (a timestamp, a service, a
 * terminal call, a port call, a vessel status, or a cancel/decline/omit reason). Tried in this order: the reason,
 * having no required field, comes last.
 */
export const ZJitOutboundBody = z.union([ZDcsaTimestamp, ZDcsaPortCallService, ZDcsaTerminalCall, ZDcsaPortCall, ZDcsaVesselStatus, ZDcsaReason]);
export type TJitOutboundBody = z.infer<typeof ZJitOutboundBody>;

/** A queued message's state: waiting for its first try, waiting to try again, taken by the endpoint, or given up. */
export const JIT_DELIVERY_STATUSES = ['pending', 'retrying', 'sent', 'failed'] as const;
export type TJitDeliveryStatus = (typeof JIT_DELIVERY_STATUSES)[number];

/** One message sent (or to be sent) to a counterparty about a call, as the call's JIT timeline shows it. */
export const ZPortcallJitMessage = z.object({
  id: z.number().int(),
  counterparty_name: z.string(),
  method: z.enum(['PUT', 'POST']),
  path: z.string(),
  /** The timestamp's classifier when the message is one. */
  classifier_code: z.string().nullable(),
  date_time: z.string().nullable(),
  is_fyi: z.boolean(),
  status: z.enum(JIT_DELIVERY_STATUSES),
  attempts: z.number().int(),
  last_http_status: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type TPortcallJitMessage = z.infer<typeof ZPortcallJitMessage>;

/** A JIT length (draft) in metres: the standard's feet are decimal feet, not feet and inches. */
export function dcsaMetres(value: number, unit: 'MTR' | 'FOT' | undefined): number {
  return unit === 'FOT' ? value * 0.3048 : value;
}

type TUnitCount = { totalUnits: number } | { _20_units: number; _40_units: number; _45_units: number } | { totalRestows: number };
const unitsOf = (u: TUnitCount | undefined): number => (u === undefined ? 0 : 'totalUnits' in u ? u.totalUnits : 'totalRestows' in u ? u.totalRestows : u._20_units + u._40_units + u._45_units);
const directionUnits = (d: TDcsaMoves['loadUnits']): number => (d ? unitsOf(d.ladenContainerUnits) + unitsOf(d.emptyContainerUnits) + unitsOf(d.reeferPluggedContainerUnits) + (d.oogUnits ?? 0) : 0);

/**
 * A moves forecast as container moves of the call: boxes to discharge, to load and to restow, summed over the
 * forecast's objects (one per VSA partner, or one for all), and the total (the forecast's own total where it gives
 * one, otherwise the sum). Reefers and out-of-gauge units are among the laden ones the standard counts them with.
 */
export function dcsaMovesTotals(moves: readonly TDcsaMoves[]): { discharge: number; load: number; restow: number; total: number } {
  let discharge = 0;
  let load = 0;
  let restow = 0;
  let given = 0;
  let hasGivenTotal = false;
  for (const m of moves) {
    discharge += directionUnits(m.dischargeUnits);
    load += directionUnits(m.loadUnits);
    restow += unitsOf(m.restows);
    if (m.totalUnits !== undefined) {
      given += m.totalUnits;
      hasGivenTotal = true;
    }
  }
  return { discharge, load, restow, total: hasGivenTotal ? given : discharge + load + restow };
}
