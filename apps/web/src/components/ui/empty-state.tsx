// A calm placeholder for a screen or list that has nothing to show yet.
import type { ReactNode } from 'react';
import { Badge, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

type TEmptyStateProps = { icon: ReactNode; title: string; description: string; badge?: string; children?: ReactNode; testId?: string };

export function EmptyState({ icon, title, description, badge, children, testId }: TEmptyStateProps) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} data-testid={testId}>
      <Stack align="center" gap="sm" maw={520} mx="auto" ta="center">
        <ThemeIcon size={64} radius={32} variant="light" color="harbor">
          {icon}
        </ThemeIcon>
        {badge && (
          <Badge variant="light" color="navy" radius="sm">
            {badge}
          </Badge>
        )}
        <Title order={3} size="h4">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        {children}
      </Stack>
    </Paper>
  );
}
