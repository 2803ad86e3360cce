/** The plan's choices: team type cards, search options with their prices, and the running monthly total. */
import { useState } from 'react';
import { ActionIcon, Badge, Checkbox, Group, NumberInput, Paper, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { SEARCH_PRICE_CENTS } from '#shared/prices';
import { SEARCH_OPTIONS, TEAM_TYPES, type SearchOption, type TeamType } from '#shared/teams';
import { formatCents, PLAN_NAMES, PLAN_PRICE_CENTS, SEARCH_OPTION_NAMES } from '#shared/account';
import { monthlyTotalCents, perPersonCents, SEARCH_OPTION_NOTES } from './plan-pricing';

const TEAM_NOTES: Record<TeamType, string> = {
  SINGLE: 'One team: everyone in your company shares searches and results.',
  MULTI_TEAM: 'As many teams as you need, each with its own searches, results and owner.',
};

export interface TeamTypeChoiceProps {
  value: TeamType | null;
  onChange: (value: TeamType) => void;
  error?: string | null;
}

export function TeamTypeChoice({ value, onChange, error }: TeamTypeChoiceProps) {
  return (
    <Radio.Group label="Team option" value={value} onChange={(v) => onChange(v as TeamType)} error={error} withAsterisk>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs">
        {TEAM_TYPES.map((type) => (
          <Radio.Card key={type} value={type} radius="md" p="md" withBorder aria-label={PLAN_NAMES[type]}>
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <Stack gap={4}>
                <Text fw={600}>{PLAN_NAMES[type]}</Text>
                <Text fw={700} fz="lg">
                  {formatCents(PLAN_PRICE_CENTS[type])}
                  <Text span c="dimmed" fz="sm" fw={400}>
                    {' '}
                    / month
                  </Text>
                </Text>
                <Text size="sm" c="dimmed">
                  {TEAM_NOTES[type]}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

export interface SearchOptionsChoiceProps {
  value: SearchOption[];
  onChange: (value: SearchOption[]) => void;
  /** Options that cannot be changed here (a paid account's existing ones: never removable). */
  locked?: readonly SearchOption[];
  error?: string | null;
}

/** OFAC is an add-on to the name search: it needs NAME, and goes when NAME goes. */
export function applyOptionRules(next: readonly SearchOption[]): SearchOption[] {
  const set = new Set(next);
  if (!set.has('NAME')) set.delete('OFAC');
  return SEARCH_OPTIONS.filter((option) => set.has(option));
}

export function SearchOptionsChoice({ value, onChange, locked = [], error }: SearchOptionsChoiceProps) {
  return (
    <Checkbox.Group label="Search options" value={value} onChange={(v) => onChange(applyOptionRules(v as SearchOption[]))} error={error}>
      <Stack gap="sm" mt="xs">
        {SEARCH_OPTIONS.map((option) => (
          <Checkbox
            key={option}
            value={option}
            disabled={locked.includes(option) || (option === 'OFAC' && !value.includes('NAME'))}
            label={
              <Group gap={6} wrap="wrap" component="span">
                <span>{SEARCH_OPTION_NAMES[option]}</span>
                <Badge variant="light" color="gray" size="sm" style={{ textTransform: 'none' }}>
                  {formatCents(SEARCH_PRICE_CENTS[option])} per search
                </Badge>
              </Group>
            }
            description={SEARCH_OPTION_NOTES[option]}
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

export interface MonthlyTotalProps {
  teamType: TeamType | null;
  searchOptions: readonly SearchOption[];
}

/** The plan plus an estimate of the searches: the user says how many people they screen a month. */
const PEOPLE_STEP = 50;
const PEOPLE_MAX = 100_000;

export function MonthlyTotal({ teamType, searchOptions }: MonthlyTotalProps) {
  const [people, setPeople] = useState<number>(100);
  const perPerson = perPersonCents(searchOptions);
  const stepPeople = (by: number) => setPeople((p) => Math.min(PEOPLE_MAX, Math.max(0, p + by)));
  // Named buttons rather than Mantine's unnamed chevrons, so a screen reader can say what they do.
  const steppers = (
    <Group gap={2} wrap="nowrap">
      <ActionIcon size="sm" variant="subtle" aria-label={`${PEOPLE_STEP} fewer people`} onClick={() => stepPeople(-PEOPLE_STEP)} disabled={people <= 0}>
        −
      </ActionIcon>
      <ActionIcon size="sm" variant="subtle" aria-label={`${PEOPLE_STEP} more people`} onClick={() => stepPeople(PEOPLE_STEP)} disabled={people >= PEOPLE_MAX}>
        +
      </ActionIcon>
    </Group>
  );
  return (
    <Paper withBorder radius="md" p="md" bg="gray.0" aria-label="Monthly total" role="region">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{teamType ? `${PLAN_NAMES[teamType]} plan` : 'Plan (choose a team option)'}</Text>
          <Text size="sm" fw={600}>
            {teamType ? formatCents(PLAN_PRICE_CENTS[teamType]) : '—'}
          </Text>
        </Group>
        <Group justify="space-between" wrap="nowrap" align="flex-end">
          <NumberInput
            label="People screened a month"
            value={people}
            onChange={(v) => setPeople(typeof v === 'number' ? v : 0)}
            min={0}
            max={PEOPLE_MAX}
            step={PEOPLE_STEP}
            hideControls
            rightSection={steppers}
            rightSectionWidth={56}
            rightSectionPointerEvents="all"
            allowDecimal={false}
            allowNegative={false}
            thousandSeparator=","
            w={190}
            size="xs"
          />
          <Text size="sm" fw={600}>
            {formatCents(perPerson * people)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {formatCents(perPerson)} per person screened with the options chosen; searches are billed monthly for what you use.
        </Text>
        <Group justify="space-between" wrap="nowrap" pt="xs" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <Text fw={700}>Estimated monthly total</Text>
          {/* No estimate without a plan price: the plan is most of the bill. */}
          <Text fw={700} fz={teamType ? 'lg' : 'sm'} ta="right" data-testid="monthly-total">
            {teamType ? formatCents(monthlyTotalCents(teamType, searchOptions, people)) : 'Choose a team option first'}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
