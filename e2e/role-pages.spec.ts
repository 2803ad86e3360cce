/**
 * Issue 16's pages for every demo user, in the browser and at the server: the page opens for the
 * users whose roles allow it (its heading, its first call answers 200), and every other user is
 * sent to /login and told why, while the server refuses that call (403; a system admin may call
 * any endpoint, ADR 036). Screenshots at 1280 px.
 */
import { expect, test } from '@playwright/test';
import { MESSAGES } from '../src/shared/messages';
import { MENU_ITEMS } from '../src/shared/navigation';
import { logIn } from './helpers';

const PAGES = ['Advance Search', 'Batch Name Search', 'Batch NPI Search', 'Batch Queue Management'] as const;
type PageLabel = (typeof PAGES)[number];

/** Written out from the spec's role table and the demo accounts' roles (README), not computed. */
const ALLOWED: Record<'sysadmin' | 'owner' | 'analyst' | 'trialuser', PageLabel[]> = {
  sysadmin: ['Batch Queue Management'],
  owner: ['Advance Search', 'Batch Name Search', 'Batch NPI Search'],
  analyst: ['Batch Name Search', 'Batch NPI Search'],
  trialuser: ['Batch Name Search', 'Batch NPI Search'],
};

const SHOTS = process.env.E2E_SHOTS_DIR;
const slug = (s: string) => s.toLowerCase().replace(/\W+/g, '-');

for (const [username, allowed] of Object.entries(ALLOWED)) {
  test(`${username}: opens ${allowed.join(', ')}; is refused the others in the page and at the server`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await logIn(page, username);
    for (const label of PAGES) {
      const item = MENU_ITEMS.find((i) => i.label === label)!;
      const [method, api] = item.api!.split(' ');
      expect(method).toBe('GET');
      await page.goto(item.link);
      if (allowed.includes(label)) {
        await expect(page.getByRole('heading', { level: 1, name: label })).toBeVisible();
        expect((await page.request.get(api)).status(), `${username} GET ${api}`).toBe(200);
      } else {
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByText(MESSAGES.noAccess)).toBeVisible();
        await expect(page.getByText(`${label} (${item.link}) needs a role your account does not hold.`, { exact: false })).toBeVisible();
        await expect(page.getByRole('link', { name: 'Back to your home page' })).toBeVisible();
        // The server lets a system admin call any role's endpoint, to support any client (ADR 005, 036).
        expect((await page.request.get(api)).status(), `${username} GET ${api}`).toBe(username === 'sysadmin' ? 200 : 403);
      }
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/${username}-${slug(label)}.png`, fullPage: true });
    }
  });
}
