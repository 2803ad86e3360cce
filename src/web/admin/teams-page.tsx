/**
 * /admin/domainHierarchy: "Teams" for a multi-team client (list, create, rename, owner) and
 * "Team Settings" for a single-team client (its one team's name and owner).
 */
import { useState } from 'react';
import { Anchor, Button, Card, Modal, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { AdminTeam, TeamList } from '#shared/admin';
import { useCurrentUser } from '../app/current-user';
import { adminKeys, fetchTeams } from './admin-api';
import { AdminFrame, LoadState } from './admin-frame';
import { ClientPicker, useChosenClientId } from './client-picker';
import { CreateTeamModal } from './create-team-modal';
import { formatDate } from './labels';
import { ReviewThresholdCard } from './review-threshold-card';
import { TeamForm } from './team-form';

export function TeamsPage() {
  const { data: me } = useCurrentUser();
  const isSystemAdmin = me?.roles.includes('system_admin_user') ?? false;
  const [chosenClientId, chooseClient] = useChosenClientId();
  const clientId = isSystemAdmin ? chosenClientId : undefined;
  const list = useQuery({ queryKey: adminKeys.teams(clientId), queryFn: () => fetchTeams(clientId) });
  const [isCreating, setCreating] = useState(false);
  const [editing, setEditing] = useState<AdminTeam | null>(null);

  const data = list.data;
  const isSingle = (data?.client.teamType ?? me?.teamType) === 'SINGLE';
  const picker = isSystemAdmin && data ? <ClientPicker value={data.client.id} onChange={chooseClient} /> : null;
  const create = data && !isSingle ? <Button onClick={() => setCreating(true)}>New team</Button> : null;

  return (
    <AdminFrame
      title={isSingle ? 'Team Settings' : 'Teams'}
      lead={isSingle ? 'The name and owner of your team.' : `The teams of ${data?.client.name ?? 'your account'}. Select a team's name to rename it or choose its owner.`}
      actions={picker || create ? <>{picker}{create}</> : undefined}
    >
      {!data ? (
        <LoadState isPending={list.isPending} error={list.error} label="Loading teams" />
      ) : isSingle ? (
        <SingleTeam list={data} />
      ) : (
        <TeamsTable teams={data.teams} onEdit={setEditing} />
      )}
      {/* The client's own setting: system admins set any client's on Client Admin. */}
      {data && !isSystemAdmin && (
        <div style={{ marginTop: 'var(--mantine-spacing-xl)' }}>
          <ReviewThresholdCard />
        </div>
      )}
      {isCreating && <CreateTeamModal clientId={clientId} onClose={() => setCreating(false)} />}
      {editing && (
        <Modal opened onClose={() => setEditing(null)} title={`Edit ${editing.name}`} centered>
          <TeamForm team={editing} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />
        </Modal>
      )}
    </AdminFrame>
  );
}

function SingleTeam({ list }: { list: TeamList }) {
  const [team] = list.teams;
  if (!team) return <Text c="dimmed">This account has no team yet.</Text>;
  return (
    <Card withBorder padding="lg" radius="md" maw={560}>
      <Text size="sm" c="dimmed" mb="md">
        {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'} · created {formatDate(team.createdAt)}
      </Text>
      <TeamForm key={`${team.id}-${team.name}-${team.ownerUserId}`} team={team} />
    </Card>
  );
}

function TeamsTable({ teams, onEdit }: { teams: AdminTeam[]; onEdit: (team: AdminTeam) => void }) {
  if (teams.length === 0) return <Text c="dimmed">No teams yet. Create the first one with New team.</Text>;
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Teams">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Team</Table.Th>
            <Table.Th ta="right">Members</Table.Th>
            <Table.Th>Owner</Table.Th>
            <Table.Th>Created</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {teams.map((team) => (
            <Table.Tr key={team.id}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} ta="left" aria-label={`Edit ${team.name}`} onClick={() => onEdit(team)}>
                  {team.name}
                </Anchor>
              </Table.Td>
              <Table.Td ta="right">{team.memberCount}</Table.Td>
              <Table.Td>{team.ownerName ?? <Text span c="dimmed" size="sm">No owner</Text>}</Table.Td>
              <Table.Td>{formatDate(team.createdAt)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
