/** First run: the operator opens the setup link and chooses the first system administrator. */
import { useState } from 'react';
import { Alert, Button, Center, Loader, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { SetupInputSchema } from '#shared/auth';
import { MESSAGES } from '#shared/messages';
import { isApiError } from '../app/api';
import { showToast } from '../app/toasts';
import { AuthCard } from './auth-card';
import { checkSetupToken, completeSetup } from './auth-api';
import { NewPasswordSchema, refineNewPassword, splitServerErrors } from './password-rules';

/** The contract without the link's token, with the confirmation and the password rules. */
const SetupFormSchema = SetupInputSchema.omit({ token: true })
  .extend({ verifyPassword: NewPasswordSchema.shape.verifyPassword })
  .superRefine((values, ctx) => refineNewPassword(values, ctx, values.username));
type SetupValues = z.input<typeof SetupFormSchema>;

const FIELDS = ['username', 'email', 'firstName', 'lastName', 'password', 'verifyPassword'] as const;

export function SetupPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const check = useQuery({ queryKey: ['setup', token], queryFn: () => checkSetupToken(token), retry: false });
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm<SetupValues>({
    initialValues: { username: '', email: '', firstName: '', lastName: '', password: '', verifyPassword: '' },
    validate: schemaResolver(SetupFormSchema, { sync: true }),
  });

  const submit = async ({ verifyPassword: _confirmation, ...values }: SetupValues) => {
    setError(null);
    setSubmitting(true);
    try {
      const message = await completeSetup({
        token,
        username: values.username.trim(),
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        password: values.password,
      });
      showToast(message, 'success');
      navigate('/login', { replace: true });
    } catch (cause) {
      if (!isApiError(cause)) setError(MESSAGES.genericError);
      else {
        const { fieldErrors, message } = splitServerErrors(cause, FIELDS);
        form.setErrors(fieldErrors);
        setError(message);
      }
      setSubmitting(false);
    }
  };

  if (check.isPending) {
    return (
      <Center py={80}>
        <Loader aria-label="Checking the setup link" />
      </Center>
    );
  }
  if (check.isError || !check.data) {
    return (
      <AuthCard title="Set up Clearlist">
        <Alert color="red" variant="light" role="alert">
          {check.error && isApiError(check.error) && check.error.status !== 404 ? check.error.message : MESSAGES.setupLinkInvalid}
        </Alert>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Set up Clearlist"
      width={560}
      intro="Create the first system administrator. This account can add clients, users and manage the lists."
    >
      <form noValidate onSubmit={form.onSubmit((values) => void submit(values))}>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
            <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
          </SimpleGrid>
          <TextInput label="E-mail" type="email" autoComplete="email" required {...form.getInputProps('email')} />
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <PasswordInput
            label="Password"
            description={MESSAGES.passwordRules}
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
          />
          <PasswordInput label="Confirm password" autoComplete="new-password" required {...form.getInputProps('verifyPassword')} />
          <Button type="submit" loading={isSubmitting}>
            Create administrator
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
