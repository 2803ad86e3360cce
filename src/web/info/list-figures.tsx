/** Live figures of each list, shown only when the server publishes them at /services/lists. */
import { Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../app/api';

const count = z.number().int().nonnegative().nullable().optional();
const date = z.string().nullable().optional();

export const ListFigureSchema = z.object({
  source: z.string(),
  title: z.string(),
  publisher: z.string().optional(),
  officialUrl: z.string().optional(),
  asOf: date,
  records: count,
  lastChecked: date,
  added: count,
  removed: count,
  reinstated: count,
});
export type ListFigure = z.infer<typeof ListFigureSchema>;

export function useListFigures() {
  return useQuery({
    queryKey: ['lists', 'figures'],
    queryFn: () => api('/services/lists', { schema: z.array(ListFigureSchema) }),
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
              </Table.Th>
              <Table.Td>{day(figure.asOf)}</Table.Td>
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
