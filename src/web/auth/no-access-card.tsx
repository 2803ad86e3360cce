/** /login for a signed-in user whose roles do not allow the page asked for: why, and the way back. */
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { ROUTES } from '#shared/navigation';
import { MESSAGES } from '#shared/messages';
import { AuthCard } from './auth-card';

export function NoAccessCard({ from, onLoginAsOther }: { from: string; onLoginAsOther: () => void }) {
  const title = ROUTES.find((r) => r.path === from)?.title;
  return (
    <AuthCard title="No access to that page">
      <Stack gap="md">
        <Alert color="orange" variant="light" role="alert" title={MESSAGES.noAccess}>
          {title ? `${title} (${from})` : from} needs a role your account does not hold. Ask your administrator if you need it.
        </Alert>
        <Group justify="space-between">
          <Anchor component="button" type="button" size="sm" onClick={onLoginAsOther}>
            Log in with another account
          </Anchor>
          <Button component={Link} to="/home">
            Back to your home page
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          The pages your account can open are in the Search and Settings menus.
        </Text>
      </Stack>
    </AuthCard>
  );
}
