/** The Exclusions tab's view controls: sort (field and direction), groups per page, row density. */
import { useId } from 'react';
import { Group, SegmentedControl, Select, Text } from '@mantine/core';
import { EXCLUSION_ORDER_LABELS, EXCLUSION_ORDERS, GROUP_PAGE_SIZES, type ExclusionOrder } from '#shared/results-order';
import type { Density } from './use-triage-view';

export type SortDirection = 'ASC' | 'DESC';

/** Words of each direction, so "Highest first" reads better than "Descending". */
const DIRECTION_WORDS: Record<ExclusionOrder, [string, string]> = {
  name: ['A–Z', 'Z–A'],
  score: ['Lowest first', 'Highest first'],
  status: ['To review first', 'Cleared first'],
  source: ['A–Z', 'Z–A'],
  exclusionDate: ['Oldest first', 'Newest first'],
};

/** The direction a sort starts with: the strongest scores and the latest exclusions first. */
export const FIRST_DIRECTION: Record<ExclusionOrder, SortDirection> = { name: 'ASC', score: 'DESC', status: 'ASC', source: 'ASC', exclusionDate: 'DESC' };

export interface TriageToolbarProps {
  orderBy: ExclusionOrder;
  sort: SortDirection;
  onSort: (orderBy: ExclusionOrder, sort: SortDirection) => void;
  pageSize: number;
  onPageSize: (size: number) => void;
  density: Density;
  onDensity: (density: Density) => void;
}

export function TriageToolbar({ orderBy, sort, onSort, pageSize, onPageSize, density, onDensity }: TriageToolbarProps) {
  const directionId = useId();
  const densityId = useId();
  const [asc, desc] = DIRECTION_WORDS[orderBy];
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Sort by"
        data={EXCLUSION_ORDERS.map((value) => ({ value, label: EXCLUSION_ORDER_LABELS[value] }))}
        value={orderBy}
        onChange={(value) => value && onSort(value as ExclusionOrder, FIRST_DIRECTION[value as ExclusionOrder])}
        allowDeselect={false}
        w={160}
      />
      <div>
        <Text size="sm" fw={500} id={directionId} mb={2}>
          Order
        </Text>
        <SegmentedControl
          aria-labelledby={directionId}
          data={[
            { value: 'ASC', label: asc },
            { value: 'DESC', label: desc },
          ]}
          value={sort}
          onChange={(value) => onSort(orderBy, value === 'DESC' ? 'DESC' : 'ASC')}
        />
      </div>
      <Select
        label="Groups per page"
        data={GROUP_PAGE_SIZES.map((n) => String(n))}
        value={String(pageSize)}
        onChange={(value) => value && onPageSize(Number(value))}
        allowDeselect={false}
        w={150}
      />
      <div>
        <Text size="sm" fw={500} id={densityId} mb={2}>
          Density
        </Text>
        <SegmentedControl
          aria-labelledby={densityId}
          data={[
            { value: 'comfortable', label: 'Comfortable' },
            { value: 'compact', label: 'Compact' },
          ]}
          value={density}
          onChange={(value) => onDensity(value === 'compact' ? 'compact' : 'comfortable')}
        />
      </div>
    </Group>
  );
}
