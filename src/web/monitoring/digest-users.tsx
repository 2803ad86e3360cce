/**
 * Alert e-mails of the client's users (issue 20), for account owners and domain admins: each
 * user with the choice that applies to them, changed in place (the change is audited).
 */
import { Alert, Card, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DIGEST_FREQUENCIES, DIGEST_FREQUENCY_LABELS, type DigestFrequency, type UserDigestChoice } from '#shared/roster-intake';
import { errorMessage } from '../batches/batches-api';
import { digestUsersKey, fetchDigestUsers, saveUserDigest } from './intake-api';

const OPTIONS = DIGEST_FREQUENCIES.map((f) => ({ value: f, label: DIGEST_FREQUENCY_LABELS[f] }));

export function DigestUsersTable() {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: digestUsersKey, queryFn: fetchDigestUsers });
  const save = useMutation({
    mutationFn: (o: { userId: number; frequency: DigestFrequency }) => saveUserDigest(o.userId, o.frequency),
    onSuccess: (row: UserDigestChoice) => {
      queryClient.setQueryData(digestUsersKey, (old: { users: UserDigestChoice[] } | undefined) => (old ? { users: old.users.map((u) => (u.userId === row.userId ? row : u)) } : old));
      // The caller's own choice may be among them.
      void queryClient.invalidateQueries({ queryKey: ['monitoring', 'digest', null] });
    },
  });
  if (list.isError)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorMessage(list.error)}
      </Alert>
    );
  if (!list.data) return null;
  return (
    <Card withBorder padding={0}>
      <Stack gap={4} p="md" pb="xs">
        <Title order={2} size="h4">
          Alert e-mails of your users
        </Title>
        <Text size="sm" c="dimmed">
          As an administrator you choose for each user of your account. A user can still change their own choice, and keeps a
          different choice they made for one roster.
        </Text>
      </Stack>
      {save.isError && (
        <Alert color="red" variant="light" role="alert" mx="md">
          {errorMessage(save.error)}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={340}>
        <Table verticalSpacing="xs" horizontalSpacing="md" aria-label="Alert e-mails of your users">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>User</Table.Th>
              <Table.Th w={200}>Alert e-mails</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.users.map((u) => (
              <Table.Tr key={u.userId}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {u.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                    {u.username} · {u.email || 'no e-mail address'}
                  </Text>
                  {u.rosterChoices > 0 && (
                    <Text size="xs" c="dimmed">
                      Chose otherwise for {u.rosterChoices === 1 ? 'one roster' : `${u.rosterChoices} rosters`}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Alert e-mails for ${u.name}`}
                    data={OPTIONS}
                    value={u.frequency}
                    allowDeselect={false}
                    disabled={save.isPending && save.variables?.userId === u.userId}
                    onChange={(next) => next && next !== u.frequency && save.mutate({ userId: u.userId, frequency: next as DigestFrequency })}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}
