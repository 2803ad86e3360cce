/** One client: settings, disable / re-enable behind a confirmation, and its change history. */
import { useState } from 'react';
import { Badge, Button, Divider, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ClientDetail } from '#shared/admin';
import { adminKeys, fetchClient, fetchClientHistory, setClientEnabled, useAdminChange } from './admin-api';
import { LoadState } from './admin-frame';
import { ClientSettingsForm } from './client-settings-form';
import { ConfirmDialog } from '../components/confirm-dialog';
import { HistoryTable } from './history-table';
import { STATE_COLORS, STATE_LABELS } from './labels';

export function ClientModal({ clientId, onClose }: { clientId: number; onClose: () => void }) {
  const client = useQuery({ queryKey: adminKeys.client(clientId), queryFn: () => fetchClient(clientId) });
  return (
    <Modal opened onClose={onClose} title={client.data?.name ?? 'Client'} size="xl" centered>
      {client.data ? <ClientDetails client={client.data} /> : <LoadState isPending={client.isPending} error={client.error} label="Loading the client" />}
    </Modal>
  );
}

function ClientDetails({ client }: { client: ClientDetail }) {
  const [isConfirming, setConfirming] = useState(false);
  const history = useQuery({ queryKey: adminKeys.clientHistory(client.id), queryFn: () => fetchClientHistory(client.id) });
  const isDisabled = client.state === 'disabled';
  const toggle = useAdminChange(
    () => setClientEnabled(client.id, isDisabled),
    (saved) => `${saved.name} ${saved.state === 'disabled' ? 'disabled' : 're-enabled'}.`,
  );

  return (
    <Stack gap="lg">
      <Group gap="xs">
        <Badge color={STATE_COLORS[client.state]} variant="light" tt="none">
          {STATE_LABELS[client.state]}
        </Badge>
        <Text size="sm" c="dimmed">
          {client.domainName} · {client.planType} · {client.usersCount} {client.usersCount === 1 ? 'user' : 'users'}
        </Text>
      </Group>
      <ClientSettingsForm key={`${client.ipAllowlist.join(',')}|${client.privateHelpPage}`} client={client} />
      <Divider />
      <Stack gap="xs">
        <Title order={3} fz="md">
          Access
        </Title>
        <Group justify="space-between" gap="sm">
          <Text size="sm">
            {isDisabled ? 'Nobody of this client can sign in.' : 'Disabling signs every user of this client out at once.'}
          </Text>
          <Button color={isDisabled ? undefined : 'red'} variant={isDisabled ? 'filled' : 'outline'} onClick={() => setConfirming(true)}>
            {isDisabled ? 'Re-enable client' : 'Disable client'}
          </Button>
        </Group>
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} fz="md">
          History
        </Title>
        {history.data ? <HistoryTable entries={history.data} /> : <LoadState isPending={history.isPending} error={history.error} label="Loading the history" />}
      </Stack>
      <ConfirmDialog
        opened={isConfirming}
        title={isDisabled ? `Re-enable ${client.name}?` : `Disable ${client.name}?`}
        confirmLabel={isDisabled ? 'Re-enable' : 'Disable'}
        isDanger={!isDisabled}
        isBusy={toggle.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => toggle.mutate(undefined, { onSettled: () => setConfirming(false) })}
      >
        {isDisabled
          ? 'Its users can sign in again.'
          : `All ${client.usersCount} users of ${client.name} are signed out now and cannot sign in until you re-enable it.`}
      </ConfirmDialog>
    </Stack>
  );
}
