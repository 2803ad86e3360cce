/**
 * Step 4: the account exists. Start Searching (to /, spec §2) signs the new user in with the
 * username and password just chosen, after the Intent of Use as every login, and lands on the
 * home page; declined, the user stays here and can log in later.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import type { LoginInput } from '#shared/auth';
import type { CreateAccountResponse } from '#shared/registration';
import type { PlanType } from '#shared/teams';
import { useIntentLogin } from '../auth/use-intent-login';
import { SignUpNotices } from './notices';

const NEXT: Record<PlanType, string> = {
  COMPANY: 'Your company account is ready; your card is charged monthly for the plan and the searches you run.',
  FREE: 'Your free trial is ready: 10 searches every month, renewed on the 1st.',
  INVITATION: 'Your account is ready and has joined your team.',
};

export interface ThankYouStepProps {
  created: CreateAccountResponse | null;
  planType: PlanType;
  /** The username and password just chosen, to sign in with; absent, Start Searching is a plain link. */
  credentials: LoginInput | null;
}

export function ThankYouStep({ created, planType, credentials }: ThankYouStepProps) {
  const login = useIntentLogin();
  const startSearching = (event: MouseEvent) => {
    if (!credentials) return;
    event.preventDefault();
    login.start(credentials);
  };
  return (
    <Stack gap="md" align="flex-start">
      <Title order={2} fz={24}>
        Thank you
      </Title>
      <Text>{NEXT[planType]} Start Searching signs you in.</Text>
      {created && (
        <Text size="sm" c="dimmed">
          Username <b>{created.userName}</b> at {created.clientName}
          {created.cardLastFour ? `, card ending in ${created.cardLastFour}` : ''}.
        </Text>
      )}
      <SignUpNotices notices={created?.notices ?? []} />
      {login.error && (
        <Alert color="red" variant="light" role="alert" title="Could not log in">
          {login.error}
        </Alert>
      )}
      <Group>
        <Button component={Link} to="/" onClick={startSearching} loading={login.isSubmitting}>
          Start Searching
        </Button>
      </Group>
      {login.dialog}
    </Stack>
  );
}
