/**
 * Toasts: ten seconds, a visible Close button, and a colour per kind (spec §9). One shows at a
 * time (issue 55): a new toast replaces the one shown, so toasts never stack over a page's
 * content. An error toast may name its cause; `clearToasts(cause)` takes it
 * away once the cause is fixed (the field edited, the call retried successfully), and a new
 * toast of the same cause replaces the old one instead of stacking (issue 19 item 7).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_DURATION_MS } from '#shared/messages';
import { FEEDBACK_COLORS } from './theme';

export type ToastKind = 'error' | 'success' | 'info';

/** The most toasts shown at once: one, the latest (showToast hides the one before). */
export const TOAST_LIMIT = 1;

let sequence = 0;
const idsByCause = new Map<string, string[]>();

export interface ToastOptions {
  /**
   * What the toast is about ('choose-team', 'account:upgrade'): clearToasts(cause) hides it. A
   * toast of several messages names each one's cause; fixing any of them hides the toast.
   */
  cause?: string | readonly string[];
}

/**
 * Shows `message` as a toast and returns its id. Several messages that are due at once (step 1
 * of the upload wizard lacking both a file and a search type) share one toast, a line each.
 */
export function showToast(message: string | readonly string[], kind: ToastKind = 'info', options: ToastOptions = {}): string {
  sequence += 1;
  const id = `toast-${sequence}`;
  const causes = options.cause === undefined ? [] : typeof options.cause === 'string' ? [options.cause] : options.cause;
  // The latest toast is the one that matters: the one before goes, whatever its cause.
  notifications.clean();
  idsByCause.clear();
  for (const cause of causes) idsByCause.set(cause, [id]);
  notifications.show({
    id,
    color: FEEDBACK_COLORS[kind],
    autoClose: TOAST_DURATION_MS,
    withCloseButton: false,
    role: kind === 'error' ? 'alert' : 'status',
    'data-kind': kind,
    ...(causes.length ? { 'data-cause': causes.join(' ') } : {}),
    message: <ToastBody id={id} lines={typeof message === 'string' ? [message] : message} />,
  });
  return id;
}

/** Hides the toasts of a cause that has been fixed. */
export function clearToasts(cause: string): void {
  for (const id of idsByCause.get(cause) ?? []) notifications.hide(id);
  idsByCause.delete(cause);
}

function ToastBody({ id, lines }: { id: string; lines: readonly string[] }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
      <Stack gap={4}>
        {lines.map((line) => (
          <Text key={line} size="sm" c="dark.8">
            {line}
          </Text>
        ))}
      </Stack>
      <Button variant="subtle" size="compact-sm" style={{ flexShrink: 0 }} onClick={() => notifications.hide(id)}>
        Close
      </Button>
    </Group>
  );
}
