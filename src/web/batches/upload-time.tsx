/** The Date Uploaded cell: the spec's UTC date, and under it the time in the user's zone (issue 55). */
import { Text } from '@mantine/core';
import { formatLocalTime, formatUtcDate } from './batch-display';

export function UploadTime({ timestamp }: { timestamp: string }) {
  return (
    <time dateTime={timestamp} style={{ display: 'flex', flexDirection: 'column' }}>
      <span>{formatUtcDate(timestamp)}</span>{' '}
      <Text span size="xs" c="dimmed">
        {formatLocalTime(timestamp)}
      </Text>
    </time>
  );
}
