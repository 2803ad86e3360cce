/** Login: username and password, Intent of Use acknowledgement, then the server's login code. */
import { Alert, Anchor, Button, Center, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useLocation } from 'react-router';
import { LoginInputSchema } from '#shared/auth';
import { MESSAGES } from '#shared/messages';
import { TRIAL_UPGRADE_MESSAGES } from '#shared/trial-upgrade';
import type { LoginRedirectState } from '../app/guard';
import { useSessionUser } from '../app/current-user';
import { trialUpgradeOfferQuery } from './auth-api';
import { AuthCard } from './auth-card';
import { NoAccessCard } from './no-access-card';
import { useIntentLogin } from './use-intent-login';

export function LoginPage() {
  const redirect = useLocation().state as LoginRedirectState | null;
  const user = useSessionUser();
  const [isLoggingInAsOther, setLoggingInAsOther] = useState(false);
  if (user === undefined)
    return (
      <Center py="xl">
        <Loader aria-label="Checking your session" />
      </Center>
    );
  if (user && !isLoggingInAsOther) {
    if (redirect?.isDenied) return <NoAccessCard from={redirect.from} onLoginAsOther={() => setLoggingInAsOther(true)} />;
    // Signed in already: their home, not an empty form under the welcome banner (issue 55).
    return <Navigate to="/home" replace />;
  }
  return <LoginForm />;
}

function LoginForm() {
  const login = useIntentLogin();
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: schemaResolver(LoginInputSchema, { sync: true }),
  });

  return (
    <AuthCard title="Log in" intro="Log in to screen people and companies against the exclusion lists.">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => login.start({ username: values.username.trim(), password: values.password }))}
      >
        <Stack gap="md">
          {login.error && (
            <Alert color="red" variant="light" role="alert" title="Could not log in">
              {login.error}
              {login.refusal === 'TRIAL_EXPIRED' && <ExpiredTrialNext />}
            </Alert>
          )}
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot Password
            </Anchor>
            <Button type="submit" loading={login.isSubmitting}>
              Log in
            </Button>
          </Group>
          <Text size="sm" ta="center" mt="xs">
            New to Clearlist?{' '}
            <Anchor component={Link} to="/registration/company">
              Register
            </Anchor>
          </Text>
        </Stack>
      </form>
      {login.dialog}
    </AuthCard>
  );
}

/** What an expired trial's user can do: an owner upgrades; anyone else is told at once which owner to ask (issue 55). */
function ExpiredTrialNext() {
  const offer = useQuery(trialUpgradeOfferQuery);
  if (offer.isPending) return <Loader size="sm" mt="sm" aria-label="Checking who may upgrade" />;
  if (offer.data && !offer.data.canUpgrade) return <Text size="sm" mt="sm">{TRIAL_UPGRADE_MESSAGES.ownersOnly(offer.data.ownerNames)}</Text>;
  // An owner, or an offer that could not be read: the upgrade page says what it can.
  return (
    <Stack gap="xs" mt="sm" align="flex-start">
      <Text size="sm">{MESSAGES.trialExpiredUpgrade}</Text>
      <Button component={Link} to="/trial-upgrade" size="sm">
        Upgrade to a paid plan
      </Button>
    </Stack>
  );
}
