// The detailed vessel types: our own list of plain descriptive names, each under the coded type it refines. The spec
// calls the detailed type free text, so the list only suggests: a vessel may carry any short text, and one of these
// names is what the form offers first. The English `name` is the text stored and sent by the API (the API speaks
// English); screens show an entry's name from the language files (`portcalls.vessel_types_detailed.<key>`), and any
// other text exactly as it was typed.
import { z } from 'zod';
import { withoutBidiControls } from './display-name';
import type { TVesselType } from './vessel';

export type TDetailedVesselType = { key: string; vessel_type: TVesselType; name: string };

/** Longest detailed type: room for the longest listed name and a short addition, still one line on a card. */
export const VESSEL_TYPE_DETAILED_MAX_LENGTH = 100;

export const DETAILED_VESSEL_TYPES = [
  // ANTI_POLLUTION
  { key: 'oil_spill_response', vessel_type: 'ANTI_POLLUTION', name: 'Oil spill response vessel' },
  { key: 'oil_skimmer', vessel_type: 'ANTI_POLLUTION', name: 'Oil skimmer' },
  { key: 'waste_collection', vessel_type: 'ANTI_POLLUTION', name: 'Waste collection vessel' },
  { key: 'emergency_towing', vessel_type: 'ANTI_POLLUTION', name: 'Emergency towing vessel' },
  // BARGE
  { key: 'dry_cargo_barge', vessel_type: 'BARGE', name: 'Dry cargo barge' },
  { key: 'tank_barge', vessel_type: 'BARGE', name: 'Tank barge' },
  { key: 'container_barge', vessel_type: 'BARGE', name: 'Container barge' },
  { key: 'deck_barge', vessel_type: 'BARGE', name: 'Deck barge (pontoon)' },
  { key: 'hopper_barge', vessel_type: 'BARGE', name: 'Hopper barge' },
  { key: 'crane_barge', vessel_type: 'BARGE', name: 'Crane barge' },
  { key: 'bunker_barge', vessel_type: 'BARGE', name: 'Bunker barge' },
  // BULK_CARRIER
  { key: 'handysize_bulk', vessel_type: 'BULK_CARRIER', name: 'Handysize bulk carrier' },
  { key: 'handymax_bulk', vessel_type: 'BULK_CARRIER', name: 'Handymax / Supramax bulk carrier' },
  { key: 'panamax_bulk', vessel_type: 'BULK_CARRIER', name: 'Panamax bulk carrier' },
  { key: 'capesize_bulk', vessel_type: 'BULK_CARRIER', name: 'Capesize bulk carrier' },
  { key: 'self_unloading_bulk', vessel_type: 'BULK_CARRIER', name: 'Self-unloading bulk carrier' },
  { key: 'ore_carrier', vessel_type: 'BULK_CARRIER', name: 'Ore carrier' },
  // CAR_CARRIER
  { key: 'pure_car_carrier', vessel_type: 'CAR_CARRIER', name: 'Pure car carrier (PCC)' },
  { key: 'pctc', vessel_type: 'CAR_CARRIER', name: 'Pure car and truck carrier (PCTC)' },
  { key: 'lng_fuelled_pctc', vessel_type: 'CAR_CARRIER', name: 'LNG-fuelled car and truck carrier' },
  // CEMENT_CARRIER
  { key: 'bulk_cement_carrier', vessel_type: 'CEMENT_CARRIER', name: 'Bulk cement carrier (pneumatic discharge)' },
  { key: 'self_discharging_cement', vessel_type: 'CEMENT_CARRIER', name: 'Self-discharging cement carrier' },
  { key: 'fly_ash_carrier', vessel_type: 'CEMENT_CARRIER', name: 'Cement and fly ash carrier' },
  // CHEMICAL_TANKER
  { key: 'chemical_tanker_imo1', vessel_type: 'CHEMICAL_TANKER', name: 'Chemical tanker (IMO type 1)' },
  { key: 'chemical_tanker_imo2', vessel_type: 'CHEMICAL_TANKER', name: 'Chemical tanker (IMO type 2)' },
  { key: 'chemical_tanker_imo3', vessel_type: 'CHEMICAL_TANKER', name: 'Chemical tanker (IMO type 3)' },
  { key: 'stainless_steel_tanker', vessel_type: 'CHEMICAL_TANKER', name: 'Chemical tanker with stainless steel tanks' },
  { key: 'edible_oil_tanker', vessel_type: 'CHEMICAL_TANKER', name: 'Vegetable and edible oil tanker' },
  { key: 'asphalt_tanker', vessel_type: 'CHEMICAL_TANKER', name: 'Asphalt and bitumen tanker' },
  // CONTAINER
  { key: 'fully_cellular', vessel_type: 'CONTAINER', name: 'Container ship (fully cellular)' },
  { key: 'container_roro', vessel_type: 'CONTAINER', name: 'Container ship with ro-ro deck' },
  { key: 'feeder_container', vessel_type: 'CONTAINER', name: 'Feeder container ship' },
  { key: 'geared_container', vessel_type: 'CONTAINER', name: 'Container ship with own cranes' },
  { key: 'post_panamax_container', vessel_type: 'CONTAINER', name: 'Post-Panamax container ship' },
  { key: 'ulcv', vessel_type: 'CONTAINER', name: 'Ultra-large container ship (ULCV)' },
  { key: 'container_reefer_focus', vessel_type: 'CONTAINER', name: 'Container ship with large reefer capacity' },
  { key: 'con_ro', vessel_type: 'CONTAINER', name: 'Con-ro ship (container and ro-ro)' },
  // CRUISE
  { key: 'ocean_cruise', vessel_type: 'CRUISE', name: 'Ocean cruise ship' },
  { key: 'expedition_cruise', vessel_type: 'CRUISE', name: 'Expedition cruise ship' },
  { key: 'river_cruise', vessel_type: 'CRUISE', name: 'River cruise ship' },
  { key: 'sail_cruise', vessel_type: 'CRUISE', name: 'Sailing cruise ship' },
  // DREDGER
  { key: 'trailing_suction_hopper', vessel_type: 'DREDGER', name: 'Trailing suction hopper dredger' },
  { key: 'cutter_suction', vessel_type: 'DREDGER', name: 'Cutter suction dredger' },
  { key: 'backhoe_dredger', vessel_type: 'DREDGER', name: 'Backhoe dredger' },
  { key: 'grab_dredger', vessel_type: 'DREDGER', name: 'Grab dredger' },
  { key: 'bucket_dredger', vessel_type: 'DREDGER', name: 'Bucket ladder dredger' },
  // DRY_BULK
  { key: 'grain_carrier', vessel_type: 'DRY_BULK', name: 'Grain carrier' },
  { key: 'woodchip_carrier', vessel_type: 'DRY_BULK', name: 'Woodchip carrier' },
  { key: 'open_hatch_bulk', vessel_type: 'DRY_BULK', name: 'Open-hatch bulk carrier' },
  { key: 'aggregates_carrier', vessel_type: 'DRY_BULK', name: 'Aggregates carrier (sand and gravel)' },
  { key: 'coal_carrier', vessel_type: 'DRY_BULK', name: 'Coal carrier' },
  // FERRY
  { key: 'ropax', vessel_type: 'FERRY', name: 'Ro-pax ferry' },
  { key: 'passenger_ferry', vessel_type: 'FERRY', name: 'Passenger-only ferry' },
  { key: 'high_speed_ferry', vessel_type: 'FERRY', name: 'High-speed craft ferry' },
  { key: 'train_ferry', vessel_type: 'FERRY', name: 'Train ferry' },
  { key: 'cable_ferry', vessel_type: 'FERRY', name: 'Chain or cable ferry' },
  // FISHING
  { key: 'stern_trawler', vessel_type: 'FISHING', name: 'Stern trawler' },
  { key: 'factory_trawler', vessel_type: 'FISHING', name: 'Factory trawler' },
  { key: 'purse_seiner', vessel_type: 'FISHING', name: 'Purse seiner' },
  { key: 'longliner', vessel_type: 'FISHING', name: 'Longliner' },
  { key: 'fish_carrier', vessel_type: 'FISHING', name: 'Fish carrier (live or chilled)' },
  // GENERAL_CARGO
  { key: 'tweendecker', vessel_type: 'GENERAL_CARGO', name: 'Tweendecker general cargo ship' },
  { key: 'single_deck_general', vessel_type: 'GENERAL_CARGO', name: 'Single-deck general cargo ship' },
  { key: 'coaster', vessel_type: 'GENERAL_CARGO', name: 'Coaster' },
  { key: 'livestock_carrier', vessel_type: 'GENERAL_CARGO', name: 'Livestock carrier' },
  { key: 'timber_carrier', vessel_type: 'GENERAL_CARGO', name: 'Timber and log carrier' },
  { key: 'palletised_cargo', vessel_type: 'GENERAL_CARGO', name: 'Palletised cargo ship (side door)' },
  // HEAVY_LIFT
  { key: 'heavy_lift_geared', vessel_type: 'HEAVY_LIFT', name: 'Heavy-lift ship with own cranes' },
  { key: 'semi_submersible', vessel_type: 'HEAVY_LIFT', name: 'Semi-submersible heavy-lift ship' },
  { key: 'module_carrier', vessel_type: 'HEAVY_LIFT', name: 'Module carrier' },
  { key: 'project_cargo', vessel_type: 'HEAVY_LIFT', name: 'Project cargo ship' },
  // LNG_CARRIER
  { key: 'lng_membrane', vessel_type: 'LNG_CARRIER', name: 'LNG carrier (membrane tanks)' },
  { key: 'lng_moss', vessel_type: 'LNG_CARRIER', name: 'LNG carrier (spherical tanks)' },
  { key: 'lng_bunkering', vessel_type: 'LNG_CARRIER', name: 'LNG bunkering vessel' },
  { key: 'small_scale_lng', vessel_type: 'LNG_CARRIER', name: 'Small-scale LNG carrier' },
  { key: 'fsru', vessel_type: 'LNG_CARRIER', name: 'Floating storage and regasification unit (FSRU)' },
  // LPG_CARRIER
  { key: 'lpg_fully_pressurised', vessel_type: 'LPG_CARRIER', name: 'LPG carrier (fully pressurised)' },
  { key: 'lpg_semi_refrigerated', vessel_type: 'LPG_CARRIER', name: 'LPG carrier (semi-refrigerated)' },
  { key: 'lpg_fully_refrigerated', vessel_type: 'LPG_CARRIER', name: 'LPG carrier (fully refrigerated)' },
  { key: 'ethylene_carrier', vessel_type: 'LPG_CARRIER', name: 'Ethylene carrier' },
  { key: 'ammonia_carrier', vessel_type: 'LPG_CARRIER', name: 'Ammonia carrier' },
  // MULTI_PURPOSE
  { key: 'mpp_geared', vessel_type: 'MULTI_PURPOSE', name: 'Multi-purpose ship with own cranes' },
  { key: 'mpp_container_fitted', vessel_type: 'MULTI_PURPOSE', name: 'Multi-purpose ship, container-fitted' },
  { key: 'mpp_ro_ro', vessel_type: 'MULTI_PURPOSE', name: 'Multi-purpose ship with stern ramp' },
  { key: 'mpp_heavy_lift', vessel_type: 'MULTI_PURPOSE', name: 'Multi-purpose heavy-lift ship' },
  // OFFSHORE_SUPPLY
  { key: 'platform_supply', vessel_type: 'OFFSHORE_SUPPLY', name: 'Platform supply vessel (PSV)' },
  { key: 'ahts', vessel_type: 'OFFSHORE_SUPPLY', name: 'Anchor handling tug supply vessel (AHTS)' },
  { key: 'crew_transfer', vessel_type: 'OFFSHORE_SUPPLY', name: 'Crew transfer vessel (CTV)' },
  { key: 'service_operation', vessel_type: 'OFFSHORE_SUPPLY', name: 'Service operation vessel (wind farm)' },
  { key: 'wind_installation', vessel_type: 'OFFSHORE_SUPPLY', name: 'Wind turbine installation vessel' },
  { key: 'cable_layer', vessel_type: 'OFFSHORE_SUPPLY', name: 'Cable layer' },
  { key: 'diving_support', vessel_type: 'OFFSHORE_SUPPLY', name: 'Diving support vessel' },
  // PASSENGER
  { key: 'excursion_vessel', vessel_type: 'PASSENGER', name: 'Excursion vessel' },
  { key: 'harbour_launch', vessel_type: 'PASSENGER', name: 'Harbour launch' },
  { key: 'accommodation_ship', vessel_type: 'PASSENGER', name: 'Accommodation ship' },
  { key: 'sail_training', vessel_type: 'PASSENGER', name: 'Sail training ship' },
  // REEFER
  { key: 'conventional_reefer', vessel_type: 'REEFER', name: 'Conventional reefer (palletised)' },
  { key: 'reefer_container_capable', vessel_type: 'REEFER', name: 'Reefer ship with container slots' },
  { key: 'fruit_juice_tanker', vessel_type: 'REEFER', name: 'Fruit juice tanker' },
  // RESEARCH
  { key: 'fishery_research', vessel_type: 'RESEARCH', name: 'Fishery research vessel' },
  { key: 'oceanographic_research', vessel_type: 'RESEARCH', name: 'Oceanographic research vessel' },
  { key: 'survey_vessel', vessel_type: 'RESEARCH', name: 'Hydrographic survey vessel' },
  { key: 'polar_research', vessel_type: 'RESEARCH', name: 'Polar research vessel (ice-class)' },
  // RO_RO
  { key: 'roro_cargo', vessel_type: 'RO_RO', name: 'Ro-ro cargo ship' },
  { key: 'roro_trailer', vessel_type: 'RO_RO', name: 'Trailer carrier' },
  { key: 'ropax_cargo', vessel_type: 'RO_RO', name: 'Ro-ro ship with passenger berths (up to 12)' },
  { key: 'roro_heavy', vessel_type: 'RO_RO', name: 'Heavy ro-ro ship (rolling heavy cargo)' },
  // TANKER_CRUDE
  { key: 'vlcc', vessel_type: 'TANKER_CRUDE', name: 'Very large crude carrier (VLCC)' },
  { key: 'suezmax', vessel_type: 'TANKER_CRUDE', name: 'Suezmax crude tanker' },
  { key: 'aframax', vessel_type: 'TANKER_CRUDE', name: 'Aframax crude tanker' },
  { key: 'shuttle_tanker', vessel_type: 'TANKER_CRUDE', name: 'Shuttle tanker' },
  { key: 'fso', vessel_type: 'TANKER_CRUDE', name: 'Floating storage and offloading unit (FSO)' },
  // TANKER_PRODUCT
  { key: 'product_mr', vessel_type: 'TANKER_PRODUCT', name: 'Medium range product tanker (MR)' },
  { key: 'product_lr', vessel_type: 'TANKER_PRODUCT', name: 'Long range product tanker (LR1/LR2)' },
  { key: 'coastal_product', vessel_type: 'TANKER_PRODUCT', name: 'Coastal product tanker' },
  { key: 'bunker_tanker', vessel_type: 'TANKER_PRODUCT', name: 'Bunkering tanker' },
  { key: 'oil_chemical_tanker', vessel_type: 'TANKER_PRODUCT', name: 'Oil and chemical tanker' },
  // TUG
  { key: 'asd_harbour_tug', vessel_type: 'TUG', name: 'Harbour tug (azimuth stern drive)' },
  { key: 'tractor_tug', vessel_type: 'TUG', name: 'Tractor tug (Voith or azimuth, forward drive)' },
  { key: 'ocean_tug', vessel_type: 'TUG', name: 'Ocean-going tug' },
  { key: 'pusher_tug', vessel_type: 'TUG', name: 'Pusher tug' },
  { key: 'escort_tug', vessel_type: 'TUG', name: 'Escort tug' },
  // OTHER
  { key: 'pilot_vessel', vessel_type: 'OTHER', name: 'Pilot vessel' },
  { key: 'patrol_vessel', vessel_type: 'OTHER', name: 'Patrol or customs vessel' },
  { key: 'icebreaker', vessel_type: 'OTHER', name: 'Icebreaker' },
  { key: 'naval_vessel', vessel_type: 'OTHER', name: 'Naval vessel' },
  { key: 'search_rescue', vessel_type: 'OTHER', name: 'Search and rescue vessel' },
  { key: 'buoy_tender', vessel_type: 'OTHER', name: 'Buoy tender' },
  { key: 'fire_fighting', vessel_type: 'OTHER', name: 'Fire-fighting vessel' },
  { key: 'floating_crane', vessel_type: 'OTHER', name: 'Floating crane' },
  { key: 'yacht', vessel_type: 'OTHER', name: 'Yacht' },
] as const satisfies readonly TDetailedVesselType[];

export type TDetailedVesselTypeKey = (typeof DETAILED_VESSEL_TYPES)[number]['key'];
export const DETAILED_VESSEL_TYPE_KEYS: readonly TDetailedVesselTypeKey[] = DETAILED_VESSEL_TYPES.map((entry) => entry.key);

/** The listed detailed types of a coded type, in the list's order (the form's suggestions). */
export function detailedVesselTypesOf(vesselType: TVesselType | string): readonly TDetailedVesselType[] {
  return DETAILED_VESSEL_TYPES.filter((entry) => entry.vessel_type === vesselType);
}

const byName = new Map<string, TDetailedVesselType>(DETAILED_VESSEL_TYPES.map((entry) => [entry.name.toLowerCase(), entry]));

/** The listed entry a stored text is (its English name, any case), or undefined for a text of the writer's own. */
export function findDetailedVesselType(text: string | null | undefined): TDetailedVesselType | undefined {
  return text ? byName.get(text.trim().toLowerCase()) : undefined;
}

/** Control characters (C0, DEL, C1): a line break or an escape in a name breaks cards, files and logs. */
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/u;
export const controlCharacterMessage = 'A name must not contain control characters such as line breaks or tabs.';

/**
 * A vessel's detailed type as a request carries it: trimmed, at most VESSEL_TYPE_DETAILED_MAX_LENGTH characters, no
 * control or direction-changing characters; blank means none (null).
 */
export const ZVesselTypeDetailedInput = withoutBidiControls(
  z
    .string()
    .trim()
    .max(VESSEL_TYPE_DETAILED_MAX_LENGTH, `At most ${VESSEL_TYPE_DETAILED_MAX_LENGTH} characters`)
    .refine((text) => !CONTROL_CHARACTER.test(text), controlCharacterMessage),
)
  .transform((text) => (text === '' ? null : text))
  .nullish();
