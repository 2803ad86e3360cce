/** The summary bar above the Exclusions tab: rows screened, rows with findings, records by status and by source, what is left. */
import { Badge, Group, Paper, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_STATUSES } from '#shared/review-status';
import { fetchSummary } from './results-api';
import { resultKeys } from './result-keys';
import { reviewStatusColor, reviewStatusLabel, textOnLight } from './review-status';

const count = (n: number) => n.toLocaleString('en-US');

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" lh={1.2}>
        {value}
      </Text>
    </div>
  );
}

export function ResultsSummary({ batchId }: { batchId: number }) {
  // Under the batch's key: every status change refetches it with the lists.
  const summary = useQuery({ queryKey: resultKeys.summary(batchId), queryFn: () => fetchSummary(batchId) });
  if (!summary.data) return null;
  const s = summary.data;
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Summary">
      <Group gap="xl" wrap="wrap" align="flex-start">
        <Figure label="Rows screened" value={count(s.rowsScreened)} />
        <Figure label="Rows with findings" value={count(s.rowsWithFindings)} />
        <Figure label="Left to review (all tabs)" value={count(s.toReview)} />
        <Figure label="Review threshold" value={s.reviewThreshold === null ? 'Not recorded' : s.reviewThreshold.toFixed(2)} />
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            Exclusion records by status
          </Text>
          <Group gap={6} mt={4} wrap="wrap">
            {REVIEW_STATUSES.map((status) => (
              <Badge key={status} variant="light" color={reviewStatusColor(status)} c={textOnLight(reviewStatusColor(status))} tt="none">
                {reviewStatusLabel(status)}: {count(s.byStatus[status])}
              </Badge>
            ))}
          </Group>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600}>
            By source
          </Text>
          <Group gap={6} mt={4} wrap="wrap">
            {s.bySource.length === 0 && <Text size="sm">None</Text>}
            {s.bySource.map((source) => (
              <Badge key={source.source} variant="outline" color="gray" tt="none">
                {source.name}: {count(source.count)}
              </Badge>
            ))}
          </Group>
        </div>
      </Group>
    </Paper>
  );
}
