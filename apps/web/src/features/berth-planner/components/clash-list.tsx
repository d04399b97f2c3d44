// The clashes of the plan shown, each naming its vessels; a click selects the first call of the clash.
import { Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TClash, TPlanClashSummary, TPlannerPortcall } from '@quayline/domain';
import { SidePanel } from './side-panel';

type TQuayPlace = { berth_start_position: number | null; berth_end_position: number | null };

/** Two calls in one 'overlap' clash either share quay metres or only come closer than the clearance. */
function shareQuay(a: TQuayPlace | undefined, b: TQuayPlace | undefined): boolean {
  if (!a || !b || a.berth_start_position === null || a.berth_end_position === null || b.berth_start_position === null || b.berth_end_position === null) return false;
  return a.berth_start_position < b.berth_end_position && b.berth_start_position < a.berth_end_position;
}

export function clashText(clash: TClash, nameOf: (id: number) => string, t: TFunction, placeOf: (id: number) => TQuayPlace | undefined = () => undefined): string {
  switch (clash.kind) {
    case 'overlap': {
      const [a, b] = clash.callIds;
      const key = shareQuay(placeOf(a), placeOf(b)) ? 'berthPlanner.clashes.overlap_quay' : 'berthPlanner.clashes.overlap';
      return t(key, { a: nameOf(a), b: nameOf(b) });
    }
    case 'block_zone':
      return t('berthPlanner.clashes.block_zone', { vessel: nameOf(clash.callIds[0]) });
    case 'too_shallow':
      return t('berthPlanner.clashes.too_shallow', { vessel: nameOf(clash.callIds[0]), depth: clash.waterDepth, draft: clash.draft });
    case 'outside_quay':
      return t('berthPlanner.clashes.outside_quay', { vessel: nameOf(clash.callIds[0]) });
    case 'not_a_berth':
      return t('berthPlanner.clashes.not_a_berth', { vessel: nameOf(clash.callIds[0]) });
    default: {
      const unreachable: never = clash;
      return unreachable;
    }
  }
}

/** A long list costs layout on every change; the rest is counted, and the cards show every clash anyway. */
export const CLASH_LIST_LIMIT = 50;

export function ClashList({ clashes, callsById, onSelect }: { clashes: TPlanClashSummary; callsById: ReadonlyMap<number, TPlannerPortcall>; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const nameOf = (id: number) => callsById.get(id)?.vessel_name ?? `#${id}`;
  return (
    <SidePanel
      title={t('berthPlanner.clashes.title')}
      testId="planner-clash-list"
      badge={
        <Badge color={clashes.total ? 'red' : 'gray'} size="sm" variant="light">
          {clashes.total}
        </Badge>
      }
    >
      {clashes.total === 0 ? (
        <Text size="xs" c="dimmed">
          {t('berthPlanner.clashes.none')}
        </Text>
      ) : (
        <Stack gap={2} mah={200} style={{ overflowY: 'auto' }}>
          {clashes.first.map((clash, i) => (
            <UnstyledButton key={`${clash.kind}-${clash.callIds.join('-')}-${i}`} data-testid="planner-clash" data-kind={clash.kind} data-portcall-ids={clash.callIds.join(',')} onClick={() => onSelect(clash.callIds[0])} style={{ fontSize: 12, color: 'var(--mantine-color-red-8)' }}>
              {clashText(clash, nameOf, t, (id) => callsById.get(id))}
            </UnstyledButton>
          ))}
          {clashes.total > clashes.first.length && (
            <Text size="xs" c="dimmed" data-testid="planner-clash-more">
              {t('berthPlanner.clashes.more', { count: clashes.total - clashes.first.length })}
            </Text>
          )}
        </Stack>
      )}
    </SidePanel>
  );
}
