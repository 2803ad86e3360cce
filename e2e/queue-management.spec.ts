/**
 * Batch Queue Management: the system administrator pauses the queue (the analyst's dashboard and
 * batch page say so), moves batches to the front and back and cancels one, each confirmed and in
 * the audit log; queues a failed batch's chunks again (they wait while paused), resumes, and
 * watches the batch finish. Others are refused.
 */
import { expect, test, type Page } from '@playwright/test';
import { BATCH_MESSAGES, QUEUE_MESSAGES, QUEUE_NOTICE_MESSAGES } from '../src/shared/messages';
import { DEMO_FAILURE } from '../src/server/batches/queue-demo';
import { logIn } from './helpers';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shoot = (page: Page, name: string) => page.screenshot({ path: SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`), fullPage: true });

/** Screens a small roster from Batch Name Search, as the analyst does. */
async function submitRoster(page: Page, fileName: string) {
  await page.goto('/batch/name/batchUI');
  const csv = 'First Name,Last Name\r\nKathleen,Brennan\r\nZed,Nobody\r\n';
  await page.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByText(BATCH_MESSAGES.created)).toBeVisible();
  await expect(page).toHaveURL(/\/flex-search$/);
}

/** Confirms the dialog an action opens, after checking that it asks. */
async function confirm(page: Page, dialogName: string, button: string, asks: string | RegExp) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await expect(dialog).toContainText(asks);
  await dialog.getByRole('button', { name: button }).click();
  await expect(dialog).toHaveCount(0);
}

test('an analyst cannot open the queue or call its API', async ({ page }) => {
  await logIn(page, 'analyst');
  expect((await page.request.get('/services/admin/queue')).status()).toBe(403);
  await page.goto('/admin/queueManagement');
  await expect(page).toHaveURL(/\/login/);
});

test('while paused the analyst is told why their batch waits; the operator moves batches and cancels one, confirmed and audited', async ({ page, browser }) => {
  await logIn(page, 'sysadmin');
  await page.goto('/admin/queueManagement');
  await page.getByRole('button', { name: 'Pause queue' }).click();
  await confirm(page, 'Pause the batch queue', 'Pause queue', QUEUE_MESSAGES.confirmPause);
  await expect(page.getByRole('status').filter({ hasText: 'The queue is paused' })).toBeVisible();

  const analystContext = await browser.newContext();
  const analyst = await analystContext.newPage();
  await analyst.setViewportSize({ width: 1280, height: 900 });
  await logIn(analyst, 'analyst');
  const stamp = Date.now();
  const [first, second] = [`wave-a-${stamp}.csv`, `wave-b-${stamp}.csv`];
  await submitRoster(analyst, first);
  await submitRoster(analyst, second);

  // The customer's dashboard: a banner, and each batch's place in the queue.
  await expect(analyst.getByRole('status').filter({ hasText: 'Batch screening is paused' })).toContainText(QUEUE_NOTICE_MESSAGES.pausedBanner);
  const waiting = analyst.getByRole('row').filter({ hasText: second });
  await expect(waiting).toContainText(/Paused by the operator · number \d+ in the queue/);
  await shoot(analyst, 'dashboard-paused');
  // The batch's page says why it waits.
  await waiting.getByRole('link', { name: 'Submitted' }).click();
  await expect(analyst.getByRole('heading', { level: 1, name: second })).toBeVisible();
  const notice = analyst.getByRole('status', { name: 'Your batch is queued' });
  await expect(notice).toContainText(QUEUE_NOTICE_MESSAGES.pausedToStart);
  await expect(analyst.getByText('0 of 2 rows screened')).toBeVisible();
  await shoot(analyst, 'batch-page-paused');

  const table = page.getByRole('table', { name: 'Queued and running batches' });
  const rowOf = (name: string) => table.getByRole('row').filter({ hasText: name });
  const positionOf = async (name: string) => Number(await rowOf(name).getByRole('cell').first().textContent());
  await expect(rowOf(second)).toHaveCount(1); // the page refreshes itself
  const isLast = async (name: string) => (await positionOf(name)) === (await table.getByRole('row').count()) - 1;
  expect(await isLast(second)).toBe(true);

  await page.getByRole('button', { name: new RegExp(`^Move ${second} \\(#\\d+\\) to the front$`) }).click();
  await confirm(page, 'Move to the front', 'Move to front', `Run ${second}`);
  await expect(page.getByText(QUEUE_MESSAGES.movedFront)).toBeVisible();
  await expect.poll(() => positionOf(second)).toBe(1);
  await expect(notice).toContainText('It is next in the queue.', { timeout: 15_000 });

  await page.getByRole('button', { name: new RegExp(`^Move ${second} \\(#\\d+\\) to the back$`) }).click();
  await confirm(page, 'Move to the back', 'Move to back', 'after every other queued batch');
  await expect.poll(() => isLast(second)).toBe(true);

  // Dismissing the cancel dialog keeps the batch; confirming cancels it.
  await page.getByRole('button', { name: new RegExp(`^Cancel ${first} \\(#\\d+\\)$`) }).click();
  await page.getByRole('dialog', { name: 'Cancel the batch' }).getByRole('button', { name: 'Keep the batch' }).click();
  await expect(rowOf(first)).toHaveCount(1);
  await page.getByRole('button', { name: new RegExp(`^Cancel ${first} \\(#\\d+\\)$`) }).click();
  await confirm(page, 'Cancel the batch', 'Cancel batch', QUEUE_MESSAGES.confirmCancel);
  await expect(page.getByText(QUEUE_MESSAGES.cancelled)).toBeVisible();
  await expect(rowOf(first)).toHaveCount(0);

  // Each action is in the audit log the page reads back, newest first, by the operator.
  const log = page.getByRole('table', { name: 'Recent queue actions' }).getByRole('row');
  const expectEntry = async (n: number, action: string, batch: string) => {
    const cells = log.nth(n).getByRole('cell');
    await expect(cells.nth(1)).toHaveText('sysadmin');
    await expect(cells.nth(2)).toHaveText(action);
    await expect(cells.nth(3)).toContainText(batch);
  };
  await expectEntry(1, 'Cancelled (was Submitted, 0 rows screened)', `${first} (#`);
  await expectEntry(2, 'Moved to the back', `${second} (#`);
  await expectEntry(3, 'Moved to the front', `${second} (#`);
  await expectEntry(4, 'Queue paused for every client', 'Whole queue');
  await shoot(page, 'queue-after-actions');

  // The analyst sees the cancel; the operator resumes.
  await analyst.goto('/flex-search');
  await expect(analyst.getByRole('row').filter({ hasText: first })).toContainText('Cancelled');
  await page.getByRole('button', { name: 'Resume queue' }).click();
  await confirm(page, 'Resume the batch queue', 'Resume queue', QUEUE_MESSAGES.confirmResume);
  // Within a refresh the customer's notice changes: no banner, no "paused" on the batch.
  await expect(analyst.getByRole('status').filter({ hasText: 'Batch screening is paused' })).toHaveCount(0, { timeout: 15_000 });
  await expect(analyst.getByRole('row').filter({ hasText: second })).not.toContainText('Paused by the operator');
  await analystContext.close();
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
