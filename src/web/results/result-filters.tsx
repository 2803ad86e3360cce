/** Filter bar of a results tab: search criteria text, record status (multi), the tab's own filters, Reset. */
import { useState, type ReactNode } from 'react';
import { Button, Group, MultiSelect, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { REVIEW_STATUS_LABELS, REVIEW_STATUSES } from '#shared/review-status';

export const STATUS_OPTIONS = REVIEW_STATUSES.map((value) => ({ value, label: REVIEW_STATUS_LABELS[value] }));

export const FILTER_WIDTH = { base: '100%', sm: 220 };

export interface ResultFiltersProps {
  /** Names the filter region: "Filter exclusions". */
  label: string;
  criteria: string;
  statuses: string[];
  onCriteria: (text: string) => void;
  onStatuses: (statuses: string[]) => void;
  onReset: () => void;
  /** The tab's own filters, between record status and Reset. */
  children?: ReactNode;
}

export function ResultFilters({ label, criteria, statuses, onCriteria, onStatuses, onReset, children }: ResultFiltersProps) {
  // On a phone the other filters fold under the criteria text, so the results stay in view.
  const isPhone = useMediaQuery('(max-width: 48em)');
  const [isOpen, setOpen] = useState(false);
  const showsAll = !isPhone || isOpen;
  return (
    <Group gap="sm" align="flex-end" role="search" aria-label={label}>
      <TextInput
        label="Search criteria"
        placeholder="Name, NPI, unique id…"
        value={criteria}
        onChange={(event) => onCriteria(event.currentTarget.value)}
        w={FILTER_WIDTH}
      />
      {isPhone && (
        <Button variant="default" aria-expanded={isOpen} onClick={() => setOpen((open) => !open)}>
          {isOpen ? 'Fewer filters' : 'More filters'}
        </Button>
      )}
      {showsAll && (
        <>
          <MultiSelect label="Record status" placeholder={statuses.length ? undefined : 'Any status'} data={STATUS_OPTIONS} value={statuses} onChange={onStatuses} clearable w={FILTER_WIDTH} />
          {children}
          <Button variant="default" onClick={onReset}>
            Reset
          </Button>
        </>
      )}
    </Group>
  );
}
