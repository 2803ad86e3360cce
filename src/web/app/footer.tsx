/** Footer: company address, copyright with the current year, and the public information pages. */
import { Anchor, Box, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { COMPANY } from './company';

const FOOTER_LINKS = [
  { to: '/lists', label: 'Lists we search' },
  { to: '/why-monthly', label: 'Why search monthly' },
  { to: '/automation', label: 'Automation' },
  { to: '/privacy', label: 'Privacy policy' },
];

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box
      component="footer"
      data-print="hide"
      mt="xl"
      px={{ base: 'sm', sm: 'lg' }}
      py="lg"
      style={{ borderTop: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }}
    >
      <Group justify="space-between" align="flex-start" gap="lg" maw={1200} mx="auto">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {COMPANY.name}
          </Text>
          <Text size="sm" component="address" style={{ fontStyle: 'normal' }}>
            {COMPANY.street}
            <br />
            {COMPANY.city}
          </Text>
          <Text size="sm" c="dimmed" mt={6}>
            © {year} {COMPANY.name} All rights reserved.
          </Text>
        </Stack>
        <Box component="nav" aria-label="About Clearlist">
          <Group component="ul" gap="lg" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {FOOTER_LINKS.map((link) => (
              <li key={link.to}>
                <Anchor component={Link} to={link.to} size="sm">
                  {link.label}
                </Anchor>
              </li>
            ))}
          </Group>
        </Box>
      </Group>
    </Box>
  );
}
