// The Quayline mark (an anchor over a quay wave) with the product name beside it.
import { Group, Text, type MantineSize } from '@mantine/core';

type TLogoProps = { name: string; size?: MantineSize; inverted?: boolean; markSize?: number };

export function LogoMark({ size = 32, inverted = false }: { size?: number; inverted?: boolean }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill={inverted ? '#ffffff' : '#0b2545'} />
      <path
        d="M16 8.5v14.5M11.5 12h9M8.5 17.5c0 4.6 3.4 7.5 7.5 7.5s7.5-2.9 7.5-7.5"
        fill="none"
        stroke={inverted ? '#0b2545' : '#5cc0c9'}
        strokeWidth="2.4"
        strokeLinecap="round"
      />
      <circle cx="16" cy="7.2" r="2" fill="none" stroke={inverted ? '#0b2545' : '#5cc0c9'} strokeWidth="1.9" />
    </svg>
  );
}

export function Logo({ name, size = 'lg', inverted = false, markSize = 32 }: TLogoProps) {
  return (
    <Group gap={10} wrap="nowrap">
      <LogoMark size={markSize} inverted={inverted} />
      <Text component="span" fw={700} size={size} c={inverted ? 'white' : 'navy.9'} style={{ letterSpacing: '-0.01em' }}>
        {name}
      </Text>
    </Group>
  );
}
