// What a sync run changed, counted by kind, as small badges.
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TSyncChange } from '@quayline/domain';
import { changeKindKey, countChangesByKind } from '../utils/labels';

export function ChangeCounts({ changes, testId }: { changes: readonly TSyncChange[]; testId: string }) {
  const { t } = useTranslation();
  const counts = countChangesByKind(changes);
  if (counts.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={testId}>
        {t('voyageCenter.runs.no_changes')}
      </Text>
    );
  return (
    <Group gap={6} data-testid={testId}>
      {counts.map(({ kind, count }) => (
        <Badge key={kind} variant="light" color={kind === 'proposal' ? 'orange' : 'navy'} radius="sm" tt="none" data-testid={`${testId}-${kind}`}>
          {t(changeKindKey(kind))}: {count}
        </Badge>
      ))}
    </Group>
  );
}
