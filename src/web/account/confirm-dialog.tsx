/** A yes-or-no question before an account change. */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  confirmLabel: string;
  cancelLabel?: string;
  isDanger?: boolean;
  isBusy: boolean;
  onClose: () => void;
  onConfirm: () => void;
  children: ReactNode;
}

export function ConfirmDialog({ opened, title, confirmLabel, cancelLabel = 'Cancel', isDanger, isBusy, onClose, onConfirm, children }: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {cancelLabel}
          </Button>
          <Button color={isDanger ? 'red' : undefined} loading={isBusy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
