/** Trial view (spec §2 Account Details): searches left this month, what the trial includes, help, and the upgrade. */
import { useState } from 'react';
import { Button, Card, Group, List, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatLongDate, SEARCH_OPTION_NAMES, TRIAL_SEARCHES_PER_MONTH, type AccountDetails } from '#shared/account';
import { HelpCard } from './help-card';
import { UpgradeDialog } from './upgrade-dialog';

export function TrialView({ account }: { account: AccountDetails }) {
  const [isUpgrading, setUpgrading] = useState(false);
  const perMonth = account.trialSearchesPerMonth ?? TRIAL_SEARCHES_PER_MONTH;
  const left = Math.max(0, account.trialSearchesLeft ?? 0);
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trial-searches">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="trial-searches">
              Searches left this month
            </Title>
            <Group gap={6} align="baseline">
              <Text fz={40} fw={700} lh={1} data-testid="trial-searches-left">
                {left}
              </Text>
              <Text c="dimmed">of {perMonth}</Text>
            </Group>
            <Progress value={(left / perMonth) * 100} aria-label={`${left} of ${perMonth} searches left`} />
            <Text size="sm" c="dimmed">
              {account.trialResetsOn ? `Your ${perMonth} free searches come back on ${formatLongDate(account.trialResetsOn)}.` : `Your ${perMonth} free searches come back on the 1st of each month.`}
            </Text>
          </Stack>
        </Card>
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="trial-includes">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="trial-includes">
              Your free trial
            </Title>
            {account.trialEndsOn && (
              <Text size="sm" fw={600} data-testid="trial-ends-on">
                Your trial ends on {formatLongDate(account.trialEndsOn)}. Upgrade before then to keep searching.
              </Text>
            )}
            <List size="sm" spacing={4}>
              <List.Item>{perMonth} free searches every month, renewed on the 1st</List.Item>
              <List.Item>{account.searchOptions.map((o) => SEARCH_OPTION_NAMES[o]).join(' and ')}</List.Item>
              <List.Item>One team; batch and interactive search; review of every potential match</List.Item>
            </List>
            <Text size="sm">
              A company account has no monthly limit: $30 a month for a single team or $75 for unlimited teams, plus each search.
            </Text>
            <Button onClick={() => setUpgrading(true)} style={{ alignSelf: 'flex-start' }}>
              Upgrade to a company account
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
      <HelpCard />
      {isUpgrading && <UpgradeDialog account={account} onClose={() => setUpgrading(false)} />}
    </Stack>
  );
}
