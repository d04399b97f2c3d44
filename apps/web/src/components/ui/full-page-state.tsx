// Whole-screen loader and whole-screen failure with a retry button.
import type { ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';

export function FullPageLoader({ label }: { label?: string }) {
  return (
    <Center h="100dvh" role="status" aria-live="polite" aria-label={label}>
      <Loader color="harbor" type="dots" size="lg" />
    </Center>
  );
}

type TFullPageErrorProps = { message: string; retryLabel: string; onRetry: () => void; children?: ReactNode };

export function FullPageError({ message, retryLabel, onRetry, children }: TFullPageErrorProps) {
  return (
    <Center h="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center" role="alert">
        <ThemeIcon size={56} radius={28} color="orange" variant="light">
          <IconAlertTriangle size={30} stroke={1.6} />
        </ThemeIcon>
        <Text>{message}</Text>
        {children}
        <Button onClick={onRetry} variant="light">
          {retryLabel}
        </Button>
      </Stack>
    </Center>
  );
}
