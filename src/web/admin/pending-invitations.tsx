/**
 * Pending invitations of the Users page (issue 19 item 4): who was invited to which team, by
 * whom, when, and until when; Resend mails a new link, Revoke ends it. Both are confirmed.
 */
import { useState } from 'react';
import { Button, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { INVITATION_MESSAGES, type PendingInvitation } from '#shared/invitations';
import { adminKeys, fetchInvitations, resendInvitation, revokeInvitation, useAdminChange } from './admin-api';
import { LoadState } from './admin-frame';
import { ConfirmDialog } from '../components/confirm-dialog';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });

type Action = { kind: 'resend' | 'revoke'; invitation: PendingInvitation };

export function PendingInvitations({ clientId }: { clientId?: number }) {
  const list = useQuery({ queryKey: adminKeys.invitations(clientId), queryFn: () => fetchInvitations(clientId) });
  const [open, setOpen] = useState<Action | null>(null);
  const close = () => setOpen(null);
  const resend = useAdminChange((i: PendingInvitation) => resendInvitation(i.id), (answer) => answer.message);
  const revoke = useAdminChange((i: PendingInvitation) => revokeInvitation(i.id), (answer) => answer.message);
  const invitation = open?.invitation;

  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-invitations" mt="xl">
      <Title order={2} fz="lg" id="pending-invitations">
        Pending invitations
      </Title>
      {!list.data ? (
        <LoadState isPending={list.isPending} error={list.error} label="Loading invitations" />
      ) : list.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No invitations are waiting to be accepted.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={860}>
          <Table striped verticalSpacing="sm" aria-label="Pending invitations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invitee</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Sent by</Table.Th>
                <Table.Th>Sent at</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((row) => (
                <Table.Tr key={row.id} data-invitee={row.inviteeEmail}>
                  <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {row.inviteeEmail}
                  </Table.Td>
                  <Table.Td>{row.teamName}</Table.Td>
                  <Table.Td>{row.sentBy}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row.sentAt)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(row.expiresAt)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap" justify="flex-end">
                      <Button size="compact-sm" variant="default" aria-label={`Resend to ${row.inviteeEmail}`} onClick={() => setOpen({ kind: 'resend', invitation: row })}>
                        Resend
                      </Button>
                      <Button size="compact-sm" variant="light" color="red" aria-label={`Revoke for ${row.inviteeEmail}`} onClick={() => setOpen({ kind: 'revoke', invitation: row })}>
                        Revoke
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ConfirmDialog
        opened={open?.kind === 'resend'}
        title="Resend the invitation?"
        confirmLabel="Resend"
        isBusy={resend.isPending}
        onClose={close}
        onConfirm={() => invitation && resend.mutate(invitation, { onSuccess: close })}
      >
        {invitation && `We e-mail ${invitation.inviteeEmail} a new link, valid for 14 days. The link sent before stops working.`}
      </ConfirmDialog>
      <ConfirmDialog
        opened={open?.kind === 'revoke'}
        title="Revoke the invitation?"
        confirmLabel="Revoke"
        isDanger
        isBusy={revoke.isPending}
        onClose={close}
        onConfirm={() => invitation && revoke.mutate(invitation, { onSuccess: close })}
      >
        {invitation && INVITATION_MESSAGES.revokeQuestion(invitation.inviteeEmail)}
      </ConfirmDialog>
    </Stack>
  );
}
