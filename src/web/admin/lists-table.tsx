/** Every list on one table: the version in use, its freshness, the last check, a running check and the actions. */
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { METHOD_LABELS, ORIGIN_LABELS, type AdminListSource } from '#shared/lists-admin';
import { formatCount, formatWhen } from './lists-api';
import { LastCheck, RunProgress } from './lists-run';

export type ListAction = 'check' | 'upload' | 'versions';

const ORIGIN_COLORS: Record<string, string> = { update: 'teal', import: 'blue', sample: 'gray', rollback: 'orange' };
const DAY_MS = 24 * 3600 * 1000;

function Freshness({ list, now }: { list: AdminListSource; now: string }) {
  const days = list.refreshedAt ? Math.floor((Date.parse(now) - Date.parse(list.refreshedAt)) / DAY_MS) : null;
  // Plain coloured words, not badges: they wrap in a narrow column instead of being cut off.
  const [label, color] =
    list.version === null
      ? ['Not loaded', 'gray']
      : list.origin === 'sample' && !list.refreshedAt
        ? ['Sample data only', 'yellow.8']
        : list.isStale
          ? [days === null ? 'Stale' : `Stale: ${days} days old`, 'red']
          : ['Fresh', 'teal'];
  const badge = (
    <Text size="xs" fw={700} c={color}>
      {label}
    </Text>
  );
  return (
    <Stack gap={2}>
      {badge}
      <Text size="xs" c="dimmed">
        Published {list.cadence}; stale after {list.staleAfterDays} days
      </Text>
      {list.refreshedAt && (
        <Text size="xs" c="dimmed">
          Refreshed {formatWhen(list.refreshedAt)}
        </Text>
      )}
    </Stack>
  );
}

/** How the list is fetched: the recipe's method, the publisher's page, its rhythm; why it is upload-only. */
function Acquisition({ list }: { list: AdminListSource }) {
  const a = list.acquisition;
  return (
    <Stack gap={2} mt={4} data-testid="acquisition">
      <Text size="xs">
        <Text span size="xs" fw={600}>
          {METHOD_LABELS[a.method]}
        </Text>
        {a.page && (
          <>
            {' · '}
            <Anchor href={a.page} target="_blank" rel="noreferrer" size="xs">
              publisher page
            </Anchor>
          </>
        )}
      </Text>
      {a.cadence !== 'unknown' && (
        <Text size="xs" c="dimmed">
          Updated {a.cadence}
        </Text>
      )}
      {a.override && (
        <Text size="xs" c="dimmed">
          LIST_URLS overrides it
        </Text>
      )}
      {a.reason && (
        <Text size="xs" c="dimmed" lineClamp={3} title={a.reason}>
          {a.reason}
        </Text>
      )}
      {list.layoutNote && (
        <Text size="xs" c="orange.9" data-testid="layout-note">
          {list.layoutNote}
        </Text>
      )}
    </Stack>
  );
}

function InUse({ list }: { list: AdminListSource }) {
  if (list.version === null) return <Text size="sm" c="dimmed">No version</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        v{list.version}
      </Text>
      <Badge size="sm" variant="light" color={ORIGIN_COLORS[list.origin ?? ''] ?? 'gray'} tt="none">
        {ORIGIN_LABELS[list.origin ?? ''] ?? list.origin}
      </Badge>
      <Text size="xs" c="dimmed">
        {formatCount(list.records)} records{list.asOf ? ` · as of ${list.asOf}` : ''}
      </Text>
      {list.importedBy && (
        <Text size="xs" c="dimmed">
          {list.origin === 'rollback' ? `Rolled back to v${list.restoredFrom} by ${list.importedBy}` : `Uploaded by ${list.importedBy}`}
        </Text>
      )}
      {list.held && (
        <Text size="xs" fw={600} c="orange.8">
          v{list.held.id} held for approval
        </Text>
      )}
    </Stack>
  );
}

export function ListsTable({ lists, now, nextCheck, onAction }: { lists: AdminListSource[]; now: string; nextCheck: string | null; onAction: (list: AdminListSource, action: ListAction) => void }) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table verticalSpacing="sm" aria-label="Lists" striped highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="21%">List</Table.Th>
            <Table.Th w="12%">In use</Table.Th>
            <Table.Th w="13%">Freshness</Table.Th>
            <Table.Th w="17%">Last check</Table.Th>
            <Table.Th w="14%">Check</Table.Th>
            <Table.Th w="23%" aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lists.map((list) => {
            const isOpen = list.run !== null && list.run.status !== 'done';
            return (
              <Table.Tr key={list.source} data-source={list.source}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {list.title}
                  </Text>
                  <Text size="xs" c="dimmed" lineClamp={1} title={list.publisher}>
                    {list.source} · {list.publisher}
                  </Text>
                  <Acquisition list={list} />
                </Table.Td>
                <Table.Td>
                  <InUse list={list} />
                </Table.Td>
                <Table.Td>
                  <Freshness list={list} now={now} />
                </Table.Td>
                <Table.Td>
                  <LastCheck list={list} />
                </Table.Td>
                <Table.Td>
                  {isOpen ? (
                    <RunProgress run={list.run!} title={list.title} />
                  ) : (
                    <Text size="xs" c="dimmed">
                      {list.downloadHint ? 'Not scheduled (no download)' : nextCheck ? `Next: ${formatWhen(nextCheck)}` : 'Schedule off'}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end">
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={list.downloadHint !== null}
                      title={list.downloadHint ?? undefined}
                      onClick={() => onAction(list, 'check')}
                      aria-label={`Check now: ${list.title}`}
                    >
                      Check now
                    </Button>
                    <Button size="compact-xs" variant="default" onClick={() => onAction(list, 'upload')} aria-label={`Upload a file for ${list.title}`}>
                      Upload
                    </Button>
                    <Button size="compact-xs" variant="subtle" onClick={() => onAction(list, 'versions')} aria-label={`Versions of ${list.title}`}>
                      Versions
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
