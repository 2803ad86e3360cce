/** Step 4: the account exists; Start Searching goes to / (spec §2). */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { CreateAccountResponse } from '#shared/registration';
import type { PlanType } from '#shared/teams';

const NEXT: Record<PlanType, string> = {
  COMPANY: 'Your company account is ready. Log in to start screening; your card is charged monthly for the plan and the searches you run.',
  FREE: 'Your free trial is ready: 10 searches every month, renewed on the 1st. Log in to start screening.',
  INVITATION: 'Your account is ready and has joined your team. Log in to start screening.',
};

export function ThankYouStep({ created, planType }: { created: CreateAccountResponse | null; planType: PlanType }) {
  return (
    <Stack gap="md" align="flex-start">
      <Title order={2} fz={24}>
        Thank you
      </Title>
      <Text>{NEXT[planType]}</Text>
      {created && (
        <Text size="sm" c="dimmed">
          Username <b>{created.userName}</b> at {created.clientName}
          {created.cardLastFour ? `, card ending in ${created.cardLastFour}` : ''}.
        </Text>
      )}
      <Group>
        <Button component={Link} to="/">
          Start Searching
        </Button>
      </Group>
    </Stack>
  );
}
