/** A record's change history, newest first: new status, who, when (UTC) and the note; carried-forward decisions say whose. */
import { Badge, Group, Stack, Text, Timeline, Title } from '@mantine/core';
import type { HistoryEntry } from '#shared/result-detail';
import { reviewStatusColor, reviewStatusLabel, textOnLight } from './review-status';

/** YYYY-MM-DD HH:mm UTC. */
export function formatUtcTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function ChangeHistory({ entries }: { entries: HistoryEntry[] }) {
  const newestFirst = [...entries].reverse();
  return (
    <Stack gap="sm" component="section" aria-label="Change history">
      <Title order={3} size="h4">
        Change history
      </Title>
      {newestFirst.length === 0 ? (
        <Text size="sm" c="dimmed">
          No change yet.
        </Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} active={newestFirst.length}>
          {newestFirst.map((entry) => (
            <Timeline.Item key={entry.id} color={reviewStatusColor(entry.newStatus)}>
              <Group gap={6} wrap="wrap">
                {entry.previousStatus && (
                  <>
                    <Text size="sm">{reviewStatusLabel(entry.previousStatus)}</Text>
                    <Text size="sm" aria-hidden="true">
                      →
                    </Text>
                  </>
                )}
                <Badge variant="light" color={reviewStatusColor(entry.newStatus)} c={textOnLight(reviewStatusColor(entry.newStatus))} tt="none">
                  {reviewStatusLabel(entry.newStatus)}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed" mt={4}>
                {entry.modifiedBy} · {formatUtcTime(entry.modifiedDate)}
              </Text>
              {entry.carriedFrom && (
                <Text size="sm" mt={4}>
                  Carried forward from {entry.carriedFrom.fileName}: decided by {entry.carriedFrom.decidedBy} on {formatUtcTime(entry.carriedFrom.decidedAt)}
                  {entry.carriedFrom.notes ? ` (“${entry.carriedFrom.notes}”)` : ''}.
                </Text>
              )}
              {entry.notes && (
                <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                  {entry.notes}
                </Text>
              )}
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
