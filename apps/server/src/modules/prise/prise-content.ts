// Builds the notice's content from the call's joined row and the notice's own fields; decides where PRISE applies.
import type { TPriseNoticeContent } from '@quayline/domain';
import type { AppConfig } from '../../config';
import type { TNoticeSourceRow } from './prise.repository';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());
const num = (v: string | number | null) => (v === null ? null : Number(v));

export function buildContent(src: TNoticeSourceRow, cargoTypes: readonly string[], own: { dangerous_goods: boolean | null; persons_on_board: number | null }): TPriseNoticeContent {
  return {
    vessel: {
      name: src.vessel_name,
      imo_number: src.imo_number || null,
      call_sign: src.call_sign,
      mmsi: src.mmsi,
      flag: src.flag,
      length_overall_m: num(src.length_overall_m),
      beam_m: num(src.beam_m),
      max_draft_m: num(src.max_draft_m),
    },
    voyage_number: src.voyage_number_import,
    terminal: { id: src.terminal_id, code: src.terminal_code, name: src.terminal_name, port_unlocode: src.port_unlocode },
    pilot_boarding_place_name: src.pbp_name,
    eta_pilot_boarding_place: iso(src.pilot_boarding_place_arrival),
    berth_arrival: iso(src.berth_arrival)!,
    berth_departure: iso(src.berth_departure)!,
    berth: src.section_id !== null && src.section_name !== null ? { section_id: src.section_id, section_name: src.section_name } : null,
    berth_start_position_m: num(src.berth_start_position),
    berth_end_position_m: num(src.berth_end_position),
    draft_inbound_m: num(src.draft_inbound),
    draft_outbound_m: num(src.draft_outbound),
    previous_port: src.prev_id !== null ? { id: src.prev_id, unlocode: src.prev_unlocode!, name: src.prev_name! } : null,
    next_port: src.next_id !== null ? { id: src.next_id, unlocode: src.next_unlocode!, name: src.next_name! } : null,
    agent: src.agent_org_id !== null ? { id: src.agent_org_id, code: src.agent_code!, name: src.agent_name! } : null,
    vessel_operator: { id: src.vessel_operator_id, code: src.vo_code, name: src.vo_name },
    cargo_type: cargoTypes.length ? cargoTypes.join(', ') : null,
    dangerous_goods: own.dangerous_goods,
    persons_on_board: own.persons_on_board,
  };
}

/** PRISE applies at the configured ports (PORT_AUTHORITY_PORTS, default DEHAM) and only when a port authority is configured. */
export function isPriseApplicable(config: AppConfig, portUnlocode: string): boolean {
  const pa = config.portAuthority;
  return !!pa?.url && pa.ports.includes(portUnlocode.toUpperCase());
}
