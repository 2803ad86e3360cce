/** Intent of Use acknowledgement shown before logging in (spec §2 Login acknowledgment). */
import { Button, Group, Modal, Text } from '@mantine/core';
import { INTENT_OF_USE_TEXT } from '#shared/messages';

export interface IntentDialogProps {
  opened: boolean;
  onAcknowledge: () => void;
  onDecline: () => void;
}

export function IntentDialog({ opened, onAcknowledge, onDecline }: IntentDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onDecline}
      title="Intent of Use"
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      size="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text mb="lg">{INTENT_OF_USE_TEXT}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDecline}>
          I Decline
        </Button>
        <Button onClick={onAcknowledge} data-autofocus>
          I Acknowledge
        </Button>
      </Group>
    </Modal>
  );
}
