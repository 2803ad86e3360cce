/** Adds a team to a multi-team client. */
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { CreateTeamInputSchema } from '#shared/admin';
import { isApiError } from '../app/api';
import { createTeam, useAdminChange } from './admin-api';

export function CreateTeamModal({ clientId, onClose }: { clientId?: number; onClose: () => void }) {
  const form = useForm({ initialValues: { name: '' }, validate: schemaResolver(CreateTeamInputSchema, { sync: true }) });
  const change = useAdminChange((name: string) => createTeam(name, clientId), 'Team created.');
  const submit = ({ name }: { name: string }) =>
    change.mutate(name.trim(), {
      onSuccess: onClose,
      onError: (error) => {
        if (isApiError(error)) form.setErrors(error.fields);
      },
    });

  return (
    <Modal opened onClose={onClose} title="New team" centered>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <TextInput label="Team name" withAsterisk maxLength={100} data-autofocus {...form.getInputProps('name')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending}>
              Create team
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
