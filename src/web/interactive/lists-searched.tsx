/** Every list a search covered and the date of the copy searched: what a "no match" is worth. */
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import type { ListSearched, NotSearched } from '#shared/interactive-search';
import classes from './proof.module.css';

/** The lists searched and, under them, those asked for but not searched (ADR 114); searches kept before have no `notSearched`. */
export function ListsSearched({ lists, notSearched = [] }: { lists: ListSearched[]; notSearched?: NotSearched[] }) {
  return (
    <>
      <SearchedTable lists={lists} />
      {notSearched.length > 0 && <NotSearchedTable lists={notSearched} />}
    </>
  );
}

/** No list held a copy: the search checked nothing (a fresh server before its first fetch, ADR 114). */
export function isNothingSearched(lists: readonly ListSearched[]): boolean {
  return !lists.some((l) => l.records > 0);
}

/** " 3 lists asked for were not searched (named below)." for the outcome line, or nothing. */
export function notSearchedNote(notSearched: readonly NotSearched[] = []): string {
  const n = notSearched.length;
  return n ? ` ${n} list${n === 1 ? '' : 's'} asked for ${n === 1 ? 'was' : 'were'} not searched (named below).` : '';
}

function SearchedTable({ lists }: { lists: ListSearched[] }) {
  if (isNothingSearched(lists)) {
    return (
      <Stack gap="xs" component="section" aria-labelledby="lists-searched">
        <Title order={2} fz="lg" id="lists-searched">
          Lists searched
        </Title>
        <Text size="sm">None: no list was loaded when this search ran.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="xs" component="section" aria-labelledby="lists-searched" style={{ breakInside: 'avoid' }}>
      <Title order={2} fz="lg" id="lists-searched">
        Lists searched
      </Title>
      <Table.ScrollContainer minWidth={340}>
        <Table withTableBorder striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">List</Table.Th>
              <Table.Th scope="col">Copy dated</Table.Th>
              <Table.Th scope="col" ta="right">
                Records
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lists.map((list) => (
              <Table.Tr key={list.source}>
                <Table.Td>
                  <Anchor href={list.officialUrl} target="_blank" rel="noopener noreferrer" size="sm">
                    {list.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {list.publisher}
                  </Text>
                  {list.warning && (
                    <Text size="xs" c="orange.9" fw={500}>
                      Warning: {list.warning}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td className={classes.nowrap}>
                  {list.records > 0 ? copyDate(list) : 'Not loaded: not searched'}
                  {list.synthetic && (
                    <Text size="xs" c="red.9" fw={600}>
                      synthetic sample
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right">{list.records.toLocaleString('en-US')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function NotSearchedTable({ lists }: { lists: NotSearched[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="not-searched" style={{ breakInside: 'avoid' }}>
      <Title order={2} fz="lg" id="not-searched">
        Not searched
      </Title>
      <Text size="sm">These lists were asked for but not searched: this result says nothing about them.</Text>
      <Table.ScrollContainer minWidth={340}>
        <Table withTableBorder striped verticalSpacing="xs" fz="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">List</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lists.map((list) => (
              <Table.Tr key={list.source}>
                <Table.Td>{list.title}</Table.Td>
                <Table.Td>{list.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** The publisher's date of the copy, else the day it was downloaded. */
export function copyDate(list: ListSearched): string {
  if (list.asOf) return list.asOf;
  return list.acquiredOn ? `downloaded ${list.acquiredOn}` : 'date not published';
}

/** "OIG LEIE (2024-04-01); SAM.gov Exclusions (2024-05-01); …" for the no-match statement. */
export function listsSentence(lists: ListSearched[]): string {
  const searched = lists.filter((l) => l.records > 0);
  return searched.map((l) => `${l.title} (${copyDate(l)}${l.synthetic ? ', synthetic sample' : ''})`).join('; ');
}
