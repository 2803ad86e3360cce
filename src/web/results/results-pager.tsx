/** Pager of a results tab: previous, up to seven page buttons, next. Pages = total ÷ page size, rounded up. */
import { Button, Group, Text } from '@mantine/core';
import { pageCount } from '#shared/results';

/** Pages to show for `total` items: total ÷ page size rounded up (spec §9), one when empty. */
export function pagesOf(total: number, pageSize: number): number {
  return Math.max(1, pageCount(total, pageSize));
}

/** Up to `size` consecutive page numbers around `page`, within 1..`total`. */
export function pageWindow(page: number, total: number, size = 7): number[] {
  const count = Math.min(size, total);
  const first = Math.max(1, Math.min(page - Math.floor(count / 2), total - count + 1));
  return Array.from({ length: count }, (_, i) => first + i);
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
  const pages = pagesOf(total, pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {total} {noun}
      </Text>
      {pages > 1 && (
        <Group component="nav" aria-label={`Pages of ${noun}`} gap={6}>
          <Button variant="default" size="compact-sm" disabled={page <= 1} onClick={() => onChange(page - 1)}>
            Previous
          </Button>
          {pageWindow(page, pages).map((n) => (
            <Button
              key={n}
              size="compact-sm"
              miw={32}
              variant={n === page ? 'filled' : 'default'}
              aria-label={`Page ${n}`}
              aria-current={n === page ? 'page' : undefined}
              onClick={() => onChange(n)}
            >
              {n}
            </Button>
          ))}
          <Button variant="default" size="compact-sm" disabled={page >= pages} onClick={() => onChange(page + 1)}>
            Next
          </Button>
        </Group>
      )}
    </Group>
  );
}
