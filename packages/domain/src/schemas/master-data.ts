// Payloads of the master data: terminals and their geometry, block zones, cranes,
// cargo-handling equipment, vessels, organisations, ports and pilot boarding places.
import { z } from 'zod';
import { TEXT_INPUT_MAX_LENGTH } from '../constants';
import { withoutBidiControls } from '../display-name';
import { LOCALES, type TLocale } from '../locales';
import { ZImoNumber, ZMmsi, ZVesselType } from '../vessel';
import { ZVesselTypeDetailedInput } from '../vessel-types-detailed';
import { ZPageQuery, pagedPayload } from './paging';

// ---- shared pieces --------------------------------------------------------------------------------------

const MAX_RECORD_ID = 2_147_483_647; // PostgreSQL integer; a larger id can match nothing
/** A record id in a JSON body. */
export const ZRecordIdValue = z.number().int().positive().max(MAX_RECORD_ID);
/** A record id in a path or query string (text on the wire, coerced). */
export const ZRecordId = z.coerce.number().int().positive().max(MAX_RECORD_ID);
export const ZIdParams = z.object({ id: ZRecordId });
export const ZTerminalIdQuery = z.object({ terminal_id: ZRecordId });

/** Free-text search of a list; blank means no filter. */
export const ZSearchText = z.string().trim().max(100).optional();

/** An instant in ISO 8601 with a zone (Z or an offset), e.g. 2026-03-29T01:00:00Z. */
export const ZInstantInput = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 instant with a zone, e.g. 2026-03-29T01:00:00Z' });
/** Instants travel out as ISO 8601 UTC strings. */
export const ZInstant = z.iso.datetime();

export const ZOrganisationRef = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type TOrganisationRef = z.infer<typeof ZOrganisationRef>;

export const ZPortRef = z.object({ id: z.number().int(), unlocode: z.string(), name: z.string() });
export type TPortRef = z.infer<typeof ZPortRef>;

// ---- terminals and their geometry ----------------------------------------------------------------------

export const BERTH_TYPES = ['Berth', 'Blocked Zone', 'Buffer Zone'] as const;
export const ZBerthType = z.enum(BERTH_TYPES);
export type TBerthType = z.infer<typeof ZBerthType>;

export const ZTerminal = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  port: ZPortRef,
  terminal_operator: ZOrganisationRef,
  time_zone: z.string(),
  quay_length_m: z.number().int(),
  min_clearance_m: z.number().int(),
});
export type TTerminal = z.infer<typeof ZTerminal>;

export const ZTerminalSection = z.object({
  id: z.number().int(),
  name: z.string(),
  berth_type: ZBerthType,
  start_position_m: z.number().int(),
  end_position_m: z.number().int(),
  water_depth_m: z.number(),
});
export type TTerminalSection = z.infer<typeof ZTerminalSection>;

export const ZBollard = z.object({ id: z.number().int(), name: z.string(), position_m: z.number() });
export type TBollard = z.infer<typeof ZBollard>;

/**
 * Names of master data that people read (a shift, a pilot station) in the languages of the app; `name` is the one
 * shown where a language has none. Read with localizedName().
 */
export const ZLocalizedNames = z.partialRecord(z.enum(LOCALES), withoutBidiControls(z.string().trim().min(1).max(80)));
export type TLocalizedNames = z.infer<typeof ZLocalizedNames>;

/** The name of a master-data record in the reader's language, else its own name. */
export function localizedName(record: { name: string; names?: TLocalizedNames | undefined }, locale: TLocale | string): string {
  return record.names?.[locale as TLocale] ?? record.name;
}

export const ZTerminalShift = z.object({
  id: z.number().int(),
  shift_number: z.number().int(),
  name: z.string(),
  names: ZLocalizedNames.optional(),
  /** Local wall-clock time in the terminal's time zone, HH:mm; a night shift ends before it starts. */
  start_time: z.string(),
  end_time: z.string(),
});
export type TTerminalShift = z.infer<typeof ZTerminalShift>;

export const ZPilotBoardingPlace = z.object({
  id: z.number().int(),
  port_id: z.number().int(),
  name: z.string(),
  names: ZLocalizedNames.optional(),
  sailing_time_to_berth_minutes: z.number().int(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TPilotBoardingPlace = z.infer<typeof ZPilotBoardingPlace>;

/** One terminal with everything the planner draws: sections, bollards, shifts and its port's pilot boarding places. */
export const ZTerminalDetail = ZTerminal.extend({
  tide_station: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  sections: z.array(ZTerminalSection),
  bollards: z.array(ZBollard),
  shifts: z.array(ZTerminalShift),
  pilot_boarding_places: z.array(ZPilotBoardingPlace),
});
export type TTerminalDetail = z.infer<typeof ZTerminalDetail>;

export const ZPortalUserTerminal = z.object({
  terminal_id: z.number().int(),
  terminal_code: z.string(),
  terminal_name: z.string(),
  /** The terminal /terminals/current_terminal answers. */
  is_current: z.boolean(),
});
export type TPortalUserTerminal = z.infer<typeof ZPortalUserTerminal>;

export const ZUpdateLastUsedTerminalRequest = z.object({ terminal_id: ZRecordIdValue });
export type TUpdateLastUsedTerminalRequest = z.infer<typeof ZUpdateLastUsedTerminalRequest>;

// ---- block zones ----------------------------------------------------------------------------------------

export const ZBlockedZone = z.object({
  id: z.number().int(),
  terminal_id: z.number().int(),
  reason: z.string(),
  start_position_m: z.number().int(),
  end_position_m: z.number().int(),
  starts_at: ZInstant,
  ends_at: ZInstant,
});
export type TBlockedZone = z.infer<typeof ZBlockedZone>;

/** Zones of one terminal that overlap the window [from, to). */
export const ZBlockedZonesQuery = ZTerminalIdQuery.extend({ from: ZInstantInput, to: ZInstantInput }).refine((q) => Date.parse(q.to) > Date.parse(q.from), {
  message: 'The window must end after it starts',
  path: ['to'],
});
export type TBlockedZonesQuery = z.infer<typeof ZBlockedZonesQuery>;

export const ZCreateBlockedZoneRequest = z
  .object({
    terminal_id: ZRecordIdValue,
    reason: z.string().trim().min(1, 'A reason is required').max(TEXT_INPUT_MAX_LENGTH),
    start_position_m: z.number().int().min(0, 'Positions start at the quay origin (0 m)'),
    end_position_m: z.number().int().min(0, 'Positions start at the quay origin (0 m)'),
    starts_at: ZInstantInput,
    ends_at: ZInstantInput,
  })
  .refine((b) => b.end_position_m > b.start_position_m, { message: 'The end position must be after the start position', path: ['end_position_m'] })
  .refine((b) => Date.parse(b.ends_at) > Date.parse(b.starts_at), { message: 'The zone must end after it starts', path: ['ends_at'] });
export type TCreateBlockedZoneRequest = z.infer<typeof ZCreateBlockedZoneRequest>;

// ---- cranes and cargo-handling equipment ---------------------------------------------------------------

export const ZTerminalCrane = z.object({
  id: z.number().int(),
  terminal_id: z.number().int(),
  name: z.string(),
  crane_type: z.string(),
  outreach_rows: z.number().int().nullable(),
  moves_per_hour: z.number().int(),
  rail_start_m: z.number().int(),
  rail_end_m: z.number().int(),
});
export type TTerminalCrane = z.infer<typeof ZTerminalCrane>;

export const CARGO_HANDLING_EQUIPMENT_TYPES = ['Ship-to-shore crane', 'Mobile harbour crane', 'Reach stacker', 'Straddle carrier', 'Terminal tractor', 'Forklift', 'Empty container handler'] as const;
export const ZCargoHandlingEquipmentType = z.enum(CARGO_HANDLING_EQUIPMENT_TYPES);
export type TCargoHandlingEquipmentType = z.infer<typeof ZCargoHandlingEquipmentType>;

export const ZCargoHandlingEquipment = z.object({
  id: z.number().int(),
  terminal_id: z.number().int(),
  name: z.string(),
  equipment_type: ZCargoHandlingEquipmentType,
  equipment_number: z.string(),
});
export type TCargoHandlingEquipment = z.infer<typeof ZCargoHandlingEquipment>;

export const ZCargoHandlingEquipmentsQuery = ZTerminalIdQuery.extend(ZPageQuery.shape).extend({ q: ZSearchText, equipment_type: ZCargoHandlingEquipmentType.optional() });
export type TCargoHandlingEquipmentsQuery = z.infer<typeof ZCargoHandlingEquipmentsQuery>;
export const ZCargoHandlingEquipmentPage = pagedPayload(ZCargoHandlingEquipment);

// ---- vessels -------------------------------------------------------------------------------------------

export const ZVessel = z.object({
  id: z.number().int(),
  name: z.string(),
  imo_number: z.string(),
  mmsi: z.string().nullable(),
  call_sign: z.string().nullable(),
  flag: z.string().nullable(),
  vessel_type: ZVesselType,
  /** The detailed type in free text (a listed name of DETAILED_VESSEL_TYPES or the writer's own), null when none is known. */
  vessel_type_detailed: z.string().nullable(),
  length_overall_m: z.number(),
  beam_m: z.number(),
  max_draft_m: z.number(),
  gross_tonnage: z.number().int().nullable(),
  vessel_operator: ZOrganisationRef.nullable(),
});
export type TVessel = z.infer<typeof ZVessel>;
export const ZVesselPage = pagedPayload(ZVessel);

/** Search by name (any part, any case), IMO number (exact or first digits, "IMO " allowed) or MMSI. */
export const ZVesselsQuery = ZPageQuery.extend({ q: ZSearchText });
export type TVesselsQuery = z.infer<typeof ZVesselsQuery>;

export const ZCreateVesselRequest = z.object({
  name: withoutBidiControls(z.string().trim().min(1, 'A name is required').max(TEXT_INPUT_MAX_LENGTH)),
  imo_number: ZImoNumber.transform((v) => v.replace(/^IMO\s*/i, '')),
  mmsi: ZMmsi.nullish(),
  call_sign: withoutBidiControls(z.string().trim().min(1).max(16)).nullish(),
  flag: z
    .string()
    .trim()
    .max(2, 'Use the two-letter country code of the flag state')
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Use the two-letter country code of the flag state')
    .nullish(),
  vessel_type: ZVesselType,
  vessel_type_detailed: ZVesselTypeDetailedInput,
  length_overall_m: z.number().positive().max(500),
  beam_m: z.number().positive().max(80),
  max_draft_m: z.number().positive().max(30),
  gross_tonnage: z.number().int().positive().max(1_000_000).nullish(),
  vessel_operator_id: ZRecordIdValue.nullish(),
});
export type TCreateVesselRequest = z.infer<typeof ZCreateVesselRequest>;

/** What the register says a vessel is: its coded type and the detailed type (null or blank clears it); absent keeps. */
export const ZUpdateVesselTypeRequest = z.object({ vessel_type: ZVesselType.optional(), vessel_type_detailed: ZVesselTypeDetailedInput });
export type TUpdateVesselTypeRequest = z.infer<typeof ZUpdateVesselTypeRequest>;

// ---- organisations, ports, pilot boarding places -------------------------------------------------------

export const ZOrganisation = ZOrganisationRef;
export type TOrganisation = TOrganisationRef;
export const ZOrganisationPage = pagedPayload(ZOrganisation);
/** Search by name or code (any part, any case). */
export const ZOrganisationsQuery = ZPageQuery.extend({ q: ZSearchText });
export type TOrganisationsQuery = z.infer<typeof ZOrganisationsQuery>;

export const ZPort = z.object({
  id: z.number().int(),
  unlocode: z.string(),
  name: z.string(),
  country_code: z.string(),
  time_zone: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TPort = z.infer<typeof ZPort>;
export const ZPortPage = pagedPayload(ZPort);
/** Search by UN/LOCODE (first letters) or name (any part), any case. */
export const ZPortsQuery = ZPageQuery.extend({ q: ZSearchText });
export type TPortsQuery = z.infer<typeof ZPortsQuery>;

export const ZPilotBoardingPlacesQuery = z.object({ port_id: ZRecordId });
export type TPilotBoardingPlacesQuery = z.infer<typeof ZPilotBoardingPlacesQuery>;
