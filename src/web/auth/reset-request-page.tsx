/** Forgot password: ask for a reset link by username or e-mail; the answer never says which exists. */
import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link } from 'react-router';
import { PasswordResetRequestSchema } from '#shared/auth';
import { MESSAGES } from '#shared/messages';
import { isApiError } from '../app/api';
import { AuthCard } from './auth-card';
import { requestPasswordReset } from './auth-api';

export function ResetRequestPage() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { usernameOrEmail: '' },
    validate: schemaResolver(PasswordResetRequestSchema, { sync: true }),
  });

  const submit = async ({ usernameOrEmail }: { usernameOrEmail: string }) => {
    setError(null);
    setSubmitting(true);
    try {
      setSent(await requestPasswordReset(usernameOrEmail.trim()));
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : MESSAGES.genericError);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      intro="Enter your username or the e-mail address of your account. We will e-mail you a link to choose a new password."
    >
      {sent ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status" title="Check your e-mail">
            {sent}
          </Alert>
          <Anchor component={Link} to="/login">
            Back to log in
          </Anchor>
        </Stack>
      ) : (
        <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
          <Stack gap="md">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <TextInput
              label="Username or e-mail"
              autoComplete="username"
              required
              {...form.getInputProps('usernameOrEmail')}
            />
            <Button type="submit" loading={isSubmitting}>
              Send reset link
            </Button>
            <Text size="sm" ta="center">
              Remembered it?{' '}
              <Anchor component={Link} to="/login">
                Log in
              </Anchor>
            </Text>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
