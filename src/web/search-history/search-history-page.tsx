/** /searchhistory/main (paying users): every interactive search, who ran it, its criteria and outcome, reopenable. */
import { useState } from 'react';
import { Alert, Anchor, Badge, Card, Center, Container, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SearchHistoryItem } from '#shared/interactive-search';
import { fetchSearchHistory } from '../interactive/interactive-api';
import { resultPath } from '../interactive/result-store';

const PAGE_SIZE = 25;
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const isAlert = (item: SearchHistoryItem) => item.hits > 0 || /not found|opted out/i.test(item.outcome);

function Outcome({ item }: { item: SearchHistoryItem }) {
  return (
    <Text size="sm" fw={isAlert(item) ? 600 : 400} c={isAlert(item) ? 'red.9' : 'dark.6'}>
      {item.outcome}
    </Text>
  );
}

const openLink = (item: SearchHistoryItem) => (
  <Anchor component={Link} to={resultPath(item)} size="sm">
    Open result<span className="visually-hidden-external"> of the search {item.reference}</span>
  </Anchor>
);

export function SearchHistoryPage() {
  const [page, setPage] = useState(1);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const history = useQuery({ queryKey: ['interactive', 'history', page], queryFn: () => fetchSearchHistory(page, PAGE_SIZE), placeholderData: keepPreviousData });
  const items = history.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Container size={1100} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Search History</Title>
          <Text c="dimmed">Every interactive search of your team: when, who, what was searched and what was found. Open a result to print it again.</Text>
        </div>
        {history.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading the search history" />
          </Center>
        )}
        {history.isError && <Alert color="red">The search history could not be loaded.</Alert>}
        {history.data && items.length === 0 && (
          <Alert color="brand" variant="light">
            No searches yet.{' '}
            <Anchor component={Link} to="/interactive/search">
              Run an interactive search
            </Anchor>
            .
          </Alert>
        )}
        {items.length > 0 &&
          (isPhone ? (
            <Stack gap="sm">
              {items.map((item) => (
                <Card key={item.searchId} withBorder radius="md" padding="md" component="article" aria-label={`Search ${item.reference}`}>
                  <Group justify="space-between" gap="xs">
                    <Text size="sm" fw={600}>
                      {item.criteria}
                    </Text>
                    <Badge variant="light">{item.kind === 'npi' ? 'NPI' : 'Name'}</Badge>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {when(item.searchedAt)} · {item.searchedBy}
                  </Text>
                  <Outcome item={item} />
                  {openLink(item)}
                </Card>
              ))}
            </Stack>
          ) : (
            <Table.ScrollContainer minWidth={760}>
              <Table striped highlightOnHover withTableBorder verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    {['Date', 'Searched by', 'Type', 'Criteria', 'Outcome', 'Reference', 'Result'].map((h) => (
                      <Table.Th key={h} scope="col">
                        {h}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((item) => (
                    <Table.Tr key={item.searchId}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(item.searchedAt)}</Table.Td>
                      <Table.Td>{item.searchedBy}</Table.Td>
                      <Table.Td>{item.kind === 'npi' ? 'NPI' : 'Name'}</Table.Td>
                      <Table.Td>{item.criteria}</Table.Td>
                      <Table.Td>
                        <Outcome item={item} />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{item.reference}</Table.Td>
                      <Table.Td>{openLink(item)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
        {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} siblings={3} aria-label="Search history pages" />}
      </Stack>
    </Container>
  );
}
