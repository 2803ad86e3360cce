/** axe-core on the landing and login pages: no serious or critical violations. */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';

// The server's Content-Security-Policy forbids injected scripts; axe is a test tool, not page code.
test.use({ bypassCSP: true });

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await page.addScriptTag({ path: path.join(process.cwd(), 'node_modules/axe-core/axe.min.js') });
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations;
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

for (const [name, url, heading] of [
  ['landing', '/', 'Exclusion screening for healthcare, done every month'],
  ['login', '/login', 'Log in'],
] as const) {
  test(`the ${name} page has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    const violations = await seriousViolations(page);
    expect(violations.map((v) => `${v.impact} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
