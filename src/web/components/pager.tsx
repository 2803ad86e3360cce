/**
 * The app's pager: Mantine's Pagination controls with first, previous, next and last, and seven
 * page buttons around the current page (the spec's "7 page buttons visible").
 */
import { Box, Group, Pagination } from '@mantine/core';

/** Up to `size` consecutive page numbers around `page`, within 1..`total`. */
export function pageWindow(page: number, total: number, size = 7): number[] {
  const count = Math.min(size, total);
  const first = Math.max(1, Math.min(page - Math.floor(count / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
}

export interface PagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** The navigation landmark's name, e.g. "Pages of batches". */
  label: string;
}

export function Pager({ page, totalPages, onChange, label }: PagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Pagination.Root total={totalPages} value={page} onChange={onChange} size="sm">
      <Box component="nav" aria-label={label}>
        <Group gap={6} wrap="wrap">
          <Pagination.First aria-label="First" />
          <Pagination.Previous aria-label="Previous" />
          {pageWindow(page, totalPages).map((n) => (
            <Pagination.Control key={n} active={n === page} aria-label={`Page ${n}`} aria-current={n === page ? 'page' : undefined} onClick={() => onChange(n)}>
              {n}
            </Pagination.Control>
          ))}
          <Pagination.Next aria-label="Next" />
          <Pagination.Last aria-label="Last" />
        </Group>
      </Box>
    </Pagination.Root>
  );
}
