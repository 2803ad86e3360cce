/** Batch Search Dashboard (/flex-search): Start new search and the batch history, refreshed every 5 s. */
import { useState } from 'react';
import { Button, Center, Container, Group, Loader, Stack, Text, Title, Alert } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QUEUE_NOTICE_MESSAGES } from '#shared/messages';
import { useCurrentUser } from '../app/current-user';
import { BatchCards } from './batch-cards';
import { BatchFilters, NO_FILTERS, type FilterValues } from './batch-filters';
import { Pager } from '../components/pager';
import { BatchTable } from './batch-table';
import { batchKeys, errorMessage, fetchBatches, fetchFilterOptions, fetchSearchTypes, PAGE_SIZE } from './batches-api';

export const REFRESH_MS = 5_000;
export const SEARCH_DEBOUNCE_MS = 500;

export function BatchDashboardPage() {
  const { data: user } = useCurrentUser();
  const isSystemAdmin = user?.roles.includes('system_admin_user') ?? false;
  const [filters, setFilters] = useState<FilterValues>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const [fileName] = useDebouncedValue(filters.text, SEARCH_DEBOUNCE_MS);
  const query = { fileName, client: filters.client, team: filters.team, uploader: filters.uploader, page };

  const types = useQuery({ queryKey: batchKeys.searchTypes, queryFn: fetchSearchTypes });
  const options = useQuery({
    queryKey: batchKeys.filters(filters.client, filters.team),
    queryFn: () => fetchFilterOptions(filters.client, filters.team),
    placeholderData: keepPreviousData,
  });
  const list = useQuery({
    queryKey: batchKeys.list(query),
    queryFn: () => fetchBatches(query),
    placeholderData: keepPreviousData,
    refetchInterval: REFRESH_MS,
  });
  const Listing = useMediaQuery('(max-width: 48em)') ? BatchCards : BatchTable;
  const totalPages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));

  return (
    <Container size={1200} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1} fz={{ base: 26, sm: 32 }}>
              Batch Search Dashboard
            </Title>
            <Text c="dimmed">Upload a CSV file of people or companies to screen them all, then review what was found.</Text>
          </Stack>
          {/* Disabled while no search type is offered (spec §2): a link cannot be disabled. */}
          {types.data?.length ? (
            <Button component={Link} to="/flex-search/file-upload">
              Start new search
            </Button>
          ) : (
            <Button disabled>Start new search</Button>
          )}
        </Group>
        {list.data?.items.some((b) => b.queue?.state === 'paused') && (
          <Alert color="yellow" variant="light" role="status" title="Batch screening is paused">
            {QUEUE_NOTICE_MESSAGES.pausedBanner}
          </Alert>
        )}
        <BatchFilters
          values={filters}
          options={options.data}
          showsClient={isSystemAdmin}
          showsTeam={user?.teamOwner ?? false}
          onChange={(values) => {
            setFilters(values);
            setPage(1);
          }}
        />
        {list.data ? (
          <>
            <Listing batches={list.data.items} isSystemAdmin={isSystemAdmin} />
            <Group justify="center">
              <Pager page={page} totalPages={totalPages} onChange={setPage} label="Pages" />
            </Group>
          </>
        ) : list.isPending ? (
          <Center py="xl">
            <Loader aria-label="Loading batches" />
          </Center>
        ) : (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(list.error)}
          </Alert>
        )}
      </Stack>
    </Container>
  );
}
