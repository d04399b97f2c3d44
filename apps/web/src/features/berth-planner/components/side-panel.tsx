// A side panel whose body folds away (folded by default on a phone, so the diagram keeps the screen).
import { useState, type ReactNode } from 'react';
import { ActionIcon, Collapse, Group, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { PHONE_MAX_PX } from '../utils/planner-constants';

export function SidePanel({ title, badge, testId, children }: { title: string; badge?: ReactNode; testId: string; children: ReactNode }) {
  const isPhone = useMediaQuery(`(max-width: ${PHONE_MAX_PX}px)`, false, { getInitialValueInEffect: false });
  const [openState, setOpen] = useState<boolean | null>(null);
  const isOpen = openState ?? !isPhone;
  return (
    <Paper withBorder p="xs" data-testid={testId} data-open={String(isOpen)}>
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <Text fw={600} size="sm">
            {title}
          </Text>
          {badge}
        </Group>
        <ActionIcon variant="subtle" size="sm" onClick={() => setOpen(!isOpen)} aria-expanded={isOpen} aria-label={title} data-testid={`${testId}-toggle`}>
          {isOpen ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        </ActionIcon>
      </Group>
      <Collapse in={isOpen} transitionDuration={0}>
        <div style={{ paddingTop: 4 }}>{children}</div>
      </Collapse>
    </Paper>
  );
}
