/** The users of a client, one row each, with the changes an administrator can make. */
import { Badge, Button, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import type { AdminUser } from '#shared/admin';
import { roleLabel } from './labels';

export type UserAction = 'roles' | 'team' | 'active' | 'history';

export interface UsersTableProps {
  users: AdminUser[];
  onAction: (action: UserAction, user: AdminUser) => void;
}

export function UsersTable({ users, onAction }: UsersTableProps) {
  if (users.length === 0) return <Text c="dimmed">This client has no users yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={1100}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Users">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Username</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>E-mail</Table.Th>
            <Table.Th>Team</Table.Th>
            <Table.Th>Roles</Table.Th>
            <Table.Th>Active</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((user) => (
            <Table.Tr key={user.id} data-username={user.username}>
              <Table.Td fw={600}>{user.username}</Table.Td>
              <Table.Td>{`${user.firstName} ${user.lastName}`.trim()}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.email}</Table.Td>
              <Table.Td>{user.teamName ?? '—'}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {user.roles.length === 0 ? <Text size="sm" c="dimmed">None</Text> : null}
                  {user.roles.map((role) => (
                    <Badge key={role} variant="light" size="sm" radius="sm" tt="none">
                      {roleLabel(role)}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>
                <ActiveBadge user={user} />
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap" justify="flex-end">
                  <UserActions user={user} onAction={onAction} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function ActiveBadge({ user }: { user: AdminUser }) {
  // A minimum width: a squeezed table cell would otherwise cut the word to "Ac…".
  return (
    <Badge color={user.isActive ? 'green' : 'gray'} variant={user.isActive ? 'light' : 'outline'} tt="none" miw={76}>
      {user.isActive ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** The buttons of one user, labelled with the username for assistive technology. */
export function UserActions({ user, onAction }: { user: AdminUser; onAction: UsersTableProps['onAction'] }) {
  return (
    <>
      <RowButton label="Roles" user={user} onClick={() => onAction('roles', user)} />
      <RowButton label="Team" user={user} onClick={() => onAction('team', user)} />
      <RowButton label="History" user={user} onClick={() => onAction('history', user)} />
      <RowButton
        label={user.isActive ? 'Deactivate' : 'Reactivate'}
        color={user.isActive ? 'red' : undefined}
        user={user}
        onClick={() => onAction('active', user)}
      />
    </>
  );
}

function RowButton({ label, user, color, onClick }: { label: string; user: AdminUser; color?: string; onClick: () => void }) {
  return (
    <Button size="compact-sm" variant="subtle" color={color} aria-label={`${label} ${user.username}`} onClick={onClick}>
      {label}
    </Button>
  );
}
