/** The server's notices about a sign-up (ADR 031), shown before the account is created and after. */
import { Alert, Stack } from '@mantine/core';

export function SignUpNotices({ notices }: { notices: readonly string[] }) {
  if (!notices.length) return null;
  return (
    <Stack gap="xs">
      {notices.map((notice) => (
        <Alert key={notice} color="blue" variant="light" role="status">
          {notice}
        </Alert>
      ))}
    </Stack>
  );
}
