/** Toasts: ten seconds, a visible Close button, and a colour per kind (spec §9). */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '#shared/messages';
import { FEEDBACK_COLORS } from './theme';

export type ToastKind = 'error' | 'success' | 'info';

let sequence = 0;

/** Shows `message` as a toast and returns its id. */
export function showToast(message: string, kind: ToastKind = 'info'): string {
  sequence += 1;
  const id = `toast-${sequence}`;
  notifications.show({
    id,
    color: FEEDBACK_COLORS[kind],
    autoClose: TOAST_DURATION_MS,
    withCloseButton: false,
    role: kind === 'error' ? 'alert' : 'status',
    'data-kind': kind,
    message: <ToastBody id={id} message={message} />,
  });
  return id;
}

function ToastBody({ id, message }: { id: string; message: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Text size="sm" c="dark.8">
        {message}
      </Text>
      <Button variant="subtle" size="compact-sm" style={{ flexShrink: 0 }} onClick={() => notifications.hide(id)}>
        Close
      </Button>
    </Group>
  );
}
