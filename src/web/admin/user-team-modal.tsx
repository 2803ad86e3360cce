/** Moves a user to another team of the same client. */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import type { AdminUser } from '#shared/admin';
import { moveUser, useAdminChange } from './admin-api';

export interface UserTeamModalProps {
  user: AdminUser;
  teams: { id: number; name: string }[];
  onClose: () => void;
}

export function UserTeamModal({ user, teams, onClose }: UserTeamModalProps) {
  const [teamId, setTeamId] = useState<string | null>(user.teamId ? String(user.teamId) : null);
  const change = useAdminChange((id: number) => moveUser(user.id, id), (moved) => `${moved.username} moved to ${moved.teamName}.`);
  const isUnchanged = teamId === null || Number(teamId) === user.teamId;

  return (
    <Modal opened onClose={onClose} title={`Team of ${user.username}`} centered>
      <Stack gap="md">
        <Select
          label="Team"
          data={teams.map((team) => ({ value: String(team.id), label: team.name }))}
          value={teamId}
          onChange={setTeamId}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
        {teams.length < 2 && <Text size="sm" c="dimmed">This client has one team; create another on the Teams page first.</Text>}
        <Text size="sm" c="dimmed">
          A team owner who moves stops owning their old team.
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={isUnchanged} loading={change.isPending} onClick={() => change.mutate(Number(teamId), { onSuccess: onClose })}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
