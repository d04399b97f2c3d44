// Payloads of the map, AIS and prediction endpoints (spec section 7: ais/portcalls_list, ais/predict_route,
// ais/vessel_characteristics, prediction/previous_portcall_data) and of the terminal's AIS settings.
import { z } from 'zod';
import { ZPortcallStatus } from './portcall';
import { ZPredictedBerthArrival } from './prediction';
import { ZLocalizedNames, ZRecordId } from './master-data';

/** Spec section 3 time-window sources: how an actual time came to be (AIS-detected ones carry the ais_* sources). */
export const TIME_WINDOW_SOURCES = ['arrival_by_vessel', 'ais_berth_arrival', 'ais_berth_departure'] as const;
/** Quayline's addition: the arrival in the pilot boarding area detected by AIS (the spec names only the berth ones). */
export const AIS_TIME_SOURCES = ['ais_pilot_boarding_place_arrival', 'ais_berth_arrival', 'ais_berth_departure'] as const;
export type TAisTimeSource = (typeof AIS_TIME_SOURCES)[number];

export const ZAisPosition = z.object({
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  speed_knots: z.number().nullable(),
  course_deg: z.number().nullable(),
  heading_deg: z.number().nullable(),
  nav_status: z.number().int().nullable(),
  received_at: z.string(),
});
export type TAisPosition = z.infer<typeof ZAisPosition>;

/** One call on the map: the vessel, its times, its prediction and where AIS last saw it (null: not seen yet). */
export const ZAisPortcall = z.object({
  portcall_id: z.number().int(),
  terminal_id: z.number().int(),
  status: ZPortcallStatus,
  vessel_id: z.number().int(),
  vessel_name: z.string(),
  imo_number: z.string(),
  mmsi: z.string().nullable(),
  vessel_type: z.string(),
  length_overall_m: z.number(),
  beam_m: z.number(),
  vessel_operator_code: z.string(),
  agent_code: z.string().nullable(),
  berth_arrival: z.string(),
  berth_arrival_label: z.string().nullable(),
  berth_departure: z.string(),
  berth_departure_label: z.string().nullable(),
  pilot_boarding_place_name: z.string().nullable(),
  pilot_boarding_place_arrival: z.string().nullable(),
  previous_port_name: z.string().nullable(),
  predicted_berth_arrival: ZPredictedBerthArrival.nullable(),
  /** In the user's watch list (the map's "my calls" filter). */
  is_watched: z.boolean(),
  position: ZAisPosition.nullable(),
  /** What the crew typed into AIS (type 5): destination and ETA, shown beside the prediction, never trusted alone. */
  reported_destination: z.string().nullable(),
  reported_eta: z.string().nullable(),
});
export type TAisPortcall = z.infer<typeof ZAisPortcall>;

export const ZAisPortcallsListQuery = z.object({
  terminal_id: ZRecordId,
  /** Comma-separated port-call statuses; all but Cancelled when absent. */
  statuses: z.string().max(200).optional(),
  /** Only the calls in the user's watch list. */
  watched_only: z.enum(['true', 'false']).optional(),
  /** Include each vessel's recent track (the last hours) for the trail on the map. */
  track_hours: z.coerce.number().int().min(0).max(72).optional(),
});
export const ZAisTrackPoint = z.tuple([z.number(), z.number(), z.string()]); // [latitude, longitude, received_at]
export const ZAisPortcallsList = z.object({
  terminal_id: z.number().int(),
  generated_at: z.string(),
  portcalls: z.array(ZAisPortcall.extend({ track: z.array(ZAisTrackPoint) })),
});
export type TAisPortcallsList = z.infer<typeof ZAisPortcallsList>;

/** A leg of the predicted route: open sea to the pilot boarding place, then the pilotage fairway to the berth. */
export const ZRouteLeg = z.object({
  kind: z.enum(['sea', 'fairway']),
  /** [latitude, longitude] pairs, from the start of the leg to its end. */
  coordinates: z.array(z.tuple([z.number(), z.number()])),
  distance_nm: z.number(),
  duration_minutes: z.number().int(),
  ends_at: z.string(),
});
export const ZPredictedRoute = z.object({
  portcall_id: z.number().int(),
  computed_at: z.string(),
  /** Where the route starts: the vessel's last AIS position, or its previous port when AIS has not seen it. */
  origin: z.object({ latitude: z.number(), longitude: z.number(), kind: z.enum(['ais_position', 'previous_port']) }),
  pilot_boarding_place: z.object({ id: z.number().int(), name: z.string(), latitude: z.number(), longitude: z.number() }).nullable(),
  berth: z.object({ latitude: z.number(), longitude: z.number() }),
  legs: z.array(ZRouteLeg),
  distance_nm: z.number(),
  speed_knots: z.number(),
  eta_pilot_boarding_place: z.string().nullable(),
  eta_berth: z.string(),
  predicted_berth_arrival: ZPredictedBerthArrival.nullable(),
});
export type TPredictedRoute = z.infer<typeof ZPredictedRoute>;
export const ZPredictRouteQuery = z.object({ portcall_id: ZRecordId });

/** Groups of the AIS ship type (ITU-R M.1371, table 53), keys the screen translates. */
export const AIS_SHIP_TYPE_GROUPS = [
  'wing_in_ground', 'fishing', 'towing', 'dredging', 'diving', 'military', 'sailing', 'pleasure', 'high_speed', 'pilot', 'sar', 'tug',
  'port_tender', 'anti_pollution', 'law_enforcement', 'medical', 'passenger', 'cargo', 'tanker', 'other',
] as const;
export type TAisShipTypeGroup = (typeof AIS_SHIP_TYPE_GROUPS)[number];

/** AIS static and voyage data of a vessel (types 5 and 24) and what it filled into the vessel record. */
export const ZAisVesselCharacteristics = z.object({
  vessel_id: z.number().int(),
  mmsi: z.string().nullable(),
  imo_number: z.string(),
  name: z.string().nullable(),
  call_sign: z.string().nullable(),
  ship_type: z.number().int().nullable(),
  /** The AIS ship-type group (cargo, tanker, passenger...), a key the screen translates. */
  ship_type_group: z.enum(AIS_SHIP_TYPE_GROUPS).nullable(),
  length_m: z.number().nullable(),
  beam_m: z.number().nullable(),
  draught_m: z.number().nullable(),
  destination: z.string().nullable(),
  reported_eta: z.string().nullable(),
  received_at: z.string().nullable(),
  /** The vessel-record fields AIS filled because the record lacked them. */
  filled_fields: z.array(z.string()),
});
export type TAisVesselCharacteristics = z.infer<typeof ZAisVesselCharacteristics>;
export const ZAisVesselCharacteristicsQuery = z.object({ vessel_id: ZRecordId });

/** A previous call that teaches the prediction: sea passage and pilotage (pilot boarding place to berth) times. */
export const ZPreviousPortcall = z.object({
  portcall_id: z.number().int(),
  vessel_id: z.number().int(),
  vessel_name: z.string(),
  /** The same vessel, or a similar one (same type, length within 15 %). */
  match: z.enum(['same_vessel', 'similar_vessel']),
  pilot_boarding_place_name: z.string().nullable(),
  pilot_boarding_place_arrival: z.string().nullable(),
  berth_arrival: z.string(),
  berth_departure: z.string().nullable(),
  pilotage_minutes: z.number().int().nullable(),
  /** Mean speed over ground of the last 24 h before the pilot boarding place, when AIS saw it. */
  approach_speed_knots: z.number().nullable(),
  /** Actual minus reference (accepted, else planned, else requested) berth arrival. */
  arrival_deviation_minutes: z.number().int().nullable(),
});
/** Fewer calls of other companies than this give no median: one or two calls' times would be theirs, not an aggregate. */
export const MIN_ANONYMOUS_CALLS = 3;
/** Previous calls of other companies (the viewer may not see them) that teach the prediction too: only how many, and their median. */
export const ZOtherCompaniesHistory = z.object({
  match: z.enum(['same_vessel', 'similar_vessel']),
  count: z.number().int().min(0),
  /** Median pilotage time of those calls; null below MIN_ANONYMOUS_CALLS calls with a pilotage time. */
  median_pilotage_minutes: z.number().int().nullable(),
});
export type TOtherCompaniesHistory = z.infer<typeof ZOtherCompaniesHistory>;
export const ZPreviousPortcallData = z.object({
  portcall_id: z.number().int(),
  /** Only calls the viewer may see (the port-call list's rule); the rest is in `other_companies`. */
  calls: z.array(ZPreviousPortcall),
  /** One entry per match: what calls of other companies add, as anonymous aggregates, never as rows. */
  other_companies: z.array(ZOtherCompaniesHistory),
  /** What the prediction uses: the median pilotage time and approach speed of all those calls (null: the defaults). */
  pilotage_minutes: z.number().int().nullable(),
  approach_speed_knots: z.number().nullable(),
  sample_size: z.number().int(),
});
export type TPreviousPortcallData = z.infer<typeof ZPreviousPortcallData>;
export const ZPreviousPortcallDataQuery = z.object({ portcall_id: ZRecordId });

/** A time AIS detected for a call: applied as an actual step, or waiting for a planner to apply or dismiss it. */
export const ZAisDetection = z.object({
  id: z.number().int(),
  portcall_id: z.number().int(),
  time_type: z.enum(['pilot_boarding_place_arrival', 'berth_arrival', 'berth_departure']),
  date_time: z.string(),
  source: z.string(),
  status: z.enum(['applied', 'proposed', 'dismissed', 'kept_manual']),
  detected_at: z.string(),
  decided_at: z.string().nullable(),
});
export type TAisDetection = z.infer<typeof ZAisDetection>;
export const ZAisDetectionDecision = z.object({ version: z.number().int().positive() });

/** The terminal's AIS settings; version guards against two planners saving at once. */
export const ZTerminalAisSettings = z.object({
  terminal_id: z.number().int(),
  version: z.number().int(),
  ais_actuals_mode: z.enum(['apply', 'propose']),
  preferred_prediction_source: z.enum(['ais', 'portcast']),
  /** Shared with the arrival-deviation alert: a prediction within this many minutes is on time. */
  on_time_minutes: z.number().int(),
  quay: z.object({ origin_latitude: z.number(), origin_longitude: z.number(), bearing_deg: z.number(), water_side: z.enum(['left', 'right']) }).nullable(),
});
export type TTerminalAisSettings = z.infer<typeof ZTerminalAisSettings>;
export const ZTerminalAisSettingsUpdate = z.object({
  version: z.number().int().positive(),
  ais_actuals_mode: z.enum(['apply', 'propose']).optional(),
  preferred_prediction_source: z.enum(['ais', 'portcast']).optional(),
  quay: z
    .object({ origin_latitude: z.number().min(-90).max(90), origin_longitude: z.number().min(-180).max(180), bearing_deg: z.number().min(0).lt(360), water_side: z.enum(['left', 'right']) })
    .optional(),
});
export type TTerminalAisSettingsUpdate = z.infer<typeof ZTerminalAisSettingsUpdate>;

/** Map geometry of a terminal: the quay line, its berths as polygons and the pilot boarding places with their geofences. */
export const ZTerminalMapGeometry = z.object({
  terminal_id: z.number().int(),
  quay: z.array(z.tuple([z.number(), z.number()])).nullable(),
  berths: z.array(z.object({ section_id: z.number().int(), name: z.string(), berth_type: z.string(), polygon: z.array(z.tuple([z.number(), z.number()])) })),
  /** `names`: the station's name per language where its master data has one (read with localizedName, `name` otherwise). */
  pilot_boarding_places: z.array(z.object({ id: z.number().int(), name: z.string(), names: ZLocalizedNames, latitude: z.number(), longitude: z.number(), radius_m: z.number().int() })),
  centre: z.tuple([z.number(), z.number()]),
  /** Fairway stretches near the terminal's approach, each a line of [lat, lon]; drawn on the offline map. */
  fairways: z.array(z.array(z.tuple([z.number(), z.number()]))),
  /** Names of the places near the approach (towns, islands), for the offline map's labels: `name` the local one, `names` per language where it differs (Heligoland, Anvers). */
  places: z.array(z.object({ name: z.string(), names: ZLocalizedNames, latitude: z.number(), longitude: z.number() })),
  /** A raster tile server of the install (env MAP_TILE_URL, e.g. https://tiles.example/{z}/{x}/{y}.png); null: the offline base layer only. */
  tile_url: z.string().nullable(),
  tile_attribution: z.string().nullable(),
});
export type TTerminalMapGeometry = z.infer<typeof ZTerminalMapGeometry>;

/** Realtime event 'ais.positions' on the terminal and organisation channels: positions of the calls' vessels since the last batch. */
export const ZAisPositionsEvent = z.object({
  terminal_id: z.number().int(),
  positions: z.array(ZAisPosition.extend({ portcall_id: z.number().int(), mmsi: z.string() })),
});
export type TAisPositionsEvent = z.infer<typeof ZAisPositionsEvent>;
