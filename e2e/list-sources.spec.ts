/**
 * Lists fetched from their publishers (issue 51, ADR 115): the Lists page's checks run the real
 * recipes against test/publishers/ (LIST_PUBLISHERS_URL): Texas through its ASP.NET postback,
 * the OFAC consolidated list from the Sanctions List Service; a publisher whose page no longer
 * links its file, or that answers 403, is said in words on the page.
 */
import { expect, request, test, type Page } from '@playwright/test';
import { logIn } from './helpers';

const TITLES: Record<string, string> = {
  'state-tx': 'Texas HHSC OIG Exclusions',
  'ofac-consolidated': 'OFAC Consolidated Sanctions List (non-SDN)',
  'state-wv': 'West Virginia Medicaid Provider Sanctions and Exclusions',
};

type Run = { id: number; status: string; outcome: string | null } | null;

async function runOf(page: Page, source: string): Promise<Run> {
  const overview = await (await page.request.get('/services/admin/lists')).json();
  return overview.sources.find((s: { source: string }) => s.source === source).run;
}

/** Clicks "Check now" on a source's row and waits for that check to end; answers its outcome. */
async function checkToTheEnd(page: Page, source: string): Promise<string> {
  const before = (await runOf(page, source))?.id ?? null;
  await page.locator(`tr[data-source="${source}"]`).getByRole('button', { name: `Check now: ${TITLES[source]}` }).click();
  let outcome: string | null = null;
  await expect
    .poll(async () => {
      const run = await runOf(page, source);
      outcome = run && run.id !== before && run.status === 'done' ? run.outcome : null;
      return outcome;
    }, { timeout: 45_000 })
    .not.toBeNull();
  return outcome!;
}

async function publisherFails(source: string, mode: string) {
  const standIn = await request.newContext({ baseURL: process.env.E2E_PUBLISHERS_URL });
  expect((await standIn.post(`/control/fail?source=${source}&mode=${mode}`)).status()).toBe(200);
  await standIn.dispose();
}

test('checks fetch lists from their publishers by recipe, and say in words why one failed', async ({ page }) => {
  await logIn(page, 'sysadmin');
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/admin/lists');
  await expect(page.getByRole('heading', { level: 1, name: 'Lists' })).toBeVisible();
  // The demo's consolidated list is the sample's CSV set; the publisher serves CONSOLIDATED.XML.
  expect(await checkToTheEnd(page, 'ofac-consolidated')).toBe('imported');
  // Texas: the page's view state posted back for the XLS (the same bytes as the demo's sample, or a new version).
  expect(['imported', 'unchanged']).toContain(await checkToTheEnd(page, 'state-tx'));
  await publisherFails('state-wv', 'moved');
  expect(await checkToTheEnd(page, 'state-wv')).toBe('failed');
  await publisherFails('state-wv', '');
  await page.reload();
  const wv = page.locator('tr[data-source="state-wv"]');
  await expect(wv).toContainText('no longer links');
  await page.screenshot({ path: test.info().outputPath('lists-recipe-failure.png'), fullPage: true });
});
