/** Account info fields of the registration form (spec §3, §5): names, e-mail, company, username and password. */
import { Select, SimpleGrid, Stack, TextInput, PasswordInput, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { COMPANY_SIZES, INDUSTRIES, REGISTRATION_MESSAGES, USERNAME_PATTERN } from '#shared/registration';
import type { AccountValues } from './account-rules';
import { isUsernameTaken } from './registration-api';

export interface AccountFieldsProps {
  form: UseFormReturnType<AccountValues>;
  /** Invitation sign-up: e-mail and company locked, company size and industry not asked. */
  isInvitation: boolean;
}

export function AccountFields({ form, isInvitation }: AccountFieldsProps) {
  const username = form.getInputProps('username');
  // Uniqueness is checked when the field loses focus (spec §5).
  const checkUsername = async () => {
    const value = form.getValues().username.trim();
    if (!USERNAME_PATTERN.test(value)) return;
    try {
      if ((await isUsernameTaken(value)) && form.getValues().username.trim() === value) {
        form.setFieldError('username', REGISTRATION_MESSAGES.usernameTaken);
      }
    } catch {
      // The server validation on Continue checks it again.
    }
  };
  const locked = isInvitation ? { readOnly: true, variant: 'filled', description: 'From your invitation' } : {};

  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        Your account
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('firstName')} />
        <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('lastName')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="E-mail" type="email" autoComplete="email" withAsterisk {...form.getInputProps('email')} {...locked} />
        <TextInput label="Company" autoComplete="organization" withAsterisk {...form.getInputProps('companyName')} {...locked} />
      </SimpleGrid>
      {!isInvitation && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Company size" data={[...COMPANY_SIZES]} withAsterisk allowDeselect={false} comboboxProps={{ withinPortal: false }} {...form.getInputProps('companySize')} />
          <Select label="Industry" data={[...INDUSTRIES]} withAsterisk allowDeselect={false} comboboxProps={{ withinPortal: false }} {...form.getInputProps('industry')} />
        </SimpleGrid>
      )}
      <TextInput
        label="Username"
        autoComplete="username"
        withAsterisk
        {...username}
        onBlur={(event) => {
          username.onBlur?.(event);
          void checkUsername();
        }}
      />
      <PasswordInput label="Password" description={REGISTRATION_MESSAGES.passwordHint} autoComplete="new-password" withAsterisk {...form.getInputProps('password')} />
      <PasswordInput label="Confirm password" autoComplete="new-password" withAsterisk {...form.getInputProps('verifyPassword')} />
    </Stack>
  );
}
