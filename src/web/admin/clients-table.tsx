/** Every client at a glance; a client's name opens its settings. */
import { Anchor, Badge, Table, Text } from '@mantine/core';
import type { ClientSummary } from '#shared/admin';
import { formatDate, STATE_COLORS, STATE_LABELS } from './labels';

export function ClientsTable({ clients, onOpen }: { clients: ClientSummary[]; onOpen: (client: ClientSummary) => void }) {
  if (clients.length === 0) return <Text c="dimmed">No client matches these filters.</Text>;
  return (
    <Table.ScrollContainer minWidth={980}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Clients">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Client</Table.Th>
            <Table.Th>Domain</Table.Th>
            <Table.Th>Plan</Table.Th>
            <Table.Th>State</Table.Th>
            <Table.Th>Teams</Table.Th>
            <Table.Th>Search options</Table.Th>
            <Table.Th ta="right">Users</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {clients.map((client) => (
            <Table.Tr key={client.id}>
              <Table.Td>
                {/* The name opens the client: on a phone it is the one cell always in view. */}
                <Anchor component="button" type="button" fw={600} ta="left" aria-label={`Open ${client.name}`} onClick={() => onOpen(client)}>
                  {client.name}
                </Anchor>
              </Table.Td>
              <Table.Td>{client.domainName}</Table.Td>
              <Table.Td>{client.planType}</Table.Td>
              <Table.Td>
                <Badge color={STATE_COLORS[client.state]} variant="light" tt="none">
                  {STATE_LABELS[client.state]}
                </Badge>
              </Table.Td>
              <Table.Td>{client.teamType === 'MULTI_TEAM' ? 'Unlimited' : 'Single'}</Table.Td>
              <Table.Td>{client.searchOptions.join(', ') || '—'}</Table.Td>
              <Table.Td ta="right">{client.usersCount}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(client.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
