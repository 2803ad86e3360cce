/**
 * Toasts: ten seconds, a visible Close button, and a colour per kind (spec §9). One shows at a
 * time (issue 55): a new toast replaces the one shown, so toasts never stack over a page's
 * content. An error toast may name its cause; `clearToasts(cause)` takes it
 * away once the cause is fixed (the field edited, the call retried successfully), and a new
 * toast of the same cause replaces the old one instead of stacking (issue 19 item 7).
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '#shared/messages';
import { FEEDBACK_COLORS } from './theme';

export type ToastKind = 'error' | 'success' | 'info';

/** The most toasts shown at once: one, the latest (showToast hides the one before). */
export const TOAST_LIMIT = 1;

let sequence = 0;
const idsByCause = new Map<string, string[]>();

export interface ToastOptions {
  /** What the toast is about ('choose-team', 'account:upgrade'): clearToasts(cause) hides it. */
  cause?: string;
}

/** Shows `message` as a toast and returns its id. */
export function showToast(message: string, kind: ToastKind = 'info', options: ToastOptions = {}): string {
  sequence += 1;
  const id = `toast-${sequence}`;
  // The latest toast is the one that matters: the one before goes, whatever its cause.
  notifications.clean();
  idsByCause.clear();
  if (options.cause) idsByCause.set(options.cause, [id]);
  notifications.show({
    id,
    color: FEEDBACK_COLORS[kind],
    autoClose: TOAST_DURATION_MS,
    withCloseButton: false,
    role: kind === 'error' ? 'alert' : 'status',
    'data-kind': kind,
    ...(options.cause ? { 'data-cause': options.cause } : {}),
    message: <ToastBody id={id} message={message} />,
  });
  return id;
}

/** Hides the toasts of a cause that has been fixed. */
export function clearToasts(cause: string): void {
  for (const id of idsByCause.get(cause) ?? []) notifications.hide(id);
  idsByCause.delete(cause);
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
