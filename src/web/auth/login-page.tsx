/** Login: username and password, Intent of Use acknowledgement, then the server's login code. */
import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { LoginInput } from '#shared/auth';
import { INTENT_DECLINED, MESSAGES, loginMessage } from '#shared/messages';
import { isApiError } from '../app/api';
import { refreshCurrentUser } from '../app/current-user';
import { showToast } from '../app/toasts';
import { AuthCard } from './auth-card';
import { requestLogin } from './auth-api';
import { IntentDialog } from './intent-dialog';

const required = (value: string) => (value.trim() ? null : MESSAGES.required);

export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<LoginInput | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setSubmitting] = useState(false);
  const form = useForm({
    initialValues: { username: '', password: '' },
    validate: { username: required, password: (value) => (value ? null : MESSAGES.required) },
  });

  const acknowledge = async () => {
    if (!pending) return;
    const credentials = pending;
    setPending(null);
    setSubmitting(true);
    try {
      const code = await requestLogin(credentials);
      if (code === 'LOGIN_SUCCESSFUL') {
        await refreshCurrentUser(queryClient);
        navigate('/home', { replace: true });
        return;
      }
      setError(loginMessage(code));
    } catch (cause) {
      setError(isApiError(cause) ? cause.message : MESSAGES.genericError);
    }
    setSubmitting(false);
  };

  const decline = () => {
    setPending(null);
    showToast(INTENT_DECLINED, 'error');
  };

  return (
    <AuthCard title="Log in" intro="Log in to screen people and companies against the exclusion lists.">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setError(null);
          setPending({ username: values.username.trim(), password: values.password });
        })}
      >
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" role="alert" title="Could not log in">
              {error}
            </Alert>
          )}
          <TextInput label="Username" autoComplete="username" required {...form.getInputProps('username')} />
          <PasswordInput label="Password" autoComplete="current-password" required {...form.getInputProps('password')} />
          <Group justify="space-between">
            <Anchor component={Link} to="/reset-password" size="sm">
              Forgot Password
            </Anchor>
            <Button type="submit" loading={isSubmitting}>
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
      <IntentDialog opened={pending !== null} onAcknowledge={() => void acknowledge()} onDecline={decline} />
    </AuthCard>
  );
}
