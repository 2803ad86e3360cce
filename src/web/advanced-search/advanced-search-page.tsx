/** /advancedSearch/search (role advanced_search): the form, and the result of the search run or reopened (?search=id). */
import { useState } from 'react';
import { Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { AdvancedSearchInput, AdvancedSearchResult } from '#shared/advanced-search';
import { interactiveErrorText } from '#shared/interactive-search';
import { isApiError } from '../app/api';
import { AdvancedForm } from './advanced-form';
import { AdvancedResults } from './advanced-results';
import { fetchAdvancedOptions, fetchAdvancedSearch, runAdvancedSearch } from './advanced-api';

/** The server's message, with the field problems it names ("npi: NPI is not valid…"). */
function errorText(error: unknown): string {
  if (!isApiError(error)) return interactiveErrorText(null);
  const fields = Object.entries(error.fields ?? {}).map(([field, message]) => `${field}: ${message}`);
  return [interactiveErrorText(error.code, error.message), ...fields].join(' ');
}

export function AdvancedSearchPage() {
  const [params, setParams] = useSearchParams();
  const searchId = Number(params.get('search'));
  const [fresh, setFresh] = useState<AdvancedSearchResult | null>(null);
  const options = useQuery({ queryKey: ['advanced', 'options'], queryFn: fetchAdvancedOptions, staleTime: 60_000 });
  const stored = useQuery({
    queryKey: ['advanced', 'search', searchId],
    queryFn: () => fetchAdvancedSearch(searchId),
    enabled: Number.isInteger(searchId) && searchId > 0 && fresh?.searchId !== searchId,
    retry: false,
    staleTime: Infinity,
  });
  const search = useMutation({
    mutationFn: (input: AdvancedSearchInput) => runAdvancedSearch(input),
    onSuccess: (result) => {
      setFresh(result);
      setParams({ search: String(result.searchId) });
    },
  });
  const result = fresh?.searchId === searchId ? fresh : (stored.data ?? null);
  const error = search.error ? errorText(search.error) : null;

  return (
    <Container size={1000} px="md" py={{ base: 'lg', sm: 40 }}>
      {result ? (
        <Stack gap="xl">
          <AdvancedResults result={result} />
          <Group data-print="hide">
            <Button variant="default" onClick={() => setParams({})}>
              New Advance Search
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="lg">
          <div>
            <Title order={1}>Advance Search</Title>
            <Text c="dimmed" mt={4}>
              One person or business, with every detail you have, on the lists you choose. Each search is kept in Search History with a printable proof, and billed like the interactive search of the same lists.
            </Text>
          </div>
          {stored.isError && <Alert color="orange" variant="light" role="status" title="That search is not available">It is not among the searches you can see.</Alert>}
          {options.isPending && (
            <Center py="xl" aria-busy="true">
              <Loader aria-label="Loading the search options" />
            </Center>
          )}
          {options.isError && <Alert color="red" variant="light" role="alert">{isApiError(options.error) ? options.error.message : interactiveErrorText(null)}</Alert>}
          {options.data && <AdvancedForm options={options.data} onSearch={(input) => search.mutate(input)} isSearching={search.isPending} error={error} />}
        </Stack>
      )}
    </Container>
  );
}
