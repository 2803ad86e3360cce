/** Each demo user logs in and sees exactly the menu items their roles, team type and the built pages allow. */
import { expect, test } from '@playwright/test';
import { DEMO_USERS, expectedMenuLabels, fetchSessionUser, logIn, readMenuLabels } from './helpers';

for (const username of DEMO_USERS) {
  test(`${username} logs in and sees the allowed menu items`, async ({ page }) => {
    await logIn(page, username);
    const user = await fetchSessionUser(page);
    expect(user.userName).toBe(username);

    const welcome = page.getByRole('banner').getByRole('group', { name: 'Signed in as' });
    await expect(welcome).toContainText(`Welcome, ${user.fullName}`);
    await expect(welcome).toContainText(user.clientName);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Welcome');

    expect(await readMenuLabels(page)).toEqual(expectedMenuLabels(user));
  });
}

test('the system admin holds the system admin role', async ({ page }) => {
  await logIn(page, 'sysadmin');
  const user = await fetchSessionUser(page);
  expect(user.roles).toContain('system_admin_user');
});
