/** Live figures of each list, shown only when the server publishes them at /services/lists. */
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ListStatusesSchema, type ListStatus } from '#shared/lists';
import { api } from '../app/api';

export type ListFigure = ListStatus;

export function useListFigures() {
  return useQuery({
    queryKey: ['lists', 'figures'],
    queryFn: () => api('/services/lists', { schema: ListStatusesSchema }),
    retry: false,
    staleTime: 10 * 60_000,
  });
}

const numberFormat = new Intl.NumberFormat('en-US');
const show = (value: number | null | undefined) => (value == null ? '—' : numberFormat.format(value));
const day = (value: string | null | undefined) => (value ? value.slice(0, 10) : '—');

export function ListFiguresTable({ figures }: { figures: ListFigure[] }) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped withTableBorder verticalSpacing="sm">
        <Table.Caption>
          <Text size="sm" c="dimmed" component="span">
            Dates are YYYY-MM-DD (UTC). Added, removed and reinstated compare the current version with the previous one.
          </Text>
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">List</Table.Th>
            <Table.Th scope="col">Version of</Table.Th>
            <Table.Th scope="col" ta="right">Records</Table.Th>
            <Table.Th scope="col" ta="right">Added</Table.Th>
            <Table.Th scope="col" ta="right">Removed</Table.Th>
            <Table.Th scope="col" ta="right">Reinstated</Table.Th>
            <Table.Th scope="col">Last checked</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {figures.map((figure) => (
            <Table.Tr key={figure.source}>
              <Table.Th scope="row" fw={500}>
                {figure.title}
                {figure.lastError && (
                  <Text size="xs" c="red.8" fw={400}>
                    Last update failed: {figure.lastError.slice(0, 160)}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>
                {figure.version === null ? 'not loaded' : day(figure.asOf)}
                {figure.origin === 'sample' && (
                  <Text size="xs" c="dimmed">
                    synthetic sample data
                  </Text>
                )}
              </Table.Td>
              <Table.Td ta="right">{show(figure.records)}</Table.Td>
              <Table.Td ta="right">{show(figure.added)}</Table.Td>
              <Table.Td ta="right">{show(figure.removed)}</Table.Td>
              <Table.Td ta="right">{show(figure.reinstated)}</Table.Td>
              <Table.Td>{day(figure.lastChecked)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
