/** Compare a version with the one before it: counts, a paged list of the changed records field by field, CSV. */
import { useState } from 'react';
import { Alert, Anchor, Badge, Group, Modal, Pagination, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RecordChange } from '#shared/lists-admin';
import { LoadState } from './admin-frame';
import { changesCsvUrl, fetchVersionChanges, formatCount, listsKeys } from './lists-api';

type Kind = RecordChange['change'] | 'all';
const PAGE_SIZE = 25;
const COLORS: Record<RecordChange['change'], string> = { added: 'teal', removed: 'red', changed: 'blue', reinstated: 'grape' };

export function CompareModal({ versionId, title, onClose }: { versionId: number; title: string; onClose: () => void }) {
  const [kind, setKind] = useState<Kind>('all');
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: listsKeys.changes(versionId, kind, page), queryFn: () => fetchVersionChanges(versionId, kind, page, PAGE_SIZE), placeholderData: keepPreviousData });
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <Modal opened onClose={onClose} title={`${title}: version ${versionId} compared with ${data?.previous ? `version ${data.previous}` : 'the one before'}`} size="80rem" centered closeButtonProps={{ 'aria-label': 'Close the comparison' }}>
      {!data ? (
        <LoadState isPending={query.isPending} error={query.error} label="Loading the changes" />
      ) : (
        <Stack gap="md">
          <Group justify="space-between">
            <SegmentedControl
              aria-label="Changes to show"
              value={kind}
              onChange={(value) => {
                setKind(value as Kind);
                setPage(1);
              }}
              data={[
                { value: 'all', label: `All (${formatCount(data.counts.added + data.counts.removed + data.counts.changed + data.counts.reinstated)})` },
                { value: 'added', label: `Added (${formatCount(data.counts.added)})` },
                { value: 'removed', label: `Removed (${formatCount(data.counts.removed)})` },
                { value: 'changed', label: `Changed (${formatCount(data.counts.changed)})` },
                { value: 'reinstated', label: `Reinstated (${formatCount(data.counts.reinstated)})` },
              ]}
            />
            <Anchor href={changesCsvUrl(versionId)} download size="sm">
              Download as CSV
            </Anchor>
          </Group>
          {data.previous === null && <Alert variant="light">This is the list&apos;s first version: every record in it is new, so they are not listed one by one.</Alert>}
          {!data.hasFields && data.total > 0 && <Alert variant="light">The records of one of these versions are no longer kept (only the last two versions keep theirs): the changed records are listed without their fields.</Alert>}
          <Table aria-label="Changed records" verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={110}>Change</Table.Th>
                <Table.Th w={220}>Record</Table.Th>
                <Table.Th>What changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.changes.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text size="sm" c="dimmed">
                      No {kind === 'all' ? '' : `${kind} `}records.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {data.changes.map((c) => (
                <Table.Tr key={c.recordId}>
                  <Table.Td>
                    <Badge variant="light" color={COLORS[c.change]}>
                      {c.change}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {c.name || '—'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.recordId}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <FieldList change={c} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {formatCount(data.total)} record{data.total === 1 ? '' : 's'}
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="Pages of changes" />}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function FieldList({ change }: { change: RecordChange }) {
  const fields = change.change === 'changed' ? change.fields : change.fields.slice(0, 6);
  return (
    <Stack gap={2}>
      {fields.map((f) => (
        <Text key={f.field} size="xs">
          <Text span fw={600} size="xs">
            {f.field}
          </Text>
          {': '}
          {change.change === 'changed' ? (
            <>
              <Text span td="line-through" c="red" size="xs">
                {f.before ?? '(empty)'}
              </Text>
              {' → '}
              <Text span c="teal" size="xs">
                {f.after ?? '(empty)'}
              </Text>
            </>
          ) : (
            (f.after ?? f.before)
          )}
        </Text>
      ))}
      {change.fields.length > fields.length && (
        <Text size="xs" c="dimmed">
          … {change.fields.length - fields.length} more fields (in the CSV)
        </Text>
      )}
    </Stack>
  );
}
