/** IP allowlist (one CIDR block a line), private help page and review threshold of a client, checked with the contract before sending. */
import { Button, Group, NumberInput, Stack, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { UpdateClientInputSchema, type ClientDetail, type UpdateClientInput } from '#shared/admin';
import { DEFAULT_REVIEW_THRESHOLD } from '#shared/review-threshold';
import { isApiError } from '../app/api';
import { updateClient, useAdminChange } from './admin-api';

interface SettingsValues {
  ipAllowlist: string;
  privateHelpPage: string;
  /** Empty string: the default threshold. */
  reviewThreshold: number | string;
}

const lines = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** The request the values make: the allowlist's non-blank lines, empty threshold as null (the default). */
function toInput(values: SettingsValues): UpdateClientInput {
  return {
    ipAllowlist: lines(values.ipAllowlist),
    privateHelpPage: values.privateHelpPage.trim(),
    reviewThreshold: values.reviewThreshold === '' ? null : Number(values.reviewThreshold),
  };
}

/**
 * Contract field keys (ipAllowlist.2, privateHelpPage), the form's own or the server's, as
 * form errors: the first bad allowlist entry as "Line N: …", so the message points at it.
 */
function fieldErrors(fields: Record<string, ReactNode>): Record<string, ReactNode> {
  const errors: Record<string, ReactNode> = {};
  for (const [key, message] of Object.entries(fields)) {
    const entry = key.match(/^ipAllowlist\.(\d+)$/);
    if (entry) errors.ipAllowlist ??= `Line ${Number(entry[1]) + 1}: ${message}`;
    else errors[key.split('.')[0]] = message;
  }
  return errors;
}

const checkInput = schemaResolver(UpdateClientInputSchema, { sync: true });

export function ClientSettingsForm({ client }: { client: ClientDetail }) {
  const form = useForm<SettingsValues>({
    initialValues: { ipAllowlist: client.ipAllowlist.join('\n'), privateHelpPage: client.privateHelpPage ?? '', reviewThreshold: client.reviewThreshold ?? '' },
    validate: (values) => fieldErrors(checkInput(toInput(values))),
  });
  const change = useAdminChange((input: UpdateClientInput) => updateClient(client.id, input), `Settings of ${client.name} saved.`);
  const submit = (values: SettingsValues) =>
    change.mutate(toInput(values), {
      onSuccess: (saved) =>
        form.setValues({ ipAllowlist: saved.ipAllowlist.join('\n'), privateHelpPage: saved.privateHelpPage ?? '', reviewThreshold: saved.reviewThreshold ?? '' }),
      onError: (error) => {
        if (isApiError(error)) form.setErrors(fieldErrors(error.fields));
      },
    });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Textarea
          label="IP allowlist"
          description="One IP address or CIDR block a line, e.g. 203.0.113.0/24. Empty: users may sign in from anywhere."
          rows={4}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('ipAllowlist')}
        />
        <TextInput
          label="Private help page"
          description="Help opens this page for the client's users instead of the chat. Empty: the chat."
          placeholder="https://intranet.example.org/screening-help"
          {...form.getInputProps('privateHelpPage')}
        />
        <NumberInput
          label="Review threshold"
          description={`Potential matches scoring at least this much need review. Empty: the default, ${DEFAULT_REVIEW_THRESHOLD.toFixed(2)}.`}
          placeholder={DEFAULT_REVIEW_THRESHOLD.toFixed(2)}
          min={0.5}
          max={0.99}
          step={0.01}
          decimalScale={2}
          {...form.getInputProps('reviewThreshold')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={change.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
