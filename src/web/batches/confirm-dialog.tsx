/** A yes/no question before a batch action (resubmit, cancel, remove). */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  title: string;
  question: string | null;
  isBusy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog({ title, question, isBusy = false, onConfirm, onClose }: ConfirmDialogProps) {
  return (
    <Modal opened={question !== null} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text>{question}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            No
          </Button>
          <Button loading={isBusy} onClick={onConfirm}>
            Yes
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
