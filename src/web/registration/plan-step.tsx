/** Step 1 (paid plan): team option, search options with their prices, and the running monthly total. */
import { Button, Grid, Group, Stack, Title } from '@mantine/core';
import { MonthlyTotal, SearchOptionsChoice, TeamTypeChoice } from './plan-choices';
import type { Registration } from './use-registration';

export function PlanStep({ flow }: { flow: Registration }) {
  const { plan } = flow;
  return (
    <Stack gap="lg">
      <Title order={2} fz="lg">
        Choose a Plan & Options
      </Title>
      <TeamTypeChoice value={plan.teamType} onChange={flow.chooseTeam} error={flow.teamError} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <SearchOptionsChoice value={plan.searchOptions} onChange={(searchOptions) => flow.setPlan((p) => ({ ...p, searchOptions }))} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 5 }}>
          <MonthlyTotal teamType={plan.teamType} searchOptions={plan.searchOptions} />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end">
        <Button onClick={flow.leavePlanStep} disabled={plan.searchOptions.length === 0}>
          Continue
        </Button>
      </Group>
    </Stack>
  );
}
