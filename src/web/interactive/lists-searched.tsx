/** Every list a search covered and the date of the copy searched: what a "no match" is worth. */
import { Anchor, Stack, Table, Text, Title } from '@mantine/core';
import type { ListSearched } from '#shared/interactive-search';
import classes from './proof.module.css';

export function ListsSearched({ lists }: { lists: ListSearched[] }) {
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
                </Table.Td>
                <Table.Td className={classes.nowrap}>{list.records > 0 ? copyDate(list) : 'Not loaded: not searched'}</Table.Td>
                <Table.Td ta="right">{list.records.toLocaleString('en-US')}</Table.Td>
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
  return searched.map((l) => `${l.title} (${copyDate(l)})`).join('; ');
}
