/** /searchhistory/main (paying users): every interactive search, who ran it, its criteria and outcome, reopenable. */
import { useState } from 'react';
import { Alert, Anchor, Badge, Button, Card, Center, Container, Group, Loader, Pagination, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SearchHistoryFilters, SearchHistoryItem } from '#shared/interactive-search';
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

const KIND_LABELS: Record<SearchHistoryItem['kind'], string> = { name: 'Name', npi: 'NPI', advanced: 'Advance' };
const TYPES = [
  { value: '', label: 'All types' },
  { value: 'name', label: 'Name' },
  { value: 'npi', label: 'NPI' },
  { value: 'advanced', label: 'Advance' },
];
const RESULTS = [
  { value: '', label: 'All results' },
  { value: 'matches', label: 'Records found' },
  { value: 'clear', label: 'No records found' },
];

/** Type, result and text filters; any change goes back to the first page. */
function HistoryFilters({ kind, result, text, onChange }: { kind: string; result: string; text: string; onChange: (next: { kind?: string; result?: string; text?: string }) => void }) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="search" aria-label="Filter the search history">
      <Select label="Type" data={TYPES} value={kind} onChange={(value) => onChange({ kind: value ?? '' })} allowDeselect={false} w={150} />
      <Select label="Result" data={RESULTS} value={result} onChange={(value) => onChange({ result: value ?? '' })} allowDeselect={false} w={190} />
      <TextInput label="Criteria or reference" placeholder="e.g. Bailey, 1234567893, CL-…" value={text} onChange={(event) => onChange({ text: event.currentTarget.value })} maxLength={100} w={260} />
      {(kind || result || text) && (
        <Button variant="subtle" onClick={() => onChange({ kind: '', result: '', text: '' })}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}

export function SearchHistoryPage() {
  const [page, setPage] = useState(1);
  const [kind, setKind] = useState('');
  const [result, setResult] = useState('');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 300);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const filters: SearchHistoryFilters = { kind: (kind || undefined) as SearchHistoryFilters['kind'], result: (result || undefined) as SearchHistoryFilters['result'], q: q || undefined };
  const isFiltered = Boolean(kind || result || q);
  const history = useQuery({ queryKey: ['interactive', 'history', page, filters], queryFn: () => fetchSearchHistory(page, PAGE_SIZE, filters), placeholderData: keepPreviousData });
  const items = history.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));
  const filter = (next: { kind?: string; result?: string; text?: string }) => {
    if (next.kind !== undefined) setKind(next.kind);
    if (next.result !== undefined) setResult(next.result);
    if (next.text !== undefined) setText(next.text);
    setPage(1);
  };

  return (
    <Container size={1100} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <div>
          <Title order={1}>Search History</Title>
          <Text c="dimmed">Every interactive search of your team: when, who, what was searched and what was found. Open a result to print it again.</Text>
        </div>
        <HistoryFilters kind={kind} result={result} text={text} onChange={filter} />
        {history.isPending && (
          <Center py="xl">
            <Loader aria-label="Loading the search history" />
          </Center>
        )}
        {history.isError && <Alert color="red">The search history could not be loaded.</Alert>}
        {history.data && items.length === 0 && isFiltered && (
          <Alert color="gray" variant="light">
            No searches match these filters.
          </Alert>
        )}
        {history.data && items.length === 0 && !isFiltered && (
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
                    <Badge variant="light">{KIND_LABELS[item.kind]}</Badge>
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
                      <Table.Td>{KIND_LABELS[item.kind]}</Table.Td>
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
