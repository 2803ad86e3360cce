/**
 * The users of a client, one line each: a few role chips (the rest counted, opening the roles),
 * and the changes an administrator can make in a per-row menu (ADR 129).
 */
import { Badge, Button, Group, Menu, Table, Text, VisuallyHidden } from '@mantine/core';
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
    <Table.ScrollContainer minWidth={960}>
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
              <Table.Td fw={600} style={ONE_LINE}>
                {user.username}
              </Table.Td>
              <Table.Td style={ONE_LINE}>{`${user.firstName} ${user.lastName}`.trim()}</Table.Td>
              <Table.Td style={ONE_LINE}>{user.email}</Table.Td>
              <Table.Td style={ONE_LINE}>{user.teamName ?? '—'}</Table.Td>
              <Table.Td>
                <RoleChips user={user} onAction={onAction} />
              </Table.Td>
              <Table.Td>
                <ActiveBadge user={user} />
              </Table.Td>
              <Table.Td>
                <Group wrap="nowrap" justify="flex-end">
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

const ONE_LINE = { whiteSpace: 'nowrap' } as const;

/** Role chips shown on a user's line; more are counted. */
export const CHIPS_AT_MOST = 2;

/** A user's first roles as chips, on one line; "+N more" opens the Roles dialog, which lists them all. */
export function RoleChips({ user, onAction }: { user: AdminUser; onAction: UsersTableProps['onAction'] }) {
  if (user.roles.length === 0) return <Text size="sm" c="dimmed">None</Text>;
  const shown = user.roles.length > CHIPS_AT_MOST + 1 ? user.roles.slice(0, CHIPS_AT_MOST) : user.roles;
  const more = user.roles.length - shown.length;
  return (
    <Group gap={4} wrap="nowrap">
      {shown.map((role) => (
        <Badge key={role} variant="light" size="sm" radius="sm" tt="none" style={{ flexShrink: 0 }}>
          {roleLabel(role)}
        </Badge>
      ))}
      {more > 0 && (
        <Button size="compact-xs" variant="subtle" onClick={() => onAction('roles', user)} title={user.roles.slice(shown.length).map(roleLabel).join(', ')}>
          +{more} more{' '}
          <VisuallyHidden>roles of {user.username}</VisuallyHidden>
        </Button>
      )}
    </Group>
  );
}

/** The changes an administrator can make to one user, in a menu named for the username. */
export function UserActions({ user, onAction }: { user: AdminUser; onAction: UsersTableProps['onAction'] }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="default" aria-label={`Actions for ${user.username}`}>
          Actions
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onAction('roles', user)}>Roles</Menu.Item>
        <Menu.Item onClick={() => onAction('team', user)}>Team</Menu.Item>
        <Menu.Item onClick={() => onAction('history', user)}>History</Menu.Item>
        <Menu.Divider />
        <Menu.Item color={user.isActive ? 'red' : undefined} onClick={() => onAction('active', user)}>
          {user.isActive ? 'Deactivate' : 'Reactivate'}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
