// A titled card of the voyage-center screens.
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Title } from '@mantine/core';

type TSectionCardProps = { id: string; title: string; icon?: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string };

export function SectionCard({ id, title, icon, actions, children, testId }: TSectionCardProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id} data-testid={testId} style={{ minWidth: 0 }}>
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
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
