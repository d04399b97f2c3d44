// The template form's values (strings as typed) and the request they become; checked before anything is sent.
import { BERTH_ORIENTATIONS, ZVoyageTemplateInput, type TVoyageTemplate, type TVoyageTemplateInput } from '@quayline/domain';
import type en from '../../../../../server/src/modules/translations/locales/en.json';

export type TOrientation = (typeof BERTH_ORIENTATIONS)[number];
export type TDirection = 'N' | 'E' | 'W' | 'S';

/** One stop of the rotation editor; `key` keeps React rows stable while stops move. */
export type TStopValues = {
  key: string;
  port_id: number | null;
  port_label: string | null;
  port_unlocode: string | null;
  port_time_zone: string | null;
  is_terminal_call: boolean;
  day_offset: string;
  arrival_time: string;
  stay_hours: string;
};

export type TVesselValue = { id: number; name: string; imo_number: string };

export type TTemplateFormValues = {
  terminal_id: number | null;
  name: string;
  code: string;
  vessel_operator_id: number | null;
  valid_from: string;
  valid_to: string;
  interval_weeks: string;
  exceptions: string[];
  import_direction: TDirection;
  export_direction: TDirection;
  vessels: TVesselValue[];
  arrival_weekday: number;
  preferred_start_position_m: string;
  berth_orientation: TOrientation | null;
  rotation: TStopValues[];
};

/** A problem at a form path (the server's paths: `rotation.2.port_id`, `vessel_ids.1`, `valid_from`...). */
export type TTemplateProblemKey = keyof (typeof en)['voyageTemplates']['problems'];
/** A problem at a form path (the server's paths: `rotation.2.port_id`, `vessel_ids.1`, `valid_from`...): a known text or the server's own. */
export type TTemplateProblem = { path: string; key: TTemplateProblemKey } | { path: string; text: string };

let stopCounter = 0;
export const newStopKey = (): string => `stop-${++stopCounter}`;

export function emptyStop(overrides: Partial<TStopValues> = {}): TStopValues {
  return { key: newStopKey(), port_id: null, port_label: null, port_unlocode: null, port_time_zone: null, is_terminal_call: false, day_offset: '0', arrival_time: '', stay_hours: '', ...overrides };
}

export function defaultTemplateValues(args: { terminalId: number | null; vesselOperatorId: number | null; today: string }): TTemplateFormValues {
  return {
    terminal_id: args.terminalId,
    name: '',
    code: '',
    vessel_operator_id: args.vesselOperatorId,
    valid_from: args.today,
    valid_to: '',
    interval_weeks: '1',
    exceptions: [],
    import_direction: 'W',
    export_direction: 'E',
    vessels: [],
    arrival_weekday: 1,
    preferred_start_position_m: '',
    berth_orientation: null,
    rotation: [emptyStop({ is_terminal_call: true })],
  };
}

export function templateValuesOf(template: TVoyageTemplate): TTemplateFormValues {
  return {
    terminal_id: template.terminal_id,
    name: template.name,
    code: template.code,
    vessel_operator_id: template.vessel_operator_id,
    valid_from: template.valid_from.slice(0, 10),
    valid_to: template.valid_to ? template.valid_to.slice(0, 10) : '',
    interval_weeks: String(template.recurrence.interval_weeks),
    exceptions: [...template.recurrence.exceptions],
    import_direction: template.import_direction,
    export_direction: template.export_direction,
    // The API lists the deployed vessels in turn order; ids without a record keep their place.
    vessels: template.vessel_ids.map((id) => template.vessels.find((v) => v.id === id) ?? { id, name: String(id), imo_number: '' }),
    arrival_weekday: template.berth_window.arrival_weekday,
    preferred_start_position_m: template.berth_window.preferred_start_position_m === null ? '' : String(template.berth_window.preferred_start_position_m),
    berth_orientation: template.berth_window.berth_orientation,
    rotation: template.rotation.map((stop) =>
      emptyStop({
        port_id: stop.port_id,
        port_label: `${stop.unlocode} – ${stop.port_name}`,
        port_unlocode: stop.unlocode,
        port_time_zone: stop.time_zone,
        is_terminal_call: stop.is_terminal_call,
        day_offset: String(stop.day_offset),
        arrival_time: stop.arrival_time,
        stay_hours: String(stop.stay_hours),
      }),
    ),
  };
}

const toNumber = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/** The request the values stand for, with the problems that keep it from being sent (translation keys under voyageTemplates.problems). */
export function buildTemplateRequest(values: TTemplateFormValues): { request: TVoyageTemplateInput; problems: TTemplateProblem[] } {
  const problems: TTemplateProblem[] = [];
  const required = (path: string) => problems.push({ path, key: 'required' as const });
  if (values.terminal_id === null) required('terminal_id');
  if (values.name.trim() === '') required('name');
  if (values.code.trim() === '') required('code');
  else if (!/^[A-Za-z0-9-]+$/.test(values.code.trim())) problems.push({ path: 'code', key: 'code_characters' });
  if (values.vessel_operator_id === null) required('vessel_operator_id');
  if (values.valid_from === '') required('valid_from');
  if (values.valid_to !== '' && values.valid_from !== '' && values.valid_to < values.valid_from) problems.push({ path: 'valid_to', key: 'valid_to_before_from' });
  const interval = toNumber(values.interval_weeks);
  if (interval === null || !Number.isInteger(interval) || interval < 1 || interval > 12) problems.push({ path: 'recurrence.interval_weeks', key: 'interval_range' });
  if (values.vessels.length === 0) problems.push({ path: 'vessel_ids', key: 'one_vessel' });
  const position = toNumber(values.preferred_start_position_m);
  if (values.preferred_start_position_m.trim() !== '' && (position === null || position < 0)) problems.push({ path: 'berth_window.preferred_start_position_m', key: 'not_negative' });
  if (values.rotation.filter((stop) => stop.is_terminal_call).length !== 1) problems.push({ path: 'rotation', key: 'one_terminal_stop' });
  values.rotation.forEach((stop, index) => {
    if (stop.port_id === null) required(`rotation.${index}.port_id`);
    const offset = toNumber(stop.day_offset);
    if (offset === null || !Number.isInteger(offset) || offset < 0 || offset > 120) problems.push({ path: `rotation.${index}.day_offset`, key: 'day_offset_range' });
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(stop.arrival_time)) problems.push({ path: `rotation.${index}.arrival_time`, key: 'time_format' });
    const stay = toNumber(stop.stay_hours);
    if (stay === null || stay < 1 || stay > 240) problems.push({ path: `rotation.${index}.stay_hours`, key: 'stay_range' });
  });

  const request: TVoyageTemplateInput = {
    terminal_id: values.terminal_id ?? 0,
    name: values.name.trim(),
    code: values.code.trim(),
    vessel_operator_id: values.vessel_operator_id ?? 0,
    rotation: values.rotation.map((stop) => ({
      port_id: stop.port_id ?? 0,
      is_terminal_call: stop.is_terminal_call,
      day_offset: toNumber(stop.day_offset) ?? 0,
      arrival_time: stop.arrival_time,
      stay_hours: toNumber(stop.stay_hours) ?? 0,
    })),
    berth_window: { arrival_weekday: values.arrival_weekday, preferred_start_position_m: position, berth_orientation: values.berth_orientation },
    vessel_ids: values.vessels.map((vessel) => vessel.id),
    recurrence: { interval_weeks: interval ?? 1, exceptions: [...values.exceptions].sort() },
    valid_from: values.valid_from,
    valid_to: values.valid_to === '' ? null : values.valid_to,
    import_direction: values.import_direction,
    export_direction: values.export_direction,
  };
  // The shared schema catches what the checks above do not name (lengths, limits), so nothing invalid is sent.
  if (problems.length === 0) {
    const parsed = ZVoyageTemplateInput.safeParse(request);
    if (!parsed.success) for (const issue of parsed.error.issues) problems.push({ path: issue.path.join('.'), text: issue.message });
  }
  return { request, problems };
}

/** Problems about a stop or a vessel move with it when the list is reordered or shortened. */
export function moveIndexedProblems(problems: TTemplateProblem[], list: 'rotation' | 'vessel_ids', order: number[]): TTemplateProblem[] {
  return problems.flatMap((problem) => {
    const match = new RegExp(`^${list}\\.(\\d+)(.*)$`).exec(problem.path);
    if (!match) return [problem];
    const next = order.indexOf(Number(match[1]));
    return next === -1 ? [] : [{ ...problem, path: `${list}.${next}${match[2]}` }];
  });
}
