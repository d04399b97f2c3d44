// Up, down and remove for one row of an ordered list (rotation stops, vessels in turn).
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type TListMoveButtonsProps = { index: number; count: number; onMove: (from: number, to: number) => void; onRemove: (index: number) => void; removeLabel: string; testId: string };

export function ListMoveButtons({ index, count, onMove, onRemove, removeLabel, testId }: TListMoveButtonsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label={t('voyageTemplates.form.move_up')}>
        <ActionIcon variant="subtle" color="navy" disabled={index === 0} onClick={() => onMove(index, index - 1)} aria-label={t('voyageTemplates.form.move_up')} data-testid={`${testId}-up`}>
          <IconArrowUp size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t('voyageTemplates.form.move_down')}>
        <ActionIcon variant="subtle" color="navy" disabled={index === count - 1} onClick={() => onMove(index, index + 1)} aria-label={t('voyageTemplates.form.move_down')} data-testid={`${testId}-down`}>
          <IconArrowDown size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={removeLabel}>
        <ActionIcon variant="subtle" color="red" onClick={() => onRemove(index)} aria-label={removeLabel} data-testid={`${testId}-remove`}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The order after moving one item: new position -> old index, so problems can follow their rows. */
export function movedOrder(count: number, from: number, to: number): number[] {
  const order = Array.from({ length: count }, (_, i) => i);
  const [item] = order.splice(from, 1);
  order.splice(to, 0, item!);
  return order;
}

export function removedOrder(count: number, index: number): number[] {
  return Array.from({ length: count }, (_, i) => i).filter((i) => i !== index);
}

export function reorder<T>(list: readonly T[], order: readonly number[]): T[] {
  return order.map((i) => list[i]!);
}
