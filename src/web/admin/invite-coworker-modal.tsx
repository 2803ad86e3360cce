/** Invite co-worker: an e-mail and a team; the server mails a single-use sign-up link valid for 14 days. */
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ACCOUNT_MESSAGES, InviteCoworkerInputSchema, InviteCoworkerResponseSchema, type InviteCoworkerInput } from '#shared/account';
import { MESSAGES } from '#shared/messages';
import { EMAIL_PATTERN, INVITATION_VALID_DAYS } from '#shared/registration';
import { api, isApiError } from '../app/api';
import { showToast } from '../app/toasts';
import { errorMessage } from './admin-api';

const invite = (input: InviteCoworkerInput) => api('/services/account/invitations', { method: 'POST', body: input, schema: InviteCoworkerResponseSchema });

/**
 * The contract, with the e-mail rule the server checks after it, and the team as the Select's
 * id (one of the client's teams): the modal always names one, though the contract lets the API
 * leave it out for the inviter's own.
 */
const InviteFormSchema = InviteCoworkerInputSchema.extend({
  email: InviteCoworkerInputSchema.shape.email.regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.inviteEmailInvalid),
  teamId: z.string().min(1, MESSAGES.required),
});

export interface InviteCoworkerModalProps {
  teams: { id: number; name: string }[];
  onClose: () => void;
}

export function InviteCoworkerModal({ teams, onClose }: InviteCoworkerModalProps) {
  const form = useForm({
    initialValues: { email: '', teamId: teams.length === 1 ? String(teams[0].id) : '' },
    validate: schemaResolver(InviteFormSchema, { sync: true }),
  });
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: invite,
    onSuccess: async (answer) => {
      showToast(answer.message, 'success');
      onClose();
      // The pending invitations list shows the new one.
      await queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (error) => {
      if (isApiError(error) && Object.keys(error.fields).length) form.setErrors(error.fields);
      else showToast(errorMessage(error), 'error');
    },
  });

  return (
    <Modal opened onClose={onClose} title="Invite co-worker" centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form noValidate onSubmit={form.onSubmit((values) => send.mutate({ email: values.email.trim(), teamId: Number(values.teamId) }))}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            We e-mail them a link to create their account in your company. The link works once and for {INVITATION_VALID_DAYS} days.
          </Text>
          <TextInput label="E-mail" type="email" withAsterisk data-autofocus {...form.getInputProps('email')} />
          <Select
            label="Team"
            withAsterisk
            data={teams.map((team) => ({ value: String(team.id), label: team.name }))}
            allowDeselect={false}
            comboboxProps={{ withinPortal: false }}
            {...form.getInputProps('teamId')}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={send.isPending}>
              Send invitation
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
