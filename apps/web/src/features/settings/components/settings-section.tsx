// One titled card on the settings screen.
import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';

type TSettingsSectionProps = { icon: ReactNode; title: string; description: string; children: ReactNode; testId: string };

export function SettingsSection({ icon, title, description, children, testId }: TSettingsSectionProps) {
  const headingId = `${testId}-title`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId} data-testid={testId}>
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={40} radius="md" variant="light" color="harbor">
            {icon}
          </ThemeIcon>
          <Stack gap={2}>
            <Title order={2} size="h4" id={headingId} c="navy.9">
              {title}
            </Title>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
