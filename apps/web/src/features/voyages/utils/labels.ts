// Translation keys and colours of the voyage center's enumerations, in one place.
import type { TFunction } from 'i18next';
import { SCHEDULE_PROVIDER_NAMES, isScheduleProvider, type TScheduleSyncState, type TSyncChange, type TSyncRun, type TVoyageSource } from '@quayline/domain';

export const SOURCE_COLOURS: Record<TVoyageSource, string> = { template: 'grape', gnet: 'blue', portcast: 'cyan', manual: 'gray' };
/** A provider by its product name, our own sources (template, manual) in the user's language. */
export function sourceLabel(t: TFunction, source: TVoyageSource): string {
  return isScheduleProvider(source) ? SCHEDULE_PROVIDER_NAMES[source] : t(`voyageCenter.sources.${source}`);
}

export const syncStateKey = (state: TScheduleSyncState) => `voyageCenter.sync_states.${state}` as const;
export const SYNC_STATE_COLOURS: Record<TScheduleSyncState, string> = { schedule_syncable: 'teal', schedule_syncable_inactive: 'orange' };

export const changeKindKey = (kind: TSyncChange['kind']) => `voyageCenter.change_kinds.${kind}` as const;
export const outcomeKey = (outcome: TSyncRun['outcome']) => `voyageCenter.outcomes.${outcome}` as const;
export const OUTCOME_COLOURS: Record<TSyncRun['outcome'], string> = { running: 'blue', success: 'teal', failed: 'red' };
export const triggerKey = (trigger: TSyncRun['trigger']) => `voyageCenter.triggers.${trigger}` as const;

/** Changes of a run counted by kind, in the order the schema lists the kinds. */
export function countChangesByKind(changes: readonly TSyncChange[]): { kind: TSyncChange['kind']; count: number }[] {
  const counts = new Map<TSyncChange['kind'], number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => ({ kind, count }));
}
