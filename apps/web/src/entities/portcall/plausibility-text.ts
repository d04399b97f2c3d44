// One sentence per plausibility warning of a call (packages/domain plausibility.ts): the planner card's marker and the
// details screen say the same thing in the same words.
import type { TLocale, TPlausibilityWarning } from '@quayline/domain';
import { formatNumber } from '@/lib/number-format';

export function plausibilityTexts(warnings: readonly TPlausibilityWarning[], format: (key: string, values: Record<string, string | number>) => string, time: (iso: string) => string, locale: TLocale): string[] {
  return warnings.map((w) => {
    switch (w.kind) {
      case 'pilot_after_berth':
        return format('berthPlanner.plausibility.pilot_after_berth', { pilot: time(w.pilotArrival), berth: time(w.berthArrival) });
      case 'draught_differs':
        return format('berthPlanner.plausibility.draught_differs', { declared: formatNumber(w.declared, locale, 2), observed: formatNumber(w.observed, locale, 2) });
      case 'cargo_exceeds_window':
        return format('berthPlanner.plausibility.cargo_exceeds_window', { moves: formatNumber(w.moves, locale, 0), needed: formatNumber(w.hoursNeeded, locale, 1), available: formatNumber(w.hoursAvailable, locale, 1) });
      case 'gangs_above_cranes':
        return format('berthPlanner.plausibility.gangs_above_cranes', { shift: time(w.shiftStart), gangs: w.gangs, cranes: w.cranes });
      case 'rate_above_norm':
        return format('berthPlanner.plausibility.rate_above_norm', { shift: time(w.shiftStart), rate: formatNumber(w.movesPerGangHour, locale, 1), norm: formatNumber(w.norm, locale, 0) });
    }
  });
}
