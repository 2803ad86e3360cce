/** Shared steps of the journeys: log in through the intent dialog, read the menus, compute what they should hold. */
import { expect, type Page } from '@playwright/test';
import { visibleMenuItems, type MenuName } from '../src/shared/navigation';
import type { TeamType } from '../src/shared/teams';
import { WORKING_LINKS } from '../src/web/app/built-pages';

export const DEMO_PASSWORD = 'Demo-pass-2026';
export const DEMO_USERS = ['sysadmin', 'owner', 'analyst', 'trialuser'] as const;

/** Fills the login form and submits it; the Intent of Use dialog is left open. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Intent of Use' })).toBeVisible();
}

/** Logs in, acknowledging the intent of use, and waits for the signed-in home page. */
export async function logIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await submitLogin(page, username, password);
  await page.getByRole('button', { name: 'I Acknowledge' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

export interface SessionUser {
  userName: string;
  fullName: string;
  clientName: string;
  roles: string[];
  teamType: TeamType | null;
}

/** The current user as the server reports it, read with the page's own cookies. */
export async function fetchSessionUser(page: Page): Promise<SessionUser> {
  const response = await page.request.get('/services/user/info');
  expect(response.status()).toBe(200);
  return (await response.json()) as SessionUser;
}

/** Labels the menus should show: MENU_ITEMS filtered by the user's roles, team type and the built pages. */
export function expectedMenuLabels(user: SessionUser): Record<MenuName, string[]> {
  const items = visibleMenuItems(user, WORKING_LINKS);
  return {
    Search: items.filter((item) => item.menu === 'Search').map((item) => item.label),
    Settings: items.filter((item) => item.menu === 'Settings').map((item) => item.label),
  };
}

/** Labels the menus show, opening each menu that is there. */
export async function readMenuLabels(page: Page): Promise<Record<MenuName, string[]>> {
  const labels: Record<MenuName, string[]> = { Search: [], Settings: [] };
  const banner = page.getByRole('banner');
  for (const menu of ['Search', 'Settings'] as const) {
    const button = banner.getByRole('button', { name: menu, exact: true });
    if ((await button.count()) === 0) continue;
    await button.click();
    const items = page.getByRole('menu').getByRole('menuitem');
    await expect(items.first()).toBeVisible();
    for (const item of await items.all()) labels[menu].push((await item.getAttribute('aria-label')) ?? '');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  }
  return labels;
}
