/**
 * axe-core finds no serious or critical violation on the public pages, nor on every signed-in
 * page each demo role may open (the routes, filtered by the menus' roles, and one page of each
 * kind its links lead to: a batch's results, a roster, its versions), at 1280 px and 390 px.
 * One login per user; the pages are visited in a loop (ADR 129).
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ROUTES, rolesForPath } from '../src/shared/navigation';
import { holdsAnyRole } from '../src/shared/roles';
import { WORKING_LINKS } from '../src/web/app/built-pages';
import { DEMO_USERS, fetchSessionUser, logIn } from './helpers';

// The server's Content-Security-Policy forbids injected scripts; axe is a test tool, not page code.
test.use({ bypassCSP: true });

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

const WIDTHS = [1280, 390] as const;

/** Pages reached through links rather than the menus: the first link of each pattern is visited. */
const LINKED_PAGES = [/^\/flex-search\/\d+\/details$/, /^\/monitoring\/\d+$/, /^\/monitoring\/\d+\/update$/, /^\/monitoring\/\d+\/versions\/\d+$/];

async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: path.join(process.cwd(), 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Opens the page at the current width and waits until it has drawn what it loads. */
async function openSettled(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root, [aria-busy="true"]')).toHaveCount(0);
}

for (const [name, url, heading] of [
  ['landing', '/', 'Exclusion screening for healthcare, done every month'],
  ['login', '/login', 'Log in'],
] as const) {
  test(`the ${name} page has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}

for (const username of DEMO_USERS) {
  test(`every page ${username} may open has no serious or critical accessibility violations, at ${WIDTHS.join(' and ')} px`, async ({ page }) => {
    test.setTimeout(300_000);
    await logIn(page, username);
    const user = await fetchSessionUser(page);
    const routes = ROUTES.filter((route) => !route.isPublic && !route.path.includes(':') && WORKING_LINKS.has(route.path) && holdsAnyRole(user.roles, route.roles ?? rolesForPath(route.path))).map((route) => route.path);
    const found: string[] = [];
    const linked = new Map<RegExp, string>();
    const visit = async (url: string) => {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await openSettled(page, url);
        // A page the user may open is shown, not refused.
        expect(new URL(page.url()).pathname, `${username} opens ${url}`).toBe(url);
        for (const violation of await seriousViolations(page)) found.push(`${url} at ${width} px: ${violation}`);
      }
      const hrefs = await page.locator('a[href^="/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      for (const pattern of LINKED_PAGES) {
        const href = hrefs.find((h) => pattern.test(h));
        if (href && !linked.has(pattern)) linked.set(pattern, href);
      }
    };
    for (const url of routes) await visit(url);
    // Linked pages can lead to further linked pages (a roster to its versions).
    const visited = new Set<string>();
    for (let next = [...linked.values()].find((u) => !visited.has(u)); next; next = [...linked.values()].find((u) => !visited.has(u))) {
      visited.add(next);
      await visit(next);
    }
    if (username === 'owner') expect(visited.size, 'the owner’s batch, roster and roster version pages are checked').toBe(LINKED_PAGES.length);
    expect(found).toEqual([]);
  });
}
