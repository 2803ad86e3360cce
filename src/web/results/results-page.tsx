/** Batch results page (/flex-search/{batchId}/details): header, Reports menu and a tab per result type the batch holds. */
import { Alert, Anchor, Center, Container, Group, Loader, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { BATCH_RULES, IN_PROGRESS_STATUSES, type BatchStatus } from '#shared/batch-status';
import { MonitorButton } from '../monitoring/monitor-button';
import { BatchProgressPanel } from './batch-progress-panel';
import { ExclusionsTab } from './exclusions-tab';
import { NpiTab } from './npi-tab';
import { ReportsMenu } from './reports-menu';
import { ScreeningRunsPanel } from './screening-runs-panel';
import { errorMessage, fetchBatchInfo } from './results-api';
import { resultKeys } from './result-keys';
import { SsdmfTab } from './ssdmf-tab';

/** Queued or running; a draft (no status yet) is neither. */
const isRunning = (status: BatchStatus | null) => status !== null && IN_PROGRESS_STATUSES.includes(status);

const TABS = [
  { value: 'exclusions', label: 'Exclusions' },
  { value: 'npi', label: 'NPI Results' },
  { value: 'ssdmf', label: 'SSDMF' },
] as const;

/** How often the page of a queued or running batch asks for its progress. */
export const PROGRESS_REFRESH_MS = 5_000;

export function ResultsPage() {
  const batchId = Number(useParams().batchId);
  const isValidId = Number.isInteger(batchId) && batchId > 0;
  const info = useQuery({
    queryKey: resultKeys.info(batchId),
    queryFn: () => fetchBatchInfo(batchId),
    enabled: isValidId,
    // While the batch is queued or running, its progress and queue place are kept fresh.
    refetchInterval: (query) => (isRunning(query.state.data?.status ?? null) ? PROGRESS_REFRESH_MS : false),
  });

  if (!isValidId || info.isError) {
    return (
      <Container size={1200} px="md" py="xl">
        <Alert color="red" variant="light" role="alert" title="Batch Search Results">
          {isValidId ? errorMessage(info.error) : 'Not found.'} <Anchor component={Link} to="/flex-search">Back to the Batch Search Dashboard</Anchor>
        </Alert>
      </Container>
    );
  }
  if (!info.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the batch" />
      </Center>
    );
  }
  const isInProgress = isRunning(info.data.status);
  const present = TABS.filter((_, i) => info.data.searchTypes[i]);
  return (
    <Container size={1760} px={{ base: 'xs', sm: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
          <Stack gap={2} miw={0}>
            <Anchor component={Link} to="/flex-search" size="sm">
              ← Batch Search Dashboard
            </Anchor>
            <Title order={1} fz={{ base: 24, sm: 30 }} style={{ overflowWrap: 'anywhere' }}>
              {info.data.fileName}
            </Title>
            <Text c="dimmed" fw={600}>
              Batch Search Results
            </Text>
          </Stack>
          {!isInProgress && (
            <Group gap="sm">
              {info.data.status !== null && BATCH_RULES.hasDetails(info.data.status) && <MonitorButton batchId={batchId} fileName={info.data.fileName} />}
              <ReportsMenu batchId={batchId} hasExclusions={info.data.searchTypes[0]} />
            </Group>
          )}
        </Group>
        {!isInProgress && info.data.status !== null && <ScreeningRunsPanel batchId={batchId} />}
        {isInProgress ? (
          <BatchProgressPanel batch={info.data} />
        ) : present.length === 0 ? (
          <Text c="dimmed">This batch has no results.</Text>
        ) : (
          <Tabs defaultValue={present[0].value} keepMounted={false}>
            <Tabs.List>
              {present.map((tab) => (
                <Tabs.Tab key={tab.value} value={tab.value}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            <Tabs.Panel value="exclusions" pt="md">
              <ExclusionsTab batchId={batchId} />
            </Tabs.Panel>
            <Tabs.Panel value="npi" pt="md">
              <NpiTab batchId={batchId} />
            </Tabs.Panel>
            <Tabs.Panel value="ssdmf" pt="md">
              <SsdmfTab batchId={batchId} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Container>
  );
}
