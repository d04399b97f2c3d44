// Translation keys and colours of the voyage center's enumerations, in one place.
import type { TPortcallStatus, TScheduleSyncState, TSyncChange, TSyncRun, TVoyageSource } from '@quayline/domain';

export const SOURCE_COLOURS: Record<TVoyageSource, string> = { template: 'grape', gnet: 'blue', portcast: 'cyan', manual: 'gray' };
export const sourceKey = (source: TVoyageSource) => `voyageCenter.sources.${source}` as const;

export const syncStateKey = (state: TScheduleSyncState) => `voyageCenter.sync_states.${state}` as const;
export const SYNC_STATE_COLOURS: Record<TScheduleSyncState, string> = { schedule_syncable: 'teal', schedule_syncable_inactive: 'orange' };

export const changeKindKey = (kind: TSyncChange['kind']) => `voyageCenter.change_kinds.${kind}` as const;
export const outcomeKey = (outcome: TSyncRun['outcome']) => `voyageCenter.outcomes.${outcome}` as const;
export const OUTCOME_COLOURS: Record<TSyncRun['outcome'], string> = { running: 'blue', success: 'teal', failed: 'red' };
export const triggerKey = (trigger: TSyncRun['trigger']) => `voyageCenter.triggers.${trigger}` as const;

const STATUS_KEYS = {
  Cancelled: 'cancelled',
  Departed: 'departed',
  'Cargo Ops': 'cargo_ops',
  Berthed: 'berthed',
  'Arrived at PBP': 'arrived_at_pbp',
  Approaching: 'approaching',
} as const satisfies Record<TPortcallStatus, string>;
/** The port-call status names the port-call screens use, so a call reads the same everywhere. */
export const portcallStatusKey = (status: TPortcallStatus) => `portcalls.statuses.${STATUS_KEYS[status]}` as const;

/** Changes of a run counted by kind, in the order the schema lists the kinds. */
export function countChangesByKind(changes: readonly TSyncChange[]): { kind: TSyncChange['kind']; count: number }[] {
  const counts = new Map<TSyncChange['kind'], number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => ({ kind, count }));
}
