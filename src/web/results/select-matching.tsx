/**
 * "Select all that match the filter": offered once every record of the page is selected and
 * the filter matches more; then the bulk change applies to all of them (counted by the server).
 */
import { Alert, Button, Group, Text } from '@mantine/core';

export interface SelectMatchingProps {
  /** Records of the page, all selected. */
  pageCount: number;
  /** All records the filter matches, when selected; null while only the page is. */
  matching: number | null;
  isCounting: boolean;
  hasMorePages: boolean;
  onSelectMatching: () => void;
}

const count = (n: number) => n.toLocaleString('en-US');

export function SelectMatching({ pageCount, matching, isCounting, hasMorePages, onSelectMatching }: SelectMatchingProps) {
  if (matching !== null) {
    return (
      <Alert variant="light" color="brand" p="xs" role="status">
        <Text size="sm" fw={600}>
          All {count(matching)} records that match the filter are selected. Choose a status with Change status, or Clear selection.
        </Text>
      </Alert>
    );
  }
  if (!hasMorePages) return null;
  return (
    <Alert variant="light" color="gray" p="xs" role="status">
      <Group gap="sm" wrap="wrap">
        <Text size="sm">All {count(pageCount)} records on this page are selected.</Text>
        <Button size="compact-sm" variant="subtle" loading={isCounting} onClick={onSelectMatching}>
          Select all records that match the filter
        </Button>
      </Group>
    </Alert>
  );
}
