/**
 * The Lists page (ADR 049): the system administrator checks a list now and follows the download,
 * parse, import and index live (a second click joins the running check), sees a failed check
 * in words, uploads a state file (a file of another list is refused), compares the new version
 * with the one before (and downloads the comparison as CSV), and rolls it back, which the next
 * search sees; a download with half the records is held, compared, mailed and approved (ADR 109).
 * Downloads come from e2e/list-publisher.mjs, a local stand-in.
 */
import { readFileSync } from 'node:fs';
import { expect, request, test, type Page } from '@playwright/test';
import { logIn } from './helpers';
import { mailsSince } from './outbox';

const SHOTS = process.env.E2E_SHOTS_DIR;
const shotPath = (name: string) => (SHOTS ? `${SHOTS}/${name}.png` : test.info().outputPath(`${name}.png`));
const shoot = (page: Page, name: string) => page.screenshot({ path: shotPath(name), fullPage: true });
const CA = 'California Medi-Cal Suspended and Ineligible Provider List';
const OPTOUT = 'Medicare Opt-Out Affidavits';

const caSample = readFileSync('data/samples/state-ca/ca-suspended-ineligible.csv', 'utf8');
// The next CA file: Patel removed, White now a physician, Quillfeather added.
const caNext = caSample
  .split('\n')
  .filter((line) => !line.startsWith('PATEL,RICHARD,JENNIFER'))
  .map((line) => (line.startsWith('WHITE,MARY,JENNIFER') ? line.replace('Registered Nurse', 'Physician') : line))
  .join('\n')
  .trimEnd()
  .concat('\nQUILLFEATHER,ZEDEKIAH,,N/A,5 PINE ST BOISE ID 83702,Registered Nurse,RN5550101,,11/02/2026,Indefinitely\n');

const rowOf = (page: Page, source: string) => page.locator(`tr[data-source="${source}"]`);

/** The opt-out list's last check as the Lists page's API gives it. */
async function optoutRun(page: Page): Promise<{ id: number; status: string; outcome: string | null } | null> {
  const overview = await (await page.request.get('/services/admin/lists')).json();
  return overview.sources.find((s: { source: string }) => s.source === 'optout').run;
}

/** Clicks "Check now" on the opt-out row and waits for that check to end; answers its outcome. */
async function checkOptoutToTheEnd(page: Page): Promise<string> {
  const before = (await optoutRun(page))?.id ?? null;
  await rowOf(page, 'optout').getByRole('button', { name: `Check now: ${OPTOUT}` }).click();
  let outcome: string | null = null;
  await expect
    .poll(async () => {
      const run = await optoutRun(page);
      outcome = run && run.id !== before && run.status === 'done' ? run.outcome : null;
      return outcome;
    }, { timeout: 45_000 })
    .not.toBeNull();
  return outcome!;
}

/** Tells the publisher stand-in which opt-out file to publish. */
async function publishOptout(variant: 'full' | 'half') {
  const publisher = await request.newContext({ baseURL: process.env.E2E_PUBLISHER_URL });
  expect((await publisher.post(`/control/optout?variant=${variant}`)).status()).toBe(200);
  await publisher.dispose();
}

async function openLists(page: Page) {
  await logIn(page, 'sysadmin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('banner').getByRole('button', { name: 'Settings', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Lists' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
}

/** Whether an anonymous visitor's name search finds the person (the landing page's search). */
async function isFound(baseURL: string, first: string, last: string) {
  const visitor = await request.newContext({ baseURL });
  const res = await visitor.get(`/services/interactivesearch/name?firstName=${first}&lastName=${last}`);
  expect(res.status()).toBe(200);
  const found = (await res.text()).includes(last.toUpperCase());
  await visitor.dispose();
  return found;
}

test('others cannot open the Lists page or call its API', async ({ page }) => {
  await logIn(page, 'owner');
  expect((await page.request.get('/services/admin/lists')).status()).toBe(403);
  await page.goto('/admin/lists');
  await expect(page).toHaveURL(/\/login/);
});

test('check now: the stages live, a second click joins, a failure in words', async ({ page }) => {
  test.setTimeout(120_000);
  await openLists(page);
  const optout = rowOf(page, 'optout');
  await expect(optout).toContainText('synthetic sample');
  await expect(optout).toContainText('Published monthly');
  // How each list is fetched (issue 51): the recipe's method, the publisher's page, its rhythm.
  await expect(optout.getByTestId('acquisition')).toContainText("Publisher's data service");
  await expect(optout.getByTestId('acquisition')).toContainText('Updated monthly');
  await expect(optout.getByRole('link', { name: 'publisher page' })).toHaveAttribute('href', /data\.cms\.gov/);
  await expect(rowOf(page, 'leie').getByTestId('acquisition')).toContainText('Direct download');
  await expect(rowOf(page, 'dmf').getByTestId('acquisition')).toContainText('Upload only');
  await shoot(page, 'lists-page');

  await optout.getByRole('button', { name: `Check now: ${OPTOUT}` }).click();
  await expect(page.getByText('Checking optout now.')).toBeVisible();
  const progress = page.getByRole('status', { name: `Check of ${OPTOUT}` });
  await expect(progress).toContainText(/Downloading [\d.]+ (KB|MB) of [\d.]+ (KB|MB)/, { timeout: 15_000 });
  await expect(progress.locator('[aria-current="step"]')).toHaveText('Download');
  await shoot(page, 'lists-check-running');
  await optout.getByRole('button', { name: `Check now: ${OPTOUT}` }).click();
  await expect(page.getByText('optout is already being checked; you are following that check.')).toBeVisible();
  await expect(optout).toContainText('new version imported', { timeout: 45_000 });
  await expect(optout).toContainText('official download');
  await expect(optout).toContainText('Fresh');

  const sam = rowOf(page, 'sam');
  await sam.getByRole('button', { name: 'Check now: SAM.gov Exclusions', exact: true }).click();
  await expect(sam).toContainText('the publisher answered HTTP 404 (not found)', { timeout: 30_000 });
  await expect(sam).toContainText('failed');
  await shoot(page, 'lists-after-checks');
});

test('upload a state file, compare it with the previous version, roll it back; the next search follows', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await openLists(page);
  const ca = rowOf(page, 'state-ca');
  await ca.getByRole('button', { name: `Upload a file for ${CA}` }).click();
  const dialog = page.getByRole('dialog', { name: `Upload a file: ${CA}` });
  await dialog.locator('input[type=file]').setInputFiles({ name: 'optout-affidavits.csv', mimeType: 'text/csv', buffer: readFileSync('data/samples/optout/optout-affidavits.csv') });
  await dialog.getByRole('button', { name: 'Upload and import' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The file was refused', { timeout: 30_000 });
  await expect(dialog.getByRole('alert')).toContainText('The version in use stays active.');
  await shoot(page, 'lists-upload-refused');

  await dialog.locator('input[type=file]').setInputFiles({ name: 'ca-suspended-ineligible.csv', mimeType: 'text/csv', buffer: Buffer.from(caNext) });
  await dialog.getByText('Full list', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Upload and import' }).click();
  await expect(dialog.getByRole('status')).toContainText('1 added, 1 removed, 1 changed, 0 reinstated', { timeout: 30_000 });
  await shoot(page, 'lists-upload-done');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(ca).toContainText('uploaded file');
  await expect(ca).toContainText('Uploaded by sysadmin');
  expect(await isFound(baseURL!, 'Zedekiah', 'Quillfeather')).toBe(true);

  await ca.getByRole('button', { name: `Versions of ${CA}` }).click();
  const versions = page.getByRole('dialog', { name: `Versions: ${CA}` });
  await versions.getByRole('table', { name: 'Versions' }).getByRole('button', { name: /^Compare version \d+/ }).first().click();
  const compare = page.getByRole('dialog', { name: /compared with version \d+/ });
  const changes = compare.getByRole('table', { name: 'Changed records' });
  await expect(changes.getByRole('row')).toHaveCount(4);
  await compare.getByText('Changed (1)').click();
  await expect(changes).toContainText('MARY JENNIFER WHITE');
  await expect(changes).toContainText(/Registered Nurse\s*→\s*Physician/);
  await shoot(page, 'lists-compare');
  const [download] = await Promise.all([page.waitForEvent('download'), compare.getByRole('link', { name: 'Download as CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('version,previous version,record id,change,name,field,before,after');
  expect(csv).toContain('Registered Nurse,Physician');
  await compare.getByRole('button', { name: 'Close the comparison' }).click();
  await expect(compare).toHaveCount(0);

  await versions.getByRole('button', { name: 'Roll back to the previous version' }).click();
  const confirm = page.getByRole('dialog', { name: 'Roll back the list' });
  await expect(confirm).toContainText('The roll-back becomes a new version');
  await shoot(page, 'lists-rollback-confirm');
  await confirm.getByRole('button', { name: 'Roll back' }).click();
  await expect(page.getByText(/state-ca: version \d+ restores version \d+/)).toBeVisible({ timeout: 30_000 });
  await versions.getByRole('button', { name: 'Close the versions' }).click();
  await expect(ca).toContainText('roll-back');
  await expect(ca).toContainText(/Rolled back to v\d+ by sysadmin/);
  expect(await isFound(baseURL!, 'Zedekiah', 'Quillfeather')).toBe(false);
  await shoot(page, 'lists-rolled-back');
});

test('a download with half the records is held: the comparison on the page, the mail, then approval', async ({ page }) => {
  test.setTimeout(180_000);
  const since = Date.now();
  await openLists(page);
  const optout = rowOf(page, 'optout');
  // The whole file first (imported, or unchanged when the journey above imported it).
  await publishOptout('full');
  expect(['imported', 'unchanged']).toContain(await checkOptoutToTheEnd(page));
  await expect(optout).toContainText('4,000 records');
  const inUse = (await optout.locator('td').nth(1).innerText()).match(/v(\d+)/)![1];

  await publishOptout('half');
  try {
    expect(await checkOptoutToTheEnd(page)).toBe('held');
    const held = page.getByRole('region', { name: `${OPTOUT}: a new file is held for your approval` });
    await expect(held).toBeVisible({ timeout: 45_000 });
    await expect(held).toContainText(/The new file has 50 % fewer records than the active version \(2,000 against 4,000\)/);
    await expect(held).toContainText(`Searches keep using version ${inUse} until it is approved.`);
    await expect(held.getByRole('table', { name: /compared with version/ })).toContainText('4,000');
    await expect(optout).toContainText('new file held for approval');
    await expect(optout).toContainText(`v${inUse}`);
    await shoot(page, 'lists-held');
    await held.screenshot({ path: shotPath('lists-held-card') });
    await page.setViewportSize({ width: 390, height: 844 });
    await held.screenshot({ path: shotPath('lists-held-card-390') });
    await page.setViewportSize({ width: 1280, height: 900 });

    const mails = (await mailsSince(since)).filter((m) => m.includes('fewer records than the active version'));
    expect(mails.length).toBeGreaterThanOrEqual(1);
    expect(mails[0]).toContain('/admin/lists');

    await held.getByRole('button', { name: 'See the changes' }).click();
    const compare = page.getByRole('dialog', { name: /compared with version/ });
    await expect(compare.getByText('Removed (2,000)')).toBeVisible();
    await compare.getByRole('button', { name: 'Close the comparison' }).click();

    await held.getByRole('button', { name: /^Approve version \d+/ }).click();
    await page.getByRole('dialog', { name: 'Approve the new file' }).getByRole('button', { name: 'Approve and use it' }).click();
    await expect(page.getByText(/optout: version \d+ is active \(2,000 records\) in place of version/)).toBeVisible({ timeout: 30_000 });
    await expect(held).toHaveCount(0);
    await expect(optout).toContainText('2,000 records');
    await shoot(page, 'lists-held-approved');
  } finally {
    await publishOptout('full');
  }
});

