/** "How the rows were screened" on a batch's page (issue 50): which screening run wrote each chunk of rows, folded by default. */
import { Accordion, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { fetchScreeningRuns } from './results-api';
import { resultKeys } from './result-keys';

const n = (v: number | null) => (v === null ? '' : v.toLocaleString('en-US'));

export function ScreeningRunsPanel({ batchId }: { batchId: number }) {
  const runs = useQuery({ queryKey: resultKeys.screeningRuns(batchId), queryFn: () => fetchScreeningRuns(batchId) });
  if (!runs.data || runs.data.chunks.length === 0) return null;
  return (
    <Accordion variant="contained" radius="md" chevronPosition="left">
      <Accordion.Item value="runs">
        <Accordion.Control>
          <Text fw={600} size="sm">
            How the rows were screened
          </Text>
          <Text size="sm" c="dimmed">
            {runs.data.summary}
          </Text>
        </Accordion.Control>
        <Accordion.Panel>
          <Table.ScrollContainer minWidth={640}>
            <Table striped withTableBorder fz="sm" aria-label="Screening runs by chunk of rows">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Rows</Table.Th>
                  <Table.Th>Written by</Table.Th>
                  <Table.Th ta="right">Attempts</Table.Th>
                  <Table.Th>Written at</Table.Th>
                  <Table.Th ta="right">Screened</Table.Th>
                  <Table.Th ta="right">Results written</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {runs.data.chunks.map((c) => (
                  <Table.Tr key={c.chunkIndex}>
                    <Table.Td>
                      {n(c.firstRow)}–{n(c.lastRow)}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.run === null ? `Not written (${c.status})` : `Attempt ${c.run}, process ${c.process}`}</Table.Td>
                    <Table.Td ta="right">{n(c.attempts)}</Table.Td>
                    <Table.Td>{c.writtenAt ? new Date(c.writtenAt).toLocaleString() : ''}</Table.Td>
                    <Table.Td ta="right">{n(c.rowsScreened)}</Table.Td>
                    <Table.Td ta="right">{n(c.resultsWritten)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
