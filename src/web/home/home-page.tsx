/**
 * Signed-in home (/home), the compliance home (ADR 046): what needs attention first (alerts and
 * results to review, by age), monitored rosters, list freshness, the month's searches and the
 * last batches. Every page stays reachable through the Search and Settings menus.
 */
import { Anchor, Card, Container, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCurrentUser } from '../app/current-user';
import { fetchHomeSummary, fetchListStatuses, fetchRosters, monitoringKeys } from '../monitoring/monitoring-api';
import { AgeCard, LastBatches, RosterSummary } from './home-sections';
import { ListFreshness } from './list-freshness';
import { MonthCard } from './month-card';

const GUIDES = [
  { to: '/lists', title: 'Lists we search' },
  { to: '/why-monthly', title: 'Why search every month' },
  { to: '/automation', title: 'Automation' },
  { to: '/help', title: 'Help' },
];

export function HomePage() {
  const { data: user } = useCurrentUser();
  const summary = useQuery({ queryKey: monitoringKeys.home, queryFn: fetchHomeSummary, enabled: Boolean(user) });
  const rosters = useQuery({ queryKey: monitoringKeys.rosters, queryFn: fetchRosters, enabled: Boolean(user) });
  const lists = useQuery({ queryKey: monitoringKeys.lists, queryFn: fetchListStatuses, enabled: Boolean(user) });
  if (!user) return null;

  return (
    <Container size={1200} px="md" py={{ base: 'lg', sm: 40 }}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Stack gap={4}>
            <Title order={1}>Welcome, {user.firstName || user.fullName}</Title>
            <Text c="dimmed">
              {user.clientName}
              {/* A single team is often named after its company: "Paid Audit Co", once. */}
              {user.teamName && user.teamName !== user.clientName ? ` · ${user.teamName}` : ''}
            </Text>
          </Stack>
          <Group gap="md">
            <Anchor component={Link} to="/interactive/search" fw={600}>
              Search a person
            </Anchor>
            <Anchor component={Link} to="/flex-search" fw={600}>
              Batch Search
            </Anchor>
            <Anchor component={Link} to="/monitoring" fw={600}>
              Monitoring
            </Anchor>
          </Group>
        </Group>

        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} component="section" aria-label="What needs attention">
          <AgeCard title="Alerts to review" link="/monitoring" linkLabel="Open Monitoring" counts={summary.data?.review.alerts} />
          <AgeCard title="Batch results to review" link="/flex-search" linkLabel="Open Batch Search" counts={summary.data?.review.results} />
          <MonthCard month={summary.data?.month} />
        </SimpleGrid>

        <Grid gap="lg" align="flex-start">
          <Grid.Col span={{ base: 12, md: 5 }}>
            <RosterSummary data={rosters.data} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <ListFreshness lists={lists.data} />
          </Grid.Col>
        </Grid>

        <LastBatches batches={summary.data?.lastBatches} />

        <Card withBorder padding="md" component="section" aria-label="Learn more">
          <Group gap="lg" wrap="wrap">
            <Text fw={600}>Learn more:</Text>
            {GUIDES.map((guide) => (
              <Anchor key={guide.to} component={Link} to={guide.to}>
                {guide.title}
              </Anchor>
            ))}
          </Group>
        </Card>
      </Stack>
    </Container>
  );
}
