// A port call's status, derived from the labels of its times: it follows the actual times.
import type { TTimeLabel } from './negotiation';
import type { TPortcallStatus } from './schemas/portcall';

export type TStatusInput = {
  isCancelled: boolean;
  berthArrivalLabel: TTimeLabel | null;
  berthDepartureLabel: TTimeLabel | null;
  pilotArrivalLabel: TTimeLabel | null;
  cargoOperationsStarted: boolean;
};

/** The status follows the actual times: departed, then cargo operations, berthed, arrived at the pilot boarding place. */
export function deriveStatus(s: TStatusInput): TPortcallStatus {
  if (s.isCancelled) return 'Cancelled';
  if (s.berthDepartureLabel === 'actual') return 'Departed';
  if (s.berthArrivalLabel === 'actual' && s.cargoOperationsStarted) return 'Cargo Ops';
  if (s.berthArrivalLabel === 'actual') return 'Berthed';
  if (s.pilotArrivalLabel === 'actual') return 'Arrived at PBP';
  return 'Approaching';
}
