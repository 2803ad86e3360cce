/** Pager of a results tab: the count of what is paged, and the app's pager. Pages = total ÷ page size, rounded up. */
import { Group, Text } from '@mantine/core';
import { pageCount } from '#shared/review-status';
import { Pager } from '../components/pager';

/** Pages to show for `total` items: total ÷ page size rounded up (spec §9), one when empty. */
export function pagesOf(total: number, pageSize: number): number {
  return Math.max(1, pageCount(total, pageSize));
}

export interface ResultsPagerProps {
  page: number;
  total: number;
  pageSize: number;
  /** What is counted: "groups", "records". */
  noun: string;
  onChange: (page: number) => void;
}

export function ResultsPager({ page, total, pageSize, noun, onChange }: ResultsPagerProps) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {total} {noun}
      </Text>
      <Pager page={page} totalPages={pagesOf(total, pageSize)} onChange={onChange} label={`Pages of ${noun}`} />
    </Group>
  );
}
