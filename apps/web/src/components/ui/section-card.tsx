// A titled card of a screen: a section with its heading, an optional icon and actions beside the title.
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

type TSectionCardProps = {
  id: string;
  title: string;
  icon?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  testId?: string;
  /** Lets wide actions move below the title on a narrow screen instead of squeezing it. */
  isHeaderWrapping?: boolean;
};

export function SectionCard({ id, title, icon, actions, children, testId, isHeaderWrapping = false }: TSectionCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id} data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm" wrap={isHeaderWrapping ? 'wrap' : 'nowrap'}>
          <Group gap="sm" wrap="nowrap">
            {icon}
            <Title order={2} size="h4" c="navy.9" id={id}>
              {title}
            </Title>
          </Group>
          {actions}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
