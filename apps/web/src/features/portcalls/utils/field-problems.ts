// Field problems from the domain rules and the server, turned into translation keys where the text is known.
import type { TFieldError } from '@quayline/domain';
import type en from '../../../../../server/src/modules/translations/locales/en.json';

export type TProblemKey = keyof (typeof en)['portcalls']['problems'];
/** A translatable problem, or the server's own text when it is not one we know. */
export type TProblemMessage = { key: TProblemKey; values?: Record<string, string | number> } | { text: string };
export type TFormProblem = { path: string; message: TProblemMessage };

// The messages of validatePortcallWindow and the port-call service (packages/domain, apps/server): one table, tested.
const EXACT: Record<string, TProblemKey> = {
  'Berth departure must be after berth arrival': 'departure_after_arrival',
  'Cargo operations must start inside the berth window': 'cargo_start_inside_window',
  'Cargo operations must end inside the berth window': 'cargo_end_inside_window',
  'Cargo operations must end after they start': 'cargo_end_after_start',
  'The pilot boards before the vessel reaches the berth': 'pilot_before_berth',
  'Give both ends of the berth position': 'both_positions',
  'The berth end must be after its start': 'berth_end_after_start',
  'Unknown terminal': 'unknown_terminal',
  'Unknown vessel': 'unknown_vessel',
  'Unknown vessel operator': 'unknown_vessel_operator',
  'Unknown agent': 'unknown_agent',
  'Unknown port': 'unknown_port',
  'Not a pilot boarding place of this port': 'unknown_pilot_boarding_place',
  'You can only book calls for your own company': 'own_company_only',
  'You can only book calls as their agent': 'own_agency_only',
  'Choose a pilot boarding place first': 'pilot_boarding_place_first',
};
const PATTERNS: { pattern: RegExp; key: TProblemKey; name: string }[] = [
  { pattern: /^The berth must lie on the quay \(0 to ([\d.]+) m\)$/, key: 'berth_on_quay', name: 'length' },
  { pattern: /^The berth is shorter than the vessel \(([\d.]+) m\)$/, key: 'berth_shorter_than_vessel', name: 'length' },
];

export function problemMessageOf(message: string): TProblemMessage {
  const exact = EXACT[message];
  if (exact) return { key: exact };
  for (const { pattern, key, name } of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return { key, values: { [name]: match[1]! } };
  }
  return { text: message };
}

export function problemsFromServer(errors: readonly TFieldError[]): TFormProblem[] {
  return errors.map((error) => ({ path: error.path, message: problemMessageOf(error.message) }));
}
