/** Frame of the public information pages: a readable column, a title and a lead paragraph. */
import type { ReactNode } from 'react';
import { Anchor, Container, Stack, Text, Title } from '@mantine/core';

export interface InfoPageProps {
  title: string;
  lead: ReactNode;
  children: ReactNode;
  wide?: boolean;
}

export function InfoPage({ title, lead, children, wide = false }: InfoPageProps) {
  return (
    <Container size={wide ? 1100 : 820} px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          <Text size="lg" c="dimmed">
            {lead}
          </Text>
        </Stack>
        {children}
      </Stack>
    </Container>
  );
}

/** A titled section of an information page. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs">
      <Title order={2} fz={{ base: 21, sm: 24 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** A link that leaves Clearlist, opened in a new tab and said so to screen readers. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
      <span className="visually-hidden-external"> (opens in a new tab)</span>
    </Anchor>
  );
}
