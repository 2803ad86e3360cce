/**
 * /npi/apikeys (api users): the keys of the public API the user sees (their team's, or the
 * whole client's for an account owner or domain admin), creating one and revoking one.
 */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Center, Container, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { ApiKey } from '#shared/api-keys';
import { ConfirmDialog } from '../components/confirm-dialog';
import { showToast } from '../app/toasts';
import { fetchApiKeys, revokeApiKey } from './api-keys-api';
import { CreateKeyModal } from './create-key-modal';

const STATUS = { active: { label: 'Active', color: 'green' }, expired: { label: 'Expired', color: 'gray' }, revoked: { label: 'Revoked', color: 'red' } } as const;
const day = (iso: string | null, empty: string) => (iso ? iso.slice(0, 10) : empty);
const moment = (iso: string | null, empty: string) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : empty);
/** The stored expiry is the first instant the key no longer works: its last day is the day before. */
const lastDay = (iso: string | null) => (iso ? new Date(new Date(iso).getTime() - 1).toISOString().slice(0, 10) : 'Never');

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  const status = STATUS[apiKey.status];
  return (
    <Table.Tr>
      <Table.Td>{apiKey.name}</Table.Td>
      <Table.Td>
        <Text ff="monospace" size="sm">
          {apiKey.prefix}…
        </Text>
      </Table.Td>
      <Table.Td>{apiKey.createdBy}</Table.Td>
      <Table.Td>{day(apiKey.createdAt, '')}</Table.Td>
      <Table.Td>{moment(apiKey.lastUsedAt, 'Never')}</Table.Td>
      <Table.Td>{lastDay(apiKey.expiresAt)}</Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {status.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        {apiKey.status !== 'revoked' && (
          <Button size="xs" variant="subtle" color="red" onClick={() => onRevoke(apiKey)} aria-label={`Revoke ${apiKey.name}`}>
            Revoke
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: ['api-keys'], queryFn: fetchApiKeys });
  const [isCreating, setIsCreating] = useState(false);
  const [toRevoke, setToRevoke] = useState<ApiKey | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['api-keys'] });
  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: (key) => {
      setToRevoke(null);
      showToast(`The key ${key.name} is revoked: calls with it are refused from now on.`, 'success');
      void refresh();
    },
    onError: (error) => showToast(error.message, 'error'),
  });
  const items = keys.data?.items ?? [];

  return (
    <Container size={1100} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>API Key Management</Title>
            <Text c="dimmed">
              Keys let your own systems screen through the Clearlist API, as the person who created them.{' '}
              <Anchor component={Link} to="/npi/apidoc">
                How to use the API
              </Anchor>
            </Text>
          </div>
          <Button onClick={() => setIsCreating(true)}>Create API key</Button>
        </Group>
        {keys.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading the API keys" />
          </Center>
        )}
        {keys.isError && <Alert color="red">The API keys could not be loaded.</Alert>}
        {keys.data && items.length === 0 && (
          <Alert color="brand" variant="light">
            No API keys yet. Create one to call the API from your systems.
          </Alert>
        )}
        {items.length > 0 && (
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover aria-label="API keys">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Key</Table.Th>
                  <Table.Th>Created by</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Last used</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>
                    <span className="visually-hidden-external">Actions</span>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((key) => (
                  <KeyRow key={key.id} apiKey={key} onRevoke={setToRevoke} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <CreateKeyModal opened={isCreating} onClose={() => setIsCreating(false)} onCreated={() => void refresh()} />
      <ConfirmDialog
        opened={toRevoke !== null}
        title="Revoke this API key?"
        confirmLabel="Revoke key"
        isDanger
        isBusy={revoke.isPending}
        onConfirm={() => toRevoke && revoke.mutate(toRevoke)}
        onClose={() => setToRevoke(null)}
      >
        Systems using <strong>{toRevoke?.name}</strong> ({toRevoke?.prefix}…) will be refused at once. This cannot be undone.
      </ConfirmDialog>
    </Container>
  );
}
