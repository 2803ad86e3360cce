/** Step 3 (paid plan): everything chosen, once more, before the account is created and the card charged. */
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PlanPriceTable } from '../components/plan-price-table';
import type { Registration } from './use-registration';
import { SignUpNotices } from './notices';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '—'}</Text>
    </Stack>
  );
}

export function ConfirmStep({ flow }: { flow: Registration }) {
  const values = flow.form.getValues();
  const teamType = flow.plan.teamType ?? 'SINGLE';
  return (
    <Stack gap="lg">
      <Title order={2} fz="lg">
        Confirm
      </Title>
      <SignUpNotices notices={flow.notices} />
      <section aria-label="Plan">
        <PlanPriceTable teamType={teamType} searchOptions={flow.plan.searchOptions} />
        <Text size="sm" c="dimmed" mt="xs">
          Billed on the first business day of each month: the plan and last month&apos;s searches. Monthly term, no refunds; if you
          cancel, you keep access until the end of the period.
        </Text>
      </section>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" aria-label="Account">
        <Fact label="Name" value={`${values.firstName.trim()} ${values.lastName.trim()}`} />
        <Fact label="E-mail" value={values.email.trim()} />
        <Fact label="Company" value={values.companyName.trim()} />
        <Fact label="Company size / industry" value={`${values.companySize} · ${values.industry}`} />
        <Fact label="Username" value={values.username.trim()} />
        <Fact label="Card" value={flow.card ? `Ending in ${flow.card.lastFour}` : ''} />
      </SimpleGrid>
      <Group justify="space-between">
        <Button variant="default" onClick={flow.back} disabled={flow.isBusy}>
          Back
        </Button>
        <Button onClick={flow.confirm} loading={flow.isBusy}>
          Create account
        </Button>
      </Group>
    </Stack>
  );
}
