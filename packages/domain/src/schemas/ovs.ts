// DCSA Operational Vessel Schedules (OVS) v3.0.2 response: GET /v3/service-schedules, as schedule providers answer it.
// Lenient where the standard is: unknown properties are ignored (zod strips them); required properties are enforced,
// so a payload that breaks them is a malformed one. docs/schedules.md maps it onto Quayline's records.
import { z } from 'zod';

/** The OVS version this schema follows; sent as the API-Version request header. */
export const OVS_API_VERSION = '3.0.2';
/** `carrierImportVoyageNumber` value that stands for "no voyage number" (OVS 3.0.2). */
export const OVS_NO_VOYAGE_NUMBER = '9999R';

const ZUnlocode = z.string().regex(/^[A-Z]{2}[A-Z2-9]{3}$/, 'A UN/LOCODE is two letters and three letters or digits 2-9');

export const ZOvsUnLocationLocation = z.object({
  locationType: z.literal('UNLO'),
  locationName: z.string().max(100).optional(),
  UNLocationCode: ZUnlocode,
});
export const ZOvsFacilityLocation = z.object({
  locationType: z.literal('FACS'),
  locationName: z.string().max(100).optional(),
  UNLocationCode: ZUnlocode,
  facilitySMDGCode: z.string().max(6),
});
export const ZOvsAddressLocation = z.object({
  locationType: z.literal('ADDR'),
  locationName: z.string().max(100).optional(),
  address: z.object({ name: z.string().max(100) }),
});
/** The oneOf with discriminator `locationType` (UNLO, FACS, ADDR). */
export const ZOvsLocation = z.discriminatedUnion('locationType', [ZOvsUnLocationLocation, ZOvsFacilityLocation, ZOvsAddressLocation]);
export type TOvsLocation = z.infer<typeof ZOvsLocation>;

export const ZOvsEventTypeCode = z.enum(['ARRI', 'DEPA']);
export const ZOvsEventClassifierCode = z.enum(['PLN', 'EST', 'ACT']);
/**
 * Where at the port the event happens. Not a property of OVS 3.0.2 (its timestamps are the berth's); borrowed from
 * DCSA JIT so a provider can also send pilot-boarding-place times. Absent means BRTH.
 */
export const ZOvsFacilityTypeCode = z.enum(['BRTH', 'PBPL']);

export const ZOvsTimestamp = z.object({
  eventTypeCode: ZOvsEventTypeCode,
  eventClassifierCode: ZOvsEventClassifierCode,
  eventDateTime: z.iso.datetime({ offset: true }),
  facilityTypeCode: ZOvsFacilityTypeCode.optional(),
  /** Deprecated in 3.0.2 in favour of delayReasonCodes. */
  delayReasonCode: z.string().max(3).optional(),
  delayReasonCodes: z.array(z.string().max(3)).optional(),
  changeRemark: z.string().max(250).optional(),
});
export type TOvsTimestamp = z.infer<typeof ZOvsTimestamp>;

export const ZOvsTransportCall = z.object({
  portVisitReference: z.string().max(50).optional(),
  transportCallReference: z.string().min(1).max(100),
  carrierImportVoyageNumber: z.string().min(1).max(50),
  carrierExportVoyageNumber: z.string().max(50).optional(),
  universalImportVoyageReference: z.string().optional(),
  universalExportVoyageReference: z.string().optional(),
  location: ZOvsLocation.optional(),
  /** Deprecated in 3.0.2 in favour of statusCodes; ignored when statusCodes is present. */
  statusCode: z.string().optional(),
  statusCodes: z.array(z.string()).optional(),
  timestamps: z.array(ZOvsTimestamp).default([]),
});
export type TOvsTransportCall = z.infer<typeof ZOvsTransportCall>;

export const ZOvsVesselSchedule = z.object({
  vesselOperatorSMDGLinerCode: z.string().max(10),
  vesselIMONumber: z.string().regex(/^\d{7}$/, 'An IMO number has seven digits').optional(),
  MMSINumber: z.string().regex(/^\d{9}$/, 'An MMSI has nine digits').optional(),
  vesselName: z.string().max(35).optional(),
  vesselCallSign: z.string().max(10).optional(),
  isDummyVessel: z.boolean(),
  transportCalls: z.array(ZOvsTransportCall).default([]),
});
export type TOvsVesselSchedule = z.infer<typeof ZOvsVesselSchedule>;

export const ZOvsServiceSchedule = z.object({
  carrierServiceName: z.string().max(50),
  carrierServiceCode: z.string().max(11),
  universalServiceReference: z.string().optional(),
  vesselSchedules: z.array(ZOvsVesselSchedule).default([]),
});
export type TOvsServiceSchedule = z.infer<typeof ZOvsServiceSchedule>;
/** The 200 body: an array of service schedules. */
export const ZOvsServiceSchedules = z.array(ZOvsServiceSchedule);

export const ZOvsErrorResponse = z.object({
  httpMethod: z.string(),
  requestUri: z.string(),
  statusCode: z.number().int(),
  statusCodeText: z.string(),
  statusCodeMessage: z.string().optional(),
  providerCorrelationReference: z.string().optional(),
  errorDateTime: z.string(),
  errors: z.array(z.object({ errorCode: z.number().int().optional(), property: z.string().optional(), value: z.string().optional(), jsonPath: z.string().optional(), errorCodeText: z.string(), erorCodeMessage: z.string().optional() })),
});
export type TOvsErrorResponse = z.infer<typeof ZOvsErrorResponse>;

/** The status codes of a transport call: statusCodes takes precedence over the deprecated statusCode. */
export function ovsStatusCodes(call: TOvsTransportCall): string[] {
  if (call.statusCodes) return call.statusCodes;
  return call.statusCode ? [call.statusCode] : [];
}
