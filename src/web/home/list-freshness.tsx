/**
 * The home page's list freshness panel: how many lists are up to date and how many may be out of
 * date, the stale ones named by reason, and every list's dates only on demand (ADR 129).
 */
import { Anchor, Button, Card, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import { staleReason } from '#shared/home';
import type { ListStatus } from '#shared/lists';
import { formatDay } from '../monitoring/monitoring-api';

interface StaleGroup {
  reason: string;
  titles: string[];
}

/** The stale lists grouped by reason, in the order the reasons first appear. */
export function staleGroups(lists: ListStatus[], now: Date): StaleGroup[] {
  const groups = new Map<string, string[]>();
  for (const list of lists) {
    const reason = staleReason(list, now);
    if (reason) groups.set(reason, [...(groups.get(reason) ?? []), list.title]);
  }
  return [...groups].map(([reason, titles]) => ({ reason, titles }));
}

/** At most NAMED_AT_MOST lists named per reason; "every list" when they all share it. */
export const NAMED_AT_MOST = 4;

function namedTitles(titles: string[], listCount: number): string {
  if (titles.length === listCount && listCount > NAMED_AT_MOST) return 'every list';
  if (titles.length <= NAMED_AT_MOST) return titles.join(', ');
  return `${titles.slice(0, NAMED_AT_MOST).join(', ')} and ${titles.length - NAMED_AT_MOST} more`;
}

export function ListFreshness({ lists }: { lists: ListStatus[] | undefined }) {
  const [isOpen, { toggle }] = useDisclosure(false);
  const now = new Date();
  const groups = lists ? staleGroups(lists, now) : [];
  const staleCount = groups.reduce((sum, group) => sum + group.titles.length, 0);
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="home-lists">
      <Group justify="space-between" mb="xs">
        <Title order={2} fz="lg" id="home-lists">
          List freshness
        </Title>
        <Anchor component={Link} to="/lists" size="sm">
          Lists we search
        </Anchor>
      </Group>
      {!lists ? (
        <Skeleton height={80} />
      ) : (
        <Stack gap="xs">
          <Text fw={600}>
            {lists.length - staleCount} of {lists.length} lists up to date
            {staleCount ? `, ${staleCount} may be out of date` : ''}
          </Text>
          {groups.map((group) => (
            <Text key={group.reason} size="sm">
              <Text span fw={700} c="orange.9">
                {group.reason} ({group.titles.length}):
              </Text>{' '}
              {namedTitles(group.titles, lists.length)}
            </Text>
          ))}
          <Group gap="md">
            <Button variant="subtle" size="compact-sm" onClick={toggle} aria-expanded={isOpen} aria-controls="home-lists-table">
              {isOpen ? 'Hide the dates of each list' : `Show the dates of each list (${lists.length})`}
            </Button>
          </Group>
          <div id="home-lists-table">{isOpen ? <ListDates lists={lists} now={now} /> : null}</div>
        </Stack>
      )}
    </Card>
  );
}

function ListDates({ lists, now }: { lists: ListStatus[]; now: Date }) {
  return (
    <Table verticalSpacing={4} fz="sm" aria-label="Dates of each list">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>List</Table.Th>
          <Table.Th>As of</Table.Th>
          <Table.Th>Last checked</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lists.map((l) => {
          const reason = staleReason(l, now);
          return (
            <Table.Tr key={l.source}>
              <Table.Td>{l.title}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{l.asOf ?? '—'}</Table.Td>
              <Table.Td>
                <Text span fz="sm" style={{ whiteSpace: 'nowrap' }}>
                  {formatDay(l.lastChecked)}
                </Text>
                {reason ? (
                  <Text fz="xs" fw={600} c="orange.9">
                    {reason}
                  </Text>
                ) : null}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
