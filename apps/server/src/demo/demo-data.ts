// The demo terminal in Hamburg and everything around it, generated from a fixed seed.
import { DETAILED_VESSEL_TYPES, addLocalDays, createRng, imoCheckDigit, localDateOf, localTimeToInstant, type TCargoHandlingEquipmentType, type TDetailedVesselTypeKey, type TLocalDay, type TNonWorkingTimeKind, type TVesselType } from '@quayline/domain';

export const DEMO_SEED = 20_261_123;
export const DEMO_PASSWORD = 'Quayline-Demo-2026!';

export const DEMO_USERS = [
  { email: 'terminal.operator@demo.quayline.test', user_type: 'terminal_operator', first_name: 'Hanna', last_name: 'Kruse', org: 'terminal', expired: false, locale: 'en' },
  { email: 'vessel.operator@demo.quayline.test', user_type: 'vessel_operator', first_name: 'Lars', last_name: 'Nyberg', org: 'vessel_operator', expired: false, locale: 'en' },
  { email: 'agent@demo.quayline.test', user_type: 'agent', first_name: 'Inés', last_name: 'Moreno', org: 'agent', expired: false, locale: 'en' },
  { email: 'expired@demo.quayline.test', user_type: 'terminal_operator', first_name: 'Jonas', last_name: 'Petersen', org: 'terminal', expired: true, locale: 'de' },
  { email: 'night.planner@demo.quayline.test', user_type: 'terminal_operator', first_name: 'Mira', last_name: 'Albers', org: 'terminal', expired: false, locale: 'de' },
  { email: 'day.planner@demo.quayline.test', user_type: 'terminal_operator', first_name: 'Tom', last_name: 'Hansen', org: 'terminal', expired: false, locale: 'en' },
] as const;

export const DEMO_PORTS = [
  ['DEHAM', 'Hamburg', 'DE', 'Europe/Berlin', 53.5461, 9.9661],
  ['DEBRV', 'Bremerhaven', 'DE', 'Europe/Berlin', 53.5396, 8.5809],
  ['NLRTM', 'Rotterdam', 'NL', 'Europe/Amsterdam', 51.9496, 4.1453],
  ['BEANR', 'Antwerp', 'BE', 'Europe/Brussels', 51.2637, 4.3996],
  ['GBFXT', 'Felixstowe', 'GB', 'Europe/London', 51.9549, 1.3511],
  ['FRLEH', 'Le Havre', 'FR', 'Europe/Paris', 49.4826, 0.1207],
  ['PLGDN', 'Gdansk', 'PL', 'Europe/Warsaw', 54.3952, 18.6694],
  ['SEGOT', 'Gothenburg', 'SE', 'Europe/Stockholm', 57.6891, 11.8393],
  ['DKAAR', 'Aarhus', 'DK', 'Europe/Copenhagen', 56.1518, 10.2319],
  ['ESALG', 'Algeciras', 'ES', 'Europe/Madrid', 36.1408, -5.4398],
  ['ESVLC', 'Valencia', 'ES', 'Europe/Madrid', 39.4436, -0.3163],
  ['MAPTM', 'Tanger Med', 'MA', 'Africa/Casablanca', 35.8836, -5.5003],
  ['ITGOA', 'Genoa', 'IT', 'Europe/Rome', 44.4056, 8.9113],
  ['GRPIR', 'Piraeus', 'GR', 'Europe/Athens', 37.9420, 23.6130],
  ['AEJEA', 'Jebel Ali', 'AE', 'Asia/Dubai', 25.0118, 55.0617],
  ['LKCMB', 'Colombo', 'LK', 'Asia/Colombo', 6.9497, 79.8428],
  ['SGSIN', 'Singapore', 'SG', 'Asia/Singapore', 1.2644, 103.8222],
  ['CNSHA', 'Shanghai', 'CN', 'Asia/Shanghai', 31.3575, 121.6055],
  ['CNNGB', 'Ningbo', 'CN', 'Asia/Shanghai', 29.9394, 121.8560],
  ['HKHKG', 'Hong Kong', 'HK', 'Asia/Hong_Kong', 22.3356, 114.1222],
  ['KRPUS', 'Busan', 'KR', 'Asia/Seoul', 35.1028, 129.0403],
  ['USNYC', 'New York', 'US', 'America/New_York', 40.6681, -74.0451],
] as const;

export const DEMO_TERMINAL = {
  code: 'DEHAM-WMT',
  name: 'Waltershof Multipurpose Terminal',
  time_zone: 'Europe/Berlin',
  quay_length_m: 1400,
  min_clearance_m: 15,
  tide_station: 'Hamburg St. Pauli',
  latitude: 53.5297,
  longitude: 9.9207,
  /**
   * The quay on the map: metre 0 at the west end of Predöhlkai on the Waltershof bank, the 1,400 m running a little
   * south of east to the terminal's east end near its reference point, the water (the river side) on the left.
   */
  quay: { origin_latitude: 53.5308, origin_longitude: 9.9005, bearing_deg: 97, water_side: 'left' },
  /** AIS-detected actual times are applied directly at the demo terminal, so a replayed berthing shows at once. */
  ais_actuals_mode: 'apply',
  sections: [
    { name: 'Berth 1 (Predöhlkai West)', berth_type: 'Berth', start: 0, end: 350, depth: 16.5 },
    { name: 'Berth 2 (Predöhlkai East)', berth_type: 'Berth', start: 350, end: 700, depth: 16.0 },
    { name: 'Berth 3 (Waltershofer Hafen)', berth_type: 'Berth', start: 700, end: 1000, depth: 14.5 },
    { name: 'Ro-Ro ramp buffer', berth_type: 'Buffer Zone', start: 1000, end: 1050, depth: 12.0 },
    { name: 'Berth 4 (Multipurpose)', berth_type: 'Berth', start: 1050, end: 1400, depth: 11.5 },
  ],
  shifts: [
    { shift_number: 1, name: 'Early', names: { de: 'Frühschicht', fr: 'Équipe du matin', es: 'Turno de mañana' }, start_time: '06:00', end_time: '14:00', gangs_available: 14 },
    { shift_number: 2, name: 'Late', names: { de: 'Spätschicht', fr: "Équipe de l'après-midi", es: 'Turno de tarde' }, start_time: '14:00', end_time: '22:00', gangs_available: 14 },
    { shift_number: 3, name: 'Night', names: { de: 'Nachtschicht', fr: 'Équipe de nuit', es: 'Turno de noche' }, start_time: '22:00', end_time: '06:00', gangs_available: 12 },
  ],
  pilotBoardingPlaces: [
    { name: 'Elbe 1 (Cuxhaven pilot station)', names: { de: 'Elbe 1 (Lotsenstation Cuxhaven)', fr: 'Elbe 1 (station de pilotage de Cuxhaven)', es: 'Elbe 1 (estación de prácticos de Cuxhaven)' }, minutes: 330, lat: 54.0170, lng: 8.1000, geofenceRadiusM: 4000 },
    { name: 'Brunsbüttel pilot change', names: { de: 'Lotsenwechsel Brunsbüttel', fr: 'Relève des pilotes à Brunsbüttel', es: 'Relevo de prácticos en Brunsbüttel' }, minutes: 180, lat: 53.8917, lng: 9.1418, geofenceRadiusM: 2000 },
    { name: 'Hamburg Seemannshöft', names: { de: 'Hamburg Seemannshöft', fr: 'Hambourg Seemannshöft', es: 'Hamburgo Seemannshöft' }, minutes: 35, lat: 53.5428, lng: 9.8786, geofenceRadiusM: 1000 },
  ],
  /**
   * The terminal's delay reasons: three-letter codes as DCSA JIT carries them, with names written here in plain words
   * (SMDG's own code-list texts may not be shipped, docs/negotiation.md). BER is what the demo's proposals carry.
   */
  delayReasons: [
    { code: 'BER', name: 'Waiting for a free berth', names: { de: 'Warten auf einen freien Liegeplatz', fr: "Attente d'un poste à quai libre", es: 'Espera de un atraque libre' } },
    { code: 'CON', name: 'Port congestion', names: { de: 'Stau im Hafen', fr: 'Congestion du port', es: 'Congestión portuaria' } },
    { code: 'CRN', name: 'Crane breakdown', names: { de: 'Kranausfall', fr: 'Panne de grue', es: 'Avería de grúa' } },
    { code: 'LPP', name: 'Late from the previous port', names: { de: 'Verspätung aus dem vorigen Hafen', fr: 'Retard au port précédent', es: 'Retraso en el puerto anterior' } },
    { code: 'PIL', name: 'No pilot available', names: { de: 'Kein Lotse verfügbar', fr: 'Pas de pilote disponible', es: 'Sin práctico disponible' } },
    { code: 'STR', name: 'Strike', names: { de: 'Streik', fr: 'Grève', es: 'Huelga' } },
    { code: 'TID', name: 'Waiting for the tide', names: { de: 'Warten auf die Tide', fr: 'Attente de la marée', es: 'Espera de la marea' } },
    { code: 'WEA', name: 'Bad weather', names: { de: 'Schlechtes Wetter', fr: 'Mauvais temps', es: 'Mal tiempo' } },
  ],
} as const;

/**
 * The demo terminal's shift calendar around the seeding day, in its local time: the Christmas and New Year
 * holidays ahead, the coming Sunday night closed, and a quay safety drill in tomorrow's early shift.
 */
export function demoNonWorkingTimes(now: Date, timeZone: string): { kind: TNonWorkingTimeKind; reason: string; starts_at: Date; ends_at: Date }[] {
  const at = (d: TLocalDay, hhmm: string) => new Date(localTimeToInstant(d, hhmm, timeZone));
  const today = localDateOf(now.getTime(), timeZone);
  // The next Christmas that has not ended yet.
  const year = today.month === 12 && today.day > 26 ? today.year + 1 : today.year;
  const weekday = new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay();
  const sunday = addLocalDays(today, (7 - weekday) % 7 || 7);
  return [
    { kind: 'holiday', reason: 'Christmas', starts_at: at({ year, month: 12, day: 24 }, '14:00'), ends_at: at({ year, month: 12, day: 27 }, '06:00') },
    { kind: 'holiday', reason: 'New Year', starts_at: at({ year, month: 12, day: 31 }, '22:00'), ends_at: at({ year: year + 1, month: 1, day: 1 }, '14:00') },
    { kind: 'closed_shift', reason: 'Sunday night closed (maintenance)', starts_at: at(sunday, '22:00'), ends_at: at(addLocalDays(sunday, 1), '06:00') },
    { kind: 'break', reason: 'Quay safety drill', starts_at: at(addLocalDays(today, 1), '10:00'), ends_at: at(addLocalDays(today, 1), '12:00') },
  ];
}

/** Bollards every 25 m along the quay, numbered from the quay origin. */
export function demoBollards(quayLength: number): { name: string; position_m: number }[] {
  const bollards: { name: string; position_m: number }[] = [];
  for (let pos = 5, n = 1; pos < quayLength; pos += 25, n++) bollards.push({ name: `B${String(n).padStart(2, '0')}`, position_m: pos });
  return bollards;
}

export function demoCranes(): { name: string; outreach_rows: number; moves_per_hour: number; rail_start_m: number; rail_end_m: number }[] {
  const cranes = [];
  for (let i = 1; i <= 12; i++) {
    const big = i <= 8;
    cranes.push({
      name: `STS ${String(i).padStart(2, '0')}`,
      outreach_rows: big ? 24 : 18,
      moves_per_hour: big ? 32 : 26,
      rail_start_m: big ? 0 : 700,
      rail_end_m: big ? 1000 : 1400,
    });
  }
  return cranes;
}

/** The terminal's cargo-handling fleet: a fixed list, so every seeded database has the same numbers. */
export const DEMO_CARGO_HANDLING_EQUIPMENT: readonly { equipment_number: string; name: string; equipment_type: TCargoHandlingEquipmentType }[] = [
  { equipment_number: 'MHC-01', name: 'Liebherr LHM 550 (Berth 4 north)', equipment_type: 'Mobile harbour crane' },
  { equipment_number: 'MHC-02', name: 'Liebherr LHM 420 (Berth 4 south)', equipment_type: 'Mobile harbour crane' },
  { equipment_number: 'RS-01', name: 'Kalmar DRG450 reach stacker', equipment_type: 'Reach stacker' },
  { equipment_number: 'RS-02', name: 'Kalmar DRG450 reach stacker', equipment_type: 'Reach stacker' },
  { equipment_number: 'RS-03', name: 'Konecranes SMV 4531 TB5 reach stacker', equipment_type: 'Reach stacker' },
  { equipment_number: 'SC-01', name: 'Kalmar FastCharge straddle carrier', equipment_type: 'Straddle carrier' },
  { equipment_number: 'SC-02', name: 'Kalmar FastCharge straddle carrier', equipment_type: 'Straddle carrier' },
  { equipment_number: 'SC-03', name: 'Konecranes Noell straddle carrier', equipment_type: 'Straddle carrier' },
  { equipment_number: 'TT-01', name: 'Terberg RT223 terminal tractor', equipment_type: 'Terminal tractor' },
  { equipment_number: 'TT-02', name: 'Terberg RT223 terminal tractor', equipment_type: 'Terminal tractor' },
  { equipment_number: 'FL-01', name: 'Linde H80 forklift (16 t)', equipment_type: 'Forklift' },
  { equipment_number: 'ECH-01', name: 'Hyster H22XM empty container handler', equipment_type: 'Empty container handler' },
];

/**
 * The quay cranes as bookable equipment, numbered like their terminal_cranes rows so a booking names its crane. The
 * equipment model has no ship-to-shore type (its one crane type is the mobile harbour crane), so they carry that.
 */
export function demoCraneEquipment(): { equipment_number: string; name: string; equipment_type: TCargoHandlingEquipmentType }[] {
  return demoCranes().map((c) => ({ equipment_number: c.name, name: `${c.name} ship-to-shore crane`, equipment_type: 'Ship-to-shore crane' }));
}

/** Who runs the quay in each shift, by shift number: the contact person of every shift plan. */
export const DEMO_SHIFT_CONTACTS: Readonly<Record<number, { contact_person_name: string; contact_person_phone: string; contact_person_mail: string }>> = {
  1: { contact_person_name: 'Jan Brandt', contact_person_phone: '+49 40 7411 2201', contact_person_mail: 'early.shift@demo.quayline.test' },
  2: { contact_person_name: 'Selin Aydin', contact_person_phone: '+49 40 7411 2202', contact_person_mail: 'late.shift@demo.quayline.test' },
  3: { contact_person_name: 'Piotr Nowak', contact_person_phone: '+49 40 7411 2203', contact_person_mail: 'night.shift@demo.quayline.test' },
};

export const DEMO_TERMINAL_OPERATOR = { code: 'WMT', name: 'Waltershof Terminal Operations GmbH' };
export const DEMO_VESSEL_OPERATORS = [
  { code: 'NRDL', name: 'Nordic Line A/S' },
  { code: 'HNSF', name: 'Hanse Feeder Services GmbH' },
  { code: 'ATLC', name: 'Atlas Ocean Carriers Ltd.' },
  { code: 'PSTR', name: 'Pacific Star Shipping Pte. Ltd.' },
  { code: 'IBCL', name: 'Iberia Container Line S.A.' },
  { code: 'BLTS', name: 'Baltic Shortsea AB' },
] as const;
/**
 * The liner services that call the demo terminal, each on a fixed weekday and local time, every `intervalWeeks`
 * weeks, its `fleetSize` vessels in turn (the operator's container vessels, lowest ids first): a vessel of a weekly
 * service with three vessels calls every three weeks. `name` is what the calls carry as their service; the voyage
 * templates of NEU4 and BLT2 (seed-voyages.ts) say the same days. Every other vessel calls as a tramp, at most once a week.
 */
export type TDemoService = {
  name: string;
  code: string;
  /** Code of the vessel operator (DEMO_VESSEL_OPERATORS). */
  operator: string;
  /** ISO weekday of the berth arrival: 1 = Monday ... 7 = Sunday. */
  weekday: number;
  arrivalTime: string;
  stayHours: number;
  intervalWeeks: number;
  fleetSize: number;
  /** The ports before and after Hamburg in the rotation (UN/LOCODEs). */
  previousPort: string;
  nextPort: string;
};
export const DEMO_SERVICES: readonly TDemoService[] = [
  { name: 'AEX1', code: 'AEX1', operator: 'PSTR', weekday: 1, arrivalTime: '06:00', stayHours: 30, intervalWeeks: 1, fleetSize: 3, previousPort: 'NLRTM', nextPort: 'BEANR' },
  { name: 'NEU4', code: 'NEU4', operator: 'NRDL', weekday: 3, arrivalTime: '07:00', stayHours: 22, intervalWeeks: 1, fleetSize: 3, previousPort: 'BEANR', nextPort: 'PLGDN' },
  { name: 'TA2', code: 'TA2', operator: 'ATLC', weekday: 4, arrivalTime: '10:00', stayHours: 24, intervalWeeks: 1, fleetSize: 3, previousPort: 'FRLEH', nextPort: 'NLRTM' },
  { name: 'FEX', code: 'FEX', operator: 'HNSF', weekday: 5, arrivalTime: '08:00', stayHours: 14, intervalWeeks: 1, fleetSize: 2, previousPort: 'SEGOT', nextPort: 'DKAAR' },
  { name: 'Baltic Loop', code: 'BLT2', operator: 'BLTS', weekday: 6, arrivalTime: '14:00', stayHours: 16, intervalWeeks: 2, fleetSize: 3, previousPort: 'PLGDN', nextPort: 'DKAAR' },
];

export const DEMO_AGENTS = [
  { code: 'ESA', name: 'Elbe Ship Agency GmbH' },
  { code: 'HANS', name: 'Hanseatic Port Agents KG' },
  { code: 'NGM', name: 'Northgate Maritime Agency' },
] as const;

/** `detailed`: keys of the domain's detailed vessel types that fit the class (DETAILED_VESSEL_TYPES). */
type VesselClass = { type: TVesselType; detailed: readonly TDetailedVesselTypeKey[]; loa: [number, number]; beam: [number, number]; draft: [number, number]; gt: [number, number]; weight: number };
const VESSEL_CLASSES: VesselClass[] = [
  { type: 'CONTAINER', detailed: ['ulcv'], loa: [366, 400], beam: [48, 61], draft: [14.5, 16.0], gt: [150_000, 236_000], weight: 5 },
  { type: 'CONTAINER', detailed: ['post_panamax_container', 'fully_cellular', 'container_reefer_focus'], loa: [260, 335], beam: [32, 48], draft: [12.5, 14.5], gt: [60_000, 120_000], weight: 6 },
  { type: 'CONTAINER', detailed: ['feeder_container', 'geared_container', 'container_roro'], loa: [130, 200], beam: [21, 30], draft: [7.5, 10.5], gt: [9_000, 26_000], weight: 8 },
  { type: 'CAR_CARRIER', detailed: ['pure_car_carrier', 'pctc', 'lng_fuelled_pctc'], loa: [180, 230], beam: [30, 32], draft: [8.5, 10.5], gt: [45_000, 75_000], weight: 3 },
  { type: 'RO_RO', detailed: ['roro_cargo', 'roro_trailer', 'ropax_cargo'], loa: [150, 240], beam: [25, 35], draft: [6.5, 9.0], gt: [20_000, 60_000], weight: 2 },
  { type: 'DRY_BULK', detailed: ['grain_carrier', 'open_hatch_bulk', 'coal_carrier'], loa: [180, 230], beam: [30, 32], draft: [11.0, 13.5], gt: [30_000, 45_000], weight: 2 },
  { type: 'GENERAL_CARGO', detailed: ['tweendecker', 'single_deck_general', 'coaster', 'timber_carrier'], loa: [90, 150], beam: [14, 23], draft: [5.5, 8.5], gt: [3_000, 12_000], weight: 3 },
  { type: 'MULTI_PURPOSE', detailed: ['mpp_geared', 'mpp_container_fitted', 'mpp_heavy_lift'], loa: [120, 180], beam: [20, 28], draft: [7.0, 10.0], gt: [8_000, 22_000], weight: 2 },
  { type: 'HEAVY_LIFT', detailed: ['heavy_lift_geared', 'project_cargo'], loa: [140, 170], beam: [23, 28], draft: [7.0, 9.0], gt: [10_000, 18_000], weight: 1 },
  { type: 'TANKER_PRODUCT', detailed: ['product_mr', 'oil_chemical_tanker'], loa: [150, 185], beam: [27, 32], draft: [9.0, 12.0], gt: [20_000, 30_000], weight: 1 },
];
const NAME_PARTS = {
  first: ['Nordic', 'Hanse', 'Atlas', 'Pacific', 'Iberia', 'Baltic', 'Elbe', 'Polar', 'Aurora', 'Cape', 'Northern', 'Star', 'Ocean', 'Viking', 'Sirius', 'Meridian', 'Coral', 'Helios', 'Boreas', 'Tidal'],
  second: ['Pioneer', 'Spirit', 'Express', 'Voyager', 'Horizon', 'Trader', 'Navigator', 'Endeavour', 'Harmony', 'Resolve', 'Breeze', 'Crown', 'Falcon', 'Pearl', 'Guardian', 'Journey', 'Wind', 'Legacy'],
};
const FLAGS = [
  { flag: 'DE', mid: '211' },
  { flag: 'LR', mid: '636' },
  { flag: 'MH', mid: '538' },
  { flag: 'SG', mid: '563' },
  { flag: 'PT', mid: '255' },
  { flag: 'DK', mid: '219' },
  { flag: 'MT', mid: '248' },
] as const;

export type DemoVessel = {
  name: string;
  imo_number: string;
  mmsi: string;
  call_sign: string;
  flag: string;
  vessel_type: TVesselType;
  vessel_type_detailed: string;
  length_overall_m: number;
  beam_m: number;
  max_draft_m: number;
  gross_tonnage: number;
  operatorIndex: number;
};

function detailedName(key: TDetailedVesselTypeKey): string {
  return DETAILED_VESSEL_TYPES.find((entry) => entry.key === key)!.name;
}

/**
 * The demo fleet. 60 vessels: enough that about 150 calls in four weeks need no vessel more than once a week (the
 * first 36 are the same as when the fleet was 36 strong, so their names did not change).
 */
export function demoVessels(count = 60, seed = DEMO_SEED): DemoVessel[] {
  const rng = createRng(seed);
  const weighted = VESSEL_CLASSES.flatMap((c) => Array<VesselClass>(c.weight).fill(c));
  const names = new Set<string>();
  const imos = new Set<string>();
  const vessels: DemoVessel[] = [];
  while (vessels.length < count) {
    const cls = rng.pick(weighted);
    const name = `${rng.pick(NAME_PARTS.first)} ${rng.pick(NAME_PARTS.second)}`.toUpperCase();
    const firstSix = String(rng.int(900_000, 989_999));
    const imo = firstSix + String(imoCheckDigit(firstSix));
    if (names.has(name) || imos.has(imo)) continue;
    names.add(name);
    imos.add(imo);
    const f = rng.pick(FLAGS);
    const span = (r: [number, number], decimals: number) => Number((r[0] + rng.next() * (r[1] - r[0])).toFixed(decimals));
    vessels.push({
      name,
      imo_number: imo,
      mmsi: f.mid + String(rng.int(100_000, 999_999)),
      call_sign: `${f.flag[0]}${String.fromCharCode(65 + rng.int(0, 25))}${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(10, 99)}`,
      flag: f.flag,
      vessel_type: cls.type,
      // Picked by the IMO number, not the random stream, so every other demo value stays what it was.
      vessel_type_detailed: detailedName(cls.detailed[Number(imo) % cls.detailed.length]!),
      length_overall_m: span(cls.loa, 1),
      beam_m: span(cls.beam, 1),
      max_draft_m: span(cls.draft, 1),
      gross_tonnage: Math.round(span(cls.gt, 0)),
      operatorIndex: rng.int(0, DEMO_VESSEL_OPERATORS.length - 1),
    });
  }
  return vessels;
}
