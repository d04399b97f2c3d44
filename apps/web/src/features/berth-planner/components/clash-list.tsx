// The clashes of the plan shown, each naming its vessels; a click selects the first call of the clash.
import { Badge, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TClash, TPortcall } from '@quayline/domain';
import { SidePanel } from './side-panel';

export function clashText(clash: TClash, nameOf: (id: number) => string, t: TFunction): string {
  switch (clash.kind) {
    case 'overlap':
      return t('berthPlanner.clashes.overlap', { a: nameOf(clash.callIds[0]), b: nameOf(clash.callIds[1]) });
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
const LIST_LIMIT = 50;

export function ClashList({ clashes, callsById, onSelect }: { clashes: readonly TClash[]; callsById: ReadonlyMap<number, TPortcall>; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const nameOf = (id: number) => callsById.get(id)?.vessel_name ?? `#${id}`;
  return (
    <SidePanel
      title={t('berthPlanner.clashes.title')}
      testId="planner-clash-list"
      badge={
        <Badge color={clashes.length ? 'red' : 'gray'} size="sm" variant="light">
          {clashes.length}
        </Badge>
      }
    >
      {clashes.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('berthPlanner.clashes.none')}
        </Text>
      ) : (
        <Stack gap={2} mah={200} style={{ overflowY: 'auto' }}>
          {clashes.slice(0, LIST_LIMIT).map((clash, i) => (
            <UnstyledButton key={`${clash.kind}-${clash.callIds.join('-')}-${i}`} data-testid="planner-clash" data-kind={clash.kind} data-portcall-ids={clash.callIds.join(',')} onClick={() => onSelect(clash.callIds[0])} style={{ fontSize: 12, color: 'var(--mantine-color-red-8)' }}>
              {clashText(clash, nameOf, t)}
            </UnstyledButton>
          ))}
          {clashes.length > LIST_LIMIT && (
            <Text size="xs" c="dimmed" data-testid="planner-clash-more">
              {t('berthPlanner.clashes.more', { count: clashes.length - LIST_LIMIT })}
            </Text>
          )}
        </Stack>
      )}
    </SidePanel>
  );
}
