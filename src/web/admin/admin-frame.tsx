/** Frame of a settings page: title, one line saying what it is for, optional actions, content. */
import type { ReactNode } from 'react';
import { Alert, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { errorMessage } from './admin-api';

export interface AdminFrameProps {
  title: string;
  lead: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminFrame({ title, lead, actions, children }: AdminFrameProps) {
  return (
    <Container size={1200} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              {title}
            </Title>
            <Text c="dimmed">{lead}</Text>
          </Stack>
          {actions}
        </Group>
        {children}
      </Stack>
    </Container>
  );
}

/** What a page shows while its data loads or when it could not be loaded. */
export function LoadState({ isPending, error, label }: { isPending: boolean; error: unknown; label: string }) {
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={label} />
      </Center>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert">
      {errorMessage(error)}
    </Alert>
  );
}
