/** A yes/no question before a change that locks people out (deactivate a user, disable a client). */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without doing anything (when "Cancel" would be ambiguous). */
  dismissLabel?: string;
  /** Red for changes that take access away. */
  isDanger?: boolean;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmModal({ opened, title, children, confirmLabel, dismissLabel = 'Cancel', isDanger = false, isBusy = false, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text component="div">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {dismissLabel}
          </Button>
          <Button color={isDanger ? 'red' : undefined} loading={isBusy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
