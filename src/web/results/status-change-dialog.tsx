/** The confirmation after a status is chosen: what changes, an optional note, Save (spec §4). */
import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { REVIEW_NOTE_MAX } from '#shared/results';
import { reviewStatusLabel } from './review-status';

export interface PendingChange {
  ids: number[];
  newStatus: string;
  /** Set for a change of every record a filter matches: how many the person confirms. */
  matching?: number;
}

export interface StatusChangeDialogProps {
  change: PendingChange | null;
  isSaving: boolean;
  error: string | null;
  onSave: (comment: string) => void;
  onClose: () => void;
}

export function StatusChangeDialog({ change, isSaving, error, onSave, onClose }: StatusChangeDialogProps) {
  return (
    <Modal opened={change !== null} onClose={onClose} title="Change review status" centered>
      {/* Keyed so that every new change starts with an empty note. */}
      {change && <DialogBody key={`${change.ids.join(',')}:${change.matching ?? ''}:${change.newStatus}`} change={change} isSaving={isSaving} error={error} onSave={onSave} onClose={onClose} />}
    </Modal>
  );
}

function DialogBody({ change, isSaving, error, onSave, onClose }: Omit<StatusChangeDialogProps, 'change'> & { change: PendingChange }) {
  const [note, setNote] = useState('');
  const count = change.matching ?? change.ids.length;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSave(note.trim());
      }}
    >
      <Stack gap="md">
        <Text>
          Set {change.matching !== undefined ? `all ${count.toLocaleString('en-US')} records that match the filter` : count === 1 ? 'this record' : `${count} records`} to{' '}
          <strong>{reviewStatusLabel(change.newStatus)}</strong>?
        </Text>
        <Textarea
          label="Note (optional)"
          description="Saved with the change in the record's history."
          rows={3}
          maxLength={REVIEW_NOTE_MAX}
          value={note}
          onChange={(event) => setNote(event.currentTarget.value)}
          data-autofocus
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
