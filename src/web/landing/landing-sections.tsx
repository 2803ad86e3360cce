/** Content blocks of the landing page: who it is for, what it searches, pricing. */
import { Card, List, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { TRIAL_DAYS } from '#shared/account';
import { STATE_NAMES, statesCoveredWords } from '#shared/state-lists';
import { MONITORING_PRICE_TEXT } from '#shared/prices';

const AUDIENCES = [
  { title: 'Health plans', text: 'Screen network providers, employees and first tier, downstream and related entities before contracting and monthly.' },
  { title: 'Health systems', text: 'Check employees, medical staff, contractors and vendors against federal and state lists in one pass.' },
  { title: 'Pharmacy and biotech', text: 'Screen prescribers, staff and suppliers, including NPI validation and Medicare opt-out.' },
];

const SEARCHES = [
  'OIG LEIE and SAM.gov exclusions',
  'OFAC SDN and Consolidated sanctions lists',
  `State Medicaid lists of ${statesCoveredWords()}: ${STATE_NAMES.join(', ')}`,
  'NPI validation (NPPES) and the CMS Medicare opt-out list',
  'Social Security Death Master File',
];

export function AudienceSection() {
  return (
    <Stack component="section" gap="lg" aria-labelledby="landing-audience">
      <Title order={2} id="landing-audience" ta="center">
        Built for healthcare compliance teams
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {AUDIENCES.map((audience) => (
          <Card key={audience.title} withBorder radius="md" padding="lg">
            <Title order={3} fz="lg" mb={6}>
              {audience.title}
            </Title>
            <Text size="sm">{audience.text}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function SearchesSection() {
  return (
    <Stack component="section" gap="md" aria-labelledby="landing-searches">
      <Title order={2} id="landing-searches">
        One search, every list that matters
      </Title>
      <Text>
        Search one person or company by name or NPI, or upload a CSV roster and screen everyone at once. Each potential
        match gets a review status, notes and a full history, ready for your auditors.
      </Text>
      <List spacing="xs" icon={<CheckIcon />} center>
        {SEARCHES.map((search) => (
          <List.Item key={search}>{search}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

export function PricingSection() {
  return (
    <Stack component="section" gap="md" aria-labelledby="landing-pricing">
      <Title order={2} id="landing-pricing">
        Simple pricing
      </Title>
      <List spacing="xs" icon={<CheckIcon />} center>
        <List.Item>Plans start at $30 per month.</List.Item>
        <List.Item>You are billed per search, monthly. No long-term contract.</List.Item>
        <List.Item>The free trial gives you 10 free searches every month for {TRIAL_DAYS} days.</List.Item>
        <List.Item>Invite your co-workers to search with you.</List.Item>
        <List.Item>Monitor your rosters for $0.10 per person per month.</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        Name searches cost $0.15, NPI searches $0.20, OFAC and Death Master File checks $0.05 each. A single team is $30
        per month, unlimited teams $75 per month. Contact us for discounted pricing above 500 searches a month.
      </Text>
      <Text size="sm" c="dimmed">
        {MONITORING_PRICE_TEXT}
      </Text>
    </Stack>
  );
}

function CheckIcon() {
  return (
    <ThemeIcon size={22} radius="xl" color="green.9" aria-hidden="true">
      <svg width="12" height="12" viewBox="0 0 12 12" focusable="false">
        <path d="M2.5 6.2l2.3 2.3 4.7-5" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ThemeIcon>
  );
}
