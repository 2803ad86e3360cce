/** Who is signed in, and for which client: in the top bar and in the narrow screens' menu drawer. */
import { Stack, Text, type MantineSpacing } from '@mantine/core';
import type { CurrentUser } from '#shared/auth';

export function WelcomeBanner({ user, mr }: { user: CurrentUser; mr?: MantineSpacing }) {
  return (
    <Stack gap={0} mr={mr} aria-label="Signed in as" role="group">
      <Text size="sm" fw={600}>
        Welcome, {user.fullName}
      </Text>
      <Text size="xs" c="dimmed">
        {user.clientName}
      </Text>
    </Stack>
  );
}
