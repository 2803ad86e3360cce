/** Pager of the batch list: first, previous, seven page buttons, next, last. */
import { Button, Group } from '@mantine/core';
import { pageWindow } from './batch-display';

export interface BatchPagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
}

export function BatchPager({ page, totalPages, onChange }: BatchPagerProps) {
  if (totalPages <= 1) return null;
  const step = (label: string, target: number, isDisabled: boolean) => (
    <Button variant="default" size="compact-sm" disabled={isDisabled} onClick={() => onChange(target)}>
      {label}
    </Button>
  );
  return (
    <Group component="nav" aria-label="Pages" gap={6} justify="center">
      {step('First', 1, page === 1)}
      {step('Previous', page - 1, page === 1)}
      {pageWindow(page, totalPages).map((n) => (
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
      {step('Next', page + 1, page === totalPages)}
      {step('Last', totalPages, page === totalPages)}
    </Group>
  );
}
