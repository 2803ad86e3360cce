/**
 * Files held for approval (ADR 109): each new version that differs too much from the one in use,
 * with the comparison (records, as-of dates, header differences, the changes it would bring),
 * approved or rejected by a system administrator after a confirmation.
 */
import { useState } from 'react';
import { Button, Group, List, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import type { AdminListSource, HeldVersion } from '#shared/lists-admin';
import { ConfirmDialog } from '../components/confirm-dialog';
import { useAdminChange } from './admin-api';
import { CompareModal } from './lists-compare-modal';
import { approveHeldVersion, formatCount, formatWhen, rejectHeldVersion } from './lists-api';

function headerDifference(d: HeldVersion['comparison']['headers'][number]): string {
  if (d.isReordered) return 'the same columns in another order';
  return [d.added.length ? `new ${d.added.join(', ')}` : '', d.removed.length ? `missing ${d.removed.join(', ')}` : ''].filter(Boolean).join('; ');
}

function HeldCard({ list, held }: { list: AdminListSource; held: HeldVersion }) {
  const [isComparing, setComparing] = useState(false);
  const [decision, setDecision] = useState<'approve' | 'reject' | null>(null);
  const [reason, setReason] = useState('');
  const approve = useAdminChange(approveHeldVersion, (r) => r.message);
  const reject = useAdminChange(rejectHeldVersion, (r) => r.message);
  const c = held.comparison;
  const titleId = `held-${list.source}`;
  return (
    <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-orange-5)' }} role="region" aria-labelledby={titleId} data-held={list.source}>
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5" id={titleId}>
            {list.title}: a new file is held for your approval
          </Title>
          <Text size="sm" c="dimmed">
            Downloaded {formatWhen(held.fetchedAt)} as version {held.id} ({held.fileNames.join(', ')}). Searches keep using version {c.against} until it is approved.
          </Text>
        </div>
        <List size="sm" c="orange.9" aria-label="Why it is held">
          {c.reasons.map((r) => (
            <List.Item key={r.kind + r.words}>{r.words[0].toUpperCase() + r.words.slice(1)}.</List.Item>
          ))}
        </List>
        <Table.ScrollContainer minWidth={320} maw={760}>
          <Table aria-label={`Version ${held.id} compared with version ${c.against}`} withTableBorder verticalSpacing={4} fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                <Table.Th>In use (v{c.against})</Table.Th>
                <Table.Th>New file (v{held.id})</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th scope="row">Records</Table.Th>
                <Table.Td>{formatCount(c.records.before)}</Table.Td>
                <Table.Td>{formatCount(c.records.after)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">As of</Table.Th>
                <Table.Td>{c.asOf.before ?? 'not stated'}</Table.Td>
                <Table.Td>{c.asOf.after ?? 'not stated'}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Header</Table.Th>
                <Table.Td colSpan={2}>{c.headers.length === 0 ? 'the same' : c.headers.map((h) => `${h.file}: ${headerDifference(h)}`).join(' · ')}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th scope="row">Changes</Table.Th>
                <Table.Td colSpan={2}>
                  {formatCount(held.added)} added, {formatCount(held.removed)} removed, {formatCount(held.changed)} changed, {formatCount(held.reinstated)} reinstated
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="xs" justify="flex-end">
          <Button variant="subtle" size="xs" onClick={() => setComparing(true)}>
            See the changes
          </Button>
          <Button variant="outline" color="red" size="xs" onClick={() => setDecision('reject')} aria-label={`Reject version ${held.id} of ${list.title}`}>
            Reject
          </Button>
          <Button color="teal" size="xs" onClick={() => setDecision('approve')} aria-label={`Approve version ${held.id} of ${list.title}`}>
            Approve
          </Button>
        </Group>
      </Stack>
      {isComparing && <CompareModal versionId={held.id} title={list.title} onClose={() => setComparing(false)} />}
      <ConfirmDialog
        opened={decision === 'approve'}
        title="Approve the new file"
        confirmLabel="Approve and use it"
        isBusy={approve.isPending}
        onConfirm={() => approve.mutate(held.id, { onSettled: () => setDecision(null) })}
        onClose={() => setDecision(null)}
      >
        Use version {held.id} ({formatCount(c.records.after)} records) instead of version {c.against} ({formatCount(c.records.before)} records)? Searches answer from it at once, and the approval is recorded in the audit log.
      </ConfirmDialog>
      <ConfirmDialog
        opened={decision === 'reject'}
        title="Reject the new file"
        confirmLabel="Reject"
        isDanger
        isBusy={reject.isPending}
        onConfirm={() => reject.mutate({ versionId: held.id, reason }, { onSettled: () => setDecision(null) })}
        onClose={() => setDecision(null)}
      >
        <Stack gap="sm">
          <Text size="sm">Keep version {c.against} in use and drop version {held.id}? The same file is not held again; a newer one from the publisher is checked as usual.</Text>
          <TextInput label="Why (for the audit log, optional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}

/** Every held version, above the lists; nothing when none is held. */
export function HeldVersions({ lists }: { lists: AdminListSource[] }) {
  const held = lists.filter((l) => l.held !== null);
  if (held.length === 0) return null;
  return (
    <Stack gap="sm">
      {held.map((list) => (
        <HeldCard key={list.source} list={list} held={list.held!} />
      ))}
    </Stack>
  );
}
