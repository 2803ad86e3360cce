/** The home page's month (ADR 046, 128): a trial's allowance and dates, or the searches and their charges, monitoring apart. */
import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { formatLongDate } from '#shared/account';
import type { HomeSummary, TrialAllowance } from '#shared/home';

const money = (dollars: number) => dollars.toLocaleString('en-US', { style: 'currency', currency: 'USD' });

export function MonthCard({ month }: { month: HomeSummary['month'] | undefined }) {
  return (
    <Card withBorder padding="lg" radius="md" component="section" aria-label="This month">
      <Text size="sm" c="dimmed" fw={700} tt="uppercase">
        {month?.trial ? 'Your free trial' : 'This month'}
      </Text>
      {!month ? <Skeleton height={60} mt="xs" /> : month.trial ? <TrialFigures trial={month.trial} /> : <MonthFigures month={month} />}
    </Card>
  );
}

function TrialFigures({ trial }: { trial: TrialAllowance }) {
  return (
    <>
      <Text fz={36} fw={800} lh={1.2}>
        {trial.searchesLeft}
      </Text>
      <Stack gap={2}>
        <Text size="sm">
          of {trial.searchesPerMonth} searches left this month; they come back on {formatLongDate(trial.resetsOn)}
        </Text>
        {trial.endsOn && (
          <Text size="sm" fw={600}>
            Your trial ends on {formatLongDate(trial.endsOn)}
          </Text>
        )}
      </Stack>
    </>
  );
}

function MonthFigures({ month }: { month: HomeSummary['month'] }) {
  return (
    <>
      <Text fz={36} fw={800} lh={1.2}>
        {month.searches.toLocaleString('en-US')}
      </Text>
      <Stack gap={2}>
        <Text size="sm">searches{month.spend === null ? '' : `, ${money(month.spend)} in search charges`}</Text>
        {month.monitoringSpend ? <Text size="sm">{money(month.monitoringSpend)} for monitoring</Text> : null}
      </Stack>
    </>
  );
}
