/** Name and owner of one team; used inline for a single-team client and in a modal for the others. */
import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { UpdateTeamInputSchema, type AdminTeam, type UpdateTeamInput } from '#shared/admin';
import { isApiError } from '../app/api';
import { updateTeam, useAdminChange } from './admin-api';

/** The contract's fields as the inputs hold them (the owner's id as the Select's string, which the contract coerces). */
interface TeamValues {
  name: string;
  ownerUserId: string | null;
}

export function TeamForm({ team, onDone, onCancel }: { team: AdminTeam; onDone?: () => void; onCancel?: () => void }) {
  const form = useForm<TeamValues>({
    initialValues: { name: team.name, ownerUserId: team.ownerUserId ? String(team.ownerUserId) : null },
    validate: schemaResolver(UpdateTeamInputSchema, { sync: true }),
  });
  const change = useAdminChange((input: UpdateTeamInput) => updateTeam(team.id, input), 'Team saved.');

  const submit = (values: TeamValues) => {
    const input: UpdateTeamInput = {};
    if (values.name.trim() !== team.name) input.name = values.name.trim();
    const owner = values.ownerUserId ? Number(values.ownerUserId) : null;
    if (owner !== team.ownerUserId) input.ownerUserId = owner;
    if (Object.keys(input).length === 0) return onDone?.();
    change.mutate(input, {
      onSuccess: () => {
        form.resetDirty({ name: values.name.trim(), ownerUserId: values.ownerUserId });
        onDone?.();
      },
      onError: (error) => {
        if (isApiError(error)) form.setErrors(error.fields);
      },
    });
  };

  const members = team.members.map((m) => ({ value: String(m.id), label: `${m.fullName} (${m.username})${m.isActive ? '' : ' · inactive'}` }));
  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput label="Team name" withAsterisk maxLength={100} {...form.getInputProps('name')} />
        <Select
          label="Owner"
          description={members.length ? 'The owner is one of the team’s members.' : 'The team has no members yet; move users to it on the Users page.'}
          placeholder="No owner"
          data={members}
          clearable
          disabled={members.length === 0}
          comboboxProps={{ withinPortal: false }}
          {...form.getInputProps('ownerUserId')}
        />
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={change.isPending}>
            Save team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
