/** Creates a key (name, optional last day), then shows its secret once with a copy button. */
import { useState } from 'react';
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { CreateApiKeyInputSchema, type CreatedApiKey } from '#shared/api-keys';
import { isApiError } from '../app/api';
import { createApiKey } from './api-keys-api';

export function CreateKeyModal({ opened, onClose, onCreated }: { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [expiresOn, setExpiresOn] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const input = { name: name.trim(), expiresOn: expiresOn || null };
  // Create is offered once the contract accepts the key (a name); the server's refusals name their field.
  const isReady = CreateApiKeyInputSchema.safeParse(input).success;
  const create = useMutation({
    mutationFn: () => createApiKey(input),
    onSuccess: (answer) => {
      setCreated(answer);
      onCreated();
    },
  });
  const fields = isApiError(create.error) ? create.error.fields : {};
  const close = () => {
    setName('');
    setExpiresOn('');
    setCreated(null);
    create.reset();
    onClose();
  };

  return (
    <Modal opened={opened} onClose={close} title={created ? 'Your new API key' : 'Create an API key'} centered size="lg">
      {created ? (
        <Stack gap="md">
          <Alert color="yellow" variant="light">
            Copy this key now and keep it somewhere safe: it is shown only this once. Anyone who has it can search as you.
          </Alert>
          <Code block tabIndex={0} aria-label="The new API key">
            {created.secret}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={created.secret}>{({ copied, copy }) => <Button onClick={copy}>{copied ? 'Copied' : 'Copy the key'}</Button>}</CopyButton>
            <Button variant="default" onClick={close}>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <Stack gap="md">
            <TextInput label="Name" description="What uses the key, e.g. HR system" value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={100} required error={fields.name} data-autofocus />
            <TextInput
              label="Last day it works (optional)"
              description="Leave empty for a key that does not expire."
              type="date"
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.currentTarget.value)}
              error={fields.expiresOn}
            />
            {create.isError && !Object.keys(fields).length && <Alert color="red">{create.error.message}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending} disabled={!isReady}>
                Create key
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

