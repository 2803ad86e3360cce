/** What a plan costs: its monthly price and the price of each chosen search option (sign-up and trial upgrade). */
import { Table } from '@mantine/core';
import { formatCents, PLAN_NAMES, PLAN_PRICE_CENTS, SEARCH_OPTION_NAMES } from '#shared/account';
import { SEARCH_PRICE_CENTS } from '#shared/prices';
import type { SearchOption, TeamType } from '#shared/teams';

export function PlanPriceTable({ teamType, searchOptions }: { teamType: TeamType; searchOptions: readonly SearchOption[] }) {
  return (
    <Table withTableBorder verticalSpacing="xs">
      <Table.Tbody>
        <Table.Tr>
          <Table.Td>{PLAN_NAMES[teamType]} plan</Table.Td>
          <Table.Td ta="right">{formatCents(PLAN_PRICE_CENTS[teamType])} / month</Table.Td>
        </Table.Tr>
        {searchOptions.map((option) => (
          <Table.Tr key={option}>
            <Table.Td>{SEARCH_OPTION_NAMES[option]}</Table.Td>
            <Table.Td ta="right">{formatCents(SEARCH_PRICE_CENTS[option])} per search</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
