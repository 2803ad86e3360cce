/** The Clearlist mark and word, linking to the landing page. */
import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' }) {
  const mark = size === 'lg' ? 30 : 24;
  return (
    <UnstyledButton component={Link} to="/" aria-label="Clearlist home">
      <Group gap={8} wrap="nowrap">
        <svg width={mark} height={mark} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="8" fill="var(--mantine-color-brand-7)" />
          <path d="M9 16.5l4.5 4.5L23 11" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <Text fw={700} fz={size === 'lg' ? 22 : 18} c="brand.9" style={{ letterSpacing: '-0.02em' }}>
          Clearlist
        </Text>
      </Group>
    </UnstyledButton>
  );
}
