/** Users (/admin/userManagement): a client's users, their roles, team and active state, and history. */
import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { AdminUser } from '#shared/admin';
import { useCurrentUser } from '../app/current-user';
import { adminKeys, fetchUsers, setUserActive, useAdminChange } from './admin-api';
import { AdminFrame, LoadState } from './admin-frame';
import { ClientPicker, useChosenClientId } from './client-picker';
import { ConfirmDialog } from '../components/confirm-dialog';
import { InviteCoworkerModal } from './invite-coworker-modal';
import { PendingInvitations } from './pending-invitations';
import { UserCards } from './user-cards';
import { UserHistoryModal } from './user-history-modal';
import { UserRolesModal } from './user-roles-modal';
import { UserTeamModal } from './user-team-modal';
import { UsersTable, type UserAction } from './users-table';

export function UsersPage() {
  const { data: me } = useCurrentUser();
  const isSystemAdmin = me?.roles.includes('system_admin_user') ?? false;
  const [chosenClientId, chooseClient] = useChosenClientId();
  const clientId = isSystemAdmin ? chosenClientId : undefined;
  const list = useQuery({ queryKey: adminKeys.users(clientId), queryFn: () => fetchUsers(clientId) });
  const Listing = useMediaQuery('(max-width: 48em)') ? UserCards : UsersTable;
  const [open, setOpen] = useState<{ action: UserAction; user: AdminUser } | null>(null);
  const [isInviting, setInviting] = useState(false);
  // Invitations join the inviter's own client: not offered while a system admin looks at another client.
  const canInvite = Boolean(list.data) && (!isSystemAdmin || list.data?.client.name === me?.clientName);
  const close = () => setOpen(null);
  const toggle = useAdminChange(
    (user: AdminUser) => setUserActive(user.id, !user.isActive),
    (user) => `${user.username} ${user.isActive ? 'reactivated' : 'deactivated'}.`,
  );

  const picker = isSystemAdmin && list.data ? <ClientPicker value={list.data.client.id} onChange={chooseClient} /> : undefined;
  const actions = (
    <Group gap="sm" align="flex-end">
      {picker}
      {canInvite && <Button onClick={() => setInviting(true)}>Invite co-worker</Button>}
    </Group>
  );
  const user = open?.user;
  return (
    <AdminFrame
      title="Users"
      lead={list.data ? `People who can sign in to ${list.data.client.name}, their roles and teams.` : 'People who can sign in, their roles and teams.'}
      actions={actions}
    >
      {list.data ? (
        <Listing users={list.data.users} onAction={(action, u) => setOpen({ action, user: u })} />
      ) : (
        <LoadState isPending={list.isPending} error={list.error} label="Loading users" />
      )}
      {list.data && <PendingInvitations clientId={clientId} />}
      {user && open.action === 'roles' && (
        <UserRolesModal user={user} isSelf={user.username === me?.userName} isSystemAdmin={isSystemAdmin} onClose={close} />
      )}
      {user && open.action === 'team' && <UserTeamModal user={user} teams={list.data?.teams ?? []} onClose={close} />}
      {user && open.action === 'history' && <UserHistoryModal user={user} onClose={close} />}
      {isInviting && <InviteCoworkerModal teams={list.data?.teams ?? []} onClose={() => setInviting(false)} />}
      <ConfirmDialog
        opened={open?.action === 'active'}
        title={user?.isActive ? `Deactivate ${user.username}?` : `Reactivate ${user?.username ?? ''}?`}
        confirmLabel={user?.isActive ? 'Deactivate' : 'Reactivate'}
        isDanger={user?.isActive}
        isBusy={toggle.isPending}
        onClose={close}
        onConfirm={() => user && toggle.mutate(user, { onSuccess: close })}
      >
        {user?.isActive
          ? 'They are signed out at once and cannot sign in until an administrator reactivates them.'
          : 'They can sign in again with their current password.'}
      </ConfirmDialog>
    </AdminFrame>
  );
}
