/** A list's versions, newest first: compare each with the one before, roll back the one in use (confirmed). */
import { useState } from 'react';
import { Badge, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ORIGIN_LABELS, type AdminListSource } from '#shared/lists-admin';
import { useAdminChange } from './admin-api';
import { LoadState } from './admin-frame';
import { ConfirmDialog } from '../components/confirm-dialog';
import { CompareModal } from './lists-compare-modal';
import { fetchListVersions, formatCount, formatWhen, listsKeys, rollBackList } from './lists-api';

const STATUS_COLORS: Record<string, string> = { active: 'teal', superseded: 'gray', failed: 'red', importing: 'blue', held: 'orange', rejected: 'red', replaced: 'gray' };
const STATUS_LABELS: Record<string, string> = { active: 'in use', held: 'held for approval' };
// Versions whose stored changes can be read (the others' records are gone or never were).
const COMPARABLE = ['active', 'superseded', 'held'];
// Versions that never became active and say why in their error.
const ENDED = ['failed', 'rejected', 'replaced'];

export function VersionsModal({ list, onClose }: { list: AdminListSource; onClose: () => void }) {
  const query = useQuery({ queryKey: listsKeys.versions(list.source), queryFn: () => fetchListVersions(list.source) });
  const [compared, setCompared] = useState<number | null>(null);
  const [isConfirming, setConfirming] = useState(false);
  const rollBack = useAdminChange(rollBackList, (r) => r.message);
  const versions = query.data?.versions ?? [];
  const previous = versions.find((v) => v.status === 'superseded' && list.version !== null && v.id < list.version);
  return (
    <Modal opened onClose={onClose} title={`Versions: ${list.title}`} size="70rem" centered closeButtonProps={{ 'aria-label': 'Close the versions' }}>
      {!query.data ? (
        <LoadState isPending={query.isPending} error={query.error} label="Loading the versions" />
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              Every import is kept as a version; the records of the last two are kept, so the one in use can be rolled back to the one before it.
            </Text>
            {list.hasPrevious && list.version !== null && (
              <Button color="orange" variant="light" onClick={() => setConfirming(true)}>
                Roll back to the previous version
              </Button>
            )}
          </Group>
          <Table aria-label="Versions" verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Origin</Table.Th>
                <Table.Th>Loaded</Table.Th>
                <Table.Th>As of</Table.Th>
                <Table.Th>Records</Table.Th>
                <Table.Th>Changes</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {versions.map((v) => (
                <Table.Tr key={v.id}>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={600}>
                        v{v.id}
                      </Text>
                      <Badge size="sm" variant="light" color={STATUS_COLORS[v.status] ?? 'gray'}>
                        {STATUS_LABELS[v.status] ?? v.status}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{ORIGIN_LABELS[v.origin] ?? v.origin}{v.restoredFrom ? ` of v${v.restoredFrom}` : ''}</Text>
                    <Text size="xs" c="dimmed" maw={260} truncate="end" title={v.fileNames.join(', ')}>
                      {v.importedBy ? `${v.importedBy} · ` : ''}
                      {v.mode} · {v.fileNames.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatWhen(v.activatedAt ?? v.createdAt)}</Text>
                    {v.decidedBy && (
                      <Text size="xs" c="dimmed">
                        {v.status === 'rejected' ? 'rejected' : 'approved'} by {v.decidedBy}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{v.asOf ?? '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{v.status === 'failed' ? '—' : formatCount(v.records)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {ENDED.includes(v.status) ? (
                      <Text size="xs" c={v.status === 'replaced' ? 'dimmed' : 'red'} maw={320}>
                        {v.error}
                      </Text>
                    ) : (
                      <Text size="xs">
                        +{formatCount(v.added)} −{formatCount(v.removed)} ~{formatCount(v.changed)}
                        {v.reinstated ? ` ↺${formatCount(v.reinstated)}` : ''}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {COMPARABLE.includes(v.status) && (
                      <Button size="compact-xs" variant="subtle" onClick={() => setCompared(v.id)} aria-label={`Compare version ${v.id} with the previous one`}>
                        Compare
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
      {compared !== null && <CompareModal versionId={compared} title={list.title} onClose={() => setCompared(null)} />}
      {isConfirming && list.version !== null && (
        <ConfirmDialog
          opened
          title="Roll back the list"
          confirmLabel="Roll back"
          isDanger
          isBusy={rollBack.isPending}
          onConfirm={() => rollBack.mutate({ source: list.source, activeVersion: list.version! }, { onSettled: () => setConfirming(false) })}
          onClose={() => setConfirming(false)}
        >
          Screen against version {previous ? `v${previous.id}` : 'before'} again instead of v{list.version}? The roll-back becomes a new version (v{list.version} stays in the history), searches use it at once, and it is recorded in the audit log. The next check imports a new publication, not the files rolled back.
        </ConfirmDialog>
      )}
    </Modal>
  );
}
