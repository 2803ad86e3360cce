/** Choose a new password from the e-mailed link: the link is checked first, then local rules, then the server decides. */
import { useState } from 'react';
import { Alert, Anchor, Button, Center, Loader, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { MESSAGES } from '#shared/messages';
import { isApiError } from '../app/api';
import { AuthCard } from './auth-card';
import { checkResetLink, resetPassword } from './auth-api';
import { NewPasswordSchema, refineNewPassword, splitServerErrors, type NewPasswordValues } from './password-rules';

const FIELDS = ['password', 'verifyPassword'] as const;
const ResetFormSchema = NewPasswordSchema.superRefine((values, ctx) => refineNewPassword(values, ctx));

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  // A used or expired link is refused when the page opens, not after the user typed a password.
  const check = useQuery({ queryKey: ['reset-link', token], queryFn: () => checkResetLink(token), retry: false, staleTime: Infinity });
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm<NewPasswordValues>({
    initialValues: { password: '', verifyPassword: '' },
    validate: schemaResolver(ResetFormSchema, { sync: true }),
  });

  const submit = async (values: NewPasswordValues) => {
    setError(null);
    setSubmitting(true);
    try {
      setDone(await resetPassword(token, values.password, values.verifyPassword));
    } catch (cause) {
      if (!isApiError(cause)) setError(MESSAGES.genericError);
      else {
        const { fieldErrors, message } = splitServerErrors(cause, FIELDS);
        form.setErrors(fieldErrors);
        setError(message);
      }
    } finally {
      setSubmitting(false);
    }
  };

  if (done) {
    return (
      <AuthCard title="Password changed">
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            {done}
          </Alert>
          <Button component={Link} to="/login">
            Log in
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (check.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Checking the reset link" />
      </Center>
    );
  }
  if (check.isError) {
    return (
      <AuthCard title="This link cannot be used">
        <Stack gap="md">
          <Alert color="red" variant="light" role="alert">
            {isApiError(check.error) && check.error.status < 500 ? check.error.message : MESSAGES.genericError}
          </Alert>
          <Button component={Link} to="/reset-password">
            Request a new link
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" intro={MESSAGES.passwordRules}>
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}{' '}
              <Anchor component={Link} to="/reset-password" size="sm">
                Request a new link
              </Anchor>
            </Alert>
          )}
          <PasswordInput label="New password" autoComplete="new-password" required {...form.getInputProps('password')} />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            {...form.getInputProps('verifyPassword')}
          />
          <Button type="submit" loading={isSubmitting}>
            Change password
          </Button>
          <Text size="sm" ta="center">
            <Anchor component={Link} to="/login">
              Back to log in
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
