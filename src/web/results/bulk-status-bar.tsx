/** Bulk status change of the selected records: how many are selected, the statuses to set, clear the selection. */
import { Button, ColorSwatch, Group, Menu, Text } from '@mantine/core';
import { REVIEW_STATUSES, type ReviewStatus } from '#shared/review-status';
import { reviewStatusColor, reviewStatusLabel } from './review-status';

export interface BulkStatusBarProps {
  count: number;
  onChoose: (newStatus: ReviewStatus) => void;
  onClear: () => void;
}

export function BulkStatusBar({ count, onChoose, onClear }: BulkStatusBarProps) {
  return (
    <Group gap="sm" aria-label="Selected records" role="group">
      <Text size="sm" fw={600} aria-live="polite">
        {count.toLocaleString('en-US')} selected
      </Text>
      <Menu position="bottom-start" shadow="md" withinPortal disabled={count === 0}>
        <Menu.Target>
          <Button size="sm" disabled={count === 0} rightSection={<span aria-hidden="true">▾</span>}>
            Change status
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Set the selected records to</Menu.Label>
          {REVIEW_STATUSES.map((status) => (
            <Menu.Item key={status} onClick={() => onChoose(status)} leftSection={<ColorSwatch size={10} color={`var(--mantine-color-${reviewStatusColor(status)}-6)`} aria-hidden="true" />}>
              {reviewStatusLabel(status)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {count > 0 && (
        <Button size="sm" variant="subtle" onClick={onClear}>
          Clear selection
        </Button>
      )}
    </Group>
  );
}
