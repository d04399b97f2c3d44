// The checks of a port call's times and place on the quay (spec section 3 leaves the rules open; these are ours).
export type TFieldProblem = { path: string; message: string };

/** Business validation of a port call's times and place (spec section 3; the spec leaves the rules open, these are ours). */
export function validatePortcallWindow(p: {
  berth_arrival: string;
  berth_departure: string;
  cargo_operations_start?: string | null;
  cargo_operations_end?: string | null;
  pilot_boarding_place_arrival?: string | null;
  berth_start_position?: number | null;
  berth_end_position?: number | null;
  quayLength: number;
  vesselLength: number;
}): TFieldProblem[] {
  const problems: TFieldProblem[] = [];
  const arrival = Date.parse(p.berth_arrival);
  const departure = Date.parse(p.berth_departure);
  if (!(departure > arrival)) problems.push({ path: 'berth_departure', message: 'Berth departure must be after berth arrival' });
  const start = p.cargo_operations_start ? Date.parse(p.cargo_operations_start) : null;
  const end = p.cargo_operations_end ? Date.parse(p.cargo_operations_end) : null;
  if (start !== null && (start < arrival || start > departure)) problems.push({ path: 'cargo_operations_start', message: 'Cargo operations must start inside the berth window' });
  if (end !== null && (end < arrival || end > departure)) problems.push({ path: 'cargo_operations_end', message: 'Cargo operations must end inside the berth window' });
  if (start !== null && end !== null && end <= start) problems.push({ path: 'cargo_operations_end', message: 'Cargo operations must end after they start' });
  if (p.pilot_boarding_place_arrival && Date.parse(p.pilot_boarding_place_arrival) > arrival) {
    problems.push({ path: 'pilot_boarding_place_arrival', message: 'The pilot boards before the vessel reaches the berth' });
  }
  const hasStart = p.berth_start_position !== null && p.berth_start_position !== undefined;
  const hasEnd = p.berth_end_position !== null && p.berth_end_position !== undefined;
  if (hasStart !== hasEnd) problems.push({ path: hasStart ? 'berth_end_position' : 'berth_start_position', message: 'Give both ends of the berth position' });
  if (hasStart && hasEnd) {
    const s = p.berth_start_position!;
    const e = p.berth_end_position!;
    if (e <= s) problems.push({ path: 'berth_end_position', message: 'The berth end must be after its start' });
    if (s < 0 || e > p.quayLength) problems.push({ path: 'berth_end_position', message: `The berth must lie on the quay (0 to ${p.quayLength} m)` });
    if (e - s < p.vesselLength) problems.push({ path: 'berth_end_position', message: `The berth is shorter than the vessel (${p.vesselLength} m)` });
  }
  return problems;
}

/**
 * The problems a change brings that the call did not have before. Times are negotiated one at a time, so a call can
 * hold an agreed berth time earlier than its pilot time for a while; a write that leaves those times alone (a
 * comment, a berth place) must not be refused for it, while a write that makes a new problem still is.
 */
export function introducedWindowProblems(before: TFieldProblem[], after: TFieldProblem[]): TFieldProblem[] {
  const had = new Set(before.map((p) => `${p.path}|${p.message}`));
  return after.filter((p) => !had.has(`${p.path}|${p.message}`));
}
