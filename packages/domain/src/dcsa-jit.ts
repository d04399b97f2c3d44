// The subset of DCSA Just-In-Time Port Call v2 (jit/v2/JIT_v2.0.0.yaml) that Quayline exchanges,
// with the published constraints (uuid, UN/LOCODE and IMO patterns, enums, lengths), and the mapping of our times.
import { z } from 'zod';
import { withoutBidiControls } from './display-name';
import type { TNegotiatedTime } from './negotiation';

const ZUuid = z.uuid();
const ZUnLocationCode = z.string().max(5).regex(/^[A-Z]{2}[A-Z2-9]{3}$/);
const ZTrimmed = (max: number) => withoutBidiControls(z.string().max(max).regex(/^\S(?:.*\S)?$/));

export const DCSA_VESSEL_TYPE_CODES = ['GCGO', 'CONT', 'RORO', 'CARC', 'PASS', 'FERY', 'BULK', 'TANK', 'LGTK', 'ASSI', 'PILO'] as const;

export const ZDcsaVessel = z.object({
  vesselIMONumber: z.string().max(8).regex(/^\d{7,8}$/).optional(),
  MMSINumber: z.string().max(9).regex(/^\d{9}$/).optional(),
  name: ZTrimmed(50).optional(),
  lengthOverall: z.number().optional(),
  width: z.number().optional(),
  dimensionUnit: z.enum(['MTR', 'FOT']).optional(),
  callSign: ZTrimmed(10).optional(),
  typeCode: z.enum(DCSA_VESSEL_TYPE_CODES).optional(),
}).refine((v) => v.vesselIMONumber || v.MMSINumber, 'One of vesselIMONumber or MMSINumber identifies the vessel');

export const ZDcsaPortCall = z.object({ portCallID: ZUuid, portVisitReference: z.string().max(50).optional(), UNLocationCode: ZUnLocationCode, vessel: ZDcsaVessel, omitted: z.boolean().optional() });

export const ZDcsaTerminalCall = z.object({
  terminalCallID: ZUuid,
  portCallID: ZUuid,
  terminalCallReference: z.string().max(100).optional(),
  carrierServiceName: ZTrimmed(50),
  carrierServiceCode: ZTrimmed(11),
  carrierImportVoyageNumber: ZTrimmed(50).optional(),
  carrierExportVoyageNumber: ZTrimmed(50).optional(),
  omitted: z.boolean().optional(),
});

export const ZDcsaPortCallServiceLocation = z.object({
  locationName: ZTrimmed(100).optional(),
  UNLocationCode: ZUnLocationCode,
  facility: z.object({ facilityCode: ZTrimmed(6), facilityCodeListProvider: z.enum(['BIC', 'SMDG']), subFacility: ZTrimmed(100).optional() }).optional(),
  geoCoordinate: z.object({ latitude: z.string().max(10), longitude: z.string().max(11) }).optional(),
});

export const ZDcsaPortCallService = z.object({
  terminalCallID: ZUuid,
  portCallServiceID: ZUuid,
  portCallServiceType: z.enum(['BERTH', 'CARGO_OPERATIONS', 'PILOTAGE', 'PILOT_BOARDING_PLACE']),
  portCallServiceEventTypeCode: z.enum(['STRT', 'CMPL', 'ARRI', 'DEPA']),
  portCallPhaseTypeCode: z.enum(['INBD', 'ALGS', 'SHIF', 'OUTB']).optional(),
  facilityTypeCode: z.enum(['PBPL', 'BRTH', 'ANCH']).optional(),
  portCallServiceLocation: ZDcsaPortCallServiceLocation,
  cancelled: z.boolean().optional(),
  declined: z.boolean().optional(),
});
export type TDcsaPortCallService = z.infer<typeof ZDcsaPortCallService>;

export const ZDcsaTimestamp = z.object({
  timestampID: ZUuid,
  replyToTimestampID: ZUuid.optional(),
  portCallServiceID: ZUuid,
  classifierCode: z.enum(['ACT', 'EST', 'PLN', 'REQ']),
  dateTime: z.iso.datetime({ offset: true }),
  delayReasonCode: z.string().max(3).optional(),
  remark: z.string().max(500).optional(),
});
export type TDcsaTimestamp = z.infer<typeof ZDcsaTimestamp>;

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
export const DCSA_SERVICE_OF_TIME: Record<TNegotiatedTime, { type: TDcsaPortCallService['portCallServiceType']; event: TDcsaPortCallService['portCallServiceEventTypeCode']; phase: 'INBD' | 'ALGS' | 'OUTB'; facility: 'BRTH' | 'PBPL' }> = {
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
