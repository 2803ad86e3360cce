/**
 * Batch Queue Management: the system administrator pauses the queue, queues a failed batch's
 * chunks again (they wait while paused), resumes, and watches the batch finish. Others are refused.
 */
import { expect, test } from '@playwright/test';
import { QUEUE_MESSAGES } from '../src/shared/messages';
import { DEMO_FAILURE } from '../src/server/batches/queue-demo';
import { logIn } from './helpers';

test('an analyst cannot open the queue or call its API', async ({ page }) => {
  await logIn(page, 'analyst');
  expect((await page.request.get('/services/admin/queue')).status()).toBe(403);
  await page.goto('/admin/queueManagement');
  await expect(page).toHaveURL(/\/login/);
});

test('the system administrator pauses the queue, retries failed chunks, resumes and sees the batch finish', async ({ page }) => {
  await logIn(page, 'sysadmin');
  await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Batch Queue Management' }).click();
  await expect(page).toHaveURL(/\/admin\/queueManagement$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Batch Queue Management' })).toBeVisible();

  // The demo's failed chunk, with its error, and this server's in-process runner beating.
  const failed = page.getByRole('table', { name: 'Failed chunks' });
  await expect(failed.getByRole('row').filter({ hasText: 'q1-contractors.csv' })).toContainText(DEMO_FAILURE);
  await expect(page.getByRole('table', { name: 'Workers' }).getByText('Alive')).toBeVisible();

  await page.getByRole('button', { name: 'Pause queue' }).click();
  const pauseDialog = page.getByRole('dialog', { name: 'Pause the batch queue' });
  await expect(pauseDialog).toContainText(QUEUE_MESSAGES.confirmPause);
  await pauseDialog.getByRole('button', { name: 'Pause queue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The queue is paused' })).toBeVisible();

  await page.getByRole('button', { name: /^Retry failed chunks of q1-contractors\.csv/ }).click();
  await page.getByRole('dialog', { name: 'Retry failed chunks' }).getByRole('button', { name: 'Retry chunks' }).click();
  await expect(page.getByText(QUEUE_MESSAGES.retried)).toBeVisible();
  const queued = page.getByRole('table', { name: 'Queued and running batches' }).getByRole('row').filter({ hasText: 'q1-contractors.csv' });
  await expect(queued).toContainText('1,000 of 1,500 rows');
  await expect(queued).toContainText('When resumed');
  await expect(page.getByText('No failed chunks.')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('queue-paused.png'), fullPage: true });
  // Paused: a refresh later it has not moved.
  await page.reload();
  await expect(queued).toContainText('1,000 of 1,500 rows');

  await page.getByRole('button', { name: 'Resume queue' }).click();
  await page.getByRole('dialog', { name: 'Resume the batch queue' }).getByRole('button', { name: 'Resume queue' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The queue is paused' })).toHaveCount(0);
  // The page refreshes itself: the batch finishes and leaves the queue.
  await expect(page.getByText('No batch is queued or running.')).toBeVisible({ timeout: 45_000 });
});
