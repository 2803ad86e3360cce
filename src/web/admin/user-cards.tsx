/** Users on a phone: one card each, so every action is in view without scrolling sideways. */
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { roleLabel } from './labels';
import { ActiveBadge, UserActions, type UsersTableProps } from './users-table';

export function UserCards({ users, onAction }: UsersTableProps) {
  if (users.length === 0) return <Text c="dimmed">This client has no users yet.</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Users">
      {users.map((user) => (
        <Card key={user.id} withBorder padding="md" radius="md" component="li" data-username={user.username}>
          <Stack gap={6}>
            <Group justify="space-between" wrap="nowrap">
              <Text fw={700}>{user.username}</Text>
              <ActiveBadge user={user} />
            </Group>
            <Text size="sm">
              {`${user.firstName} ${user.lastName}`.trim()} · {user.teamName ?? 'No team'}
            </Text>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
            <Group gap={4}>
              {user.roles.map((role) => (
                <Badge key={role} variant="light" size="sm" radius="sm" tt="none">
                  {roleLabel(role)}
                </Badge>
              ))}
            </Group>
            <Group gap={4} mt={4}>
              <UserActions user={user} onAction={onAction} />
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
