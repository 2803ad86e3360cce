// @vitest-environment jsdom
import '../test-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MemoryRouter } from 'react-router';
import { ENDPOINT_ACCESS } from '#shared/access';
import { MENU_ITEMS, type MenuUser } from '#shared/navigation';
import { ROLES } from '#shared/roles';
import { NavMenus } from './nav-menus';
import { WORKING_LINKS } from './built-pages';

const ALL_LINKS = new Set(MENU_ITEMS.map((item) => item.link));

function renderMenus(user: MenuUser, workingLinks: ReadonlySet<string> = ALL_LINKS) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter>
        <NavMenus user={user} workingLinks={workingLinks} />
      </MemoryRouter>
    </MantineProvider>,
  );
}

/** Opens a menu and returns the labels of its items, in order. */
function itemsOf(menu: 'Search' | 'Settings'): string[] {
  const button = screen.queryByRole('button', { name: menu });
  if (!button) return [];
  fireEvent.click(button);
  const dropdown = screen.getByRole('menu');
  const labels = within(dropdown)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('aria-label') ?? '');
  fireEvent.click(button);
  return labels;
}

describe('navigation menus', () => {
  it('shows only the items open to everyone to a user without roles', () => {
    renderMenus({ roles: [], teamType: 'SINGLE' });
    expect(itemsOf('Search')).toEqual(['Interactive Search', 'Batch Search (New)', 'Monitoring']);
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('adds the search items of each search role', () => {
    renderMenus({ roles: ['name_search_user', 'npi_search_user', 'paying_user', 'account_owner_user'], teamType: 'SINGLE' });
    expect(itemsOf('Search')).toEqual([
      'Interactive Search',
      'Batch Search (New)',
      'Monitoring',
      'Batch Name Search',
      'Batch NPI Search',
      'Search History',
    ]);
    expect(itemsOf('Settings')).toEqual(['Account Details']);
  });

  it('shows Teams, not Team Settings, to a domain admin of a multi-team account', () => {
    renderMenus({ roles: ['domain_admin_user'], teamType: 'MULTI_TEAM' });
    expect(itemsOf('Settings')).toEqual(['Teams', 'Users']);
  });

  it('shows Team Settings, not Teams, to a domain admin of a single-team account', () => {
    renderMenus({ roles: ['domain_admin_user'], teamType: 'SINGLE' });
    expect(itemsOf('Settings')).toEqual(['Team Settings', 'Users']);
  });

  it('shows a system admin the items of the roles it holds, not every item (ADR 036)', () => {
    renderMenus({ roles: ['system_admin_user', 'domain_admin_user'], teamType: 'SINGLE' });
    expect(itemsOf('Search')).toEqual(['Interactive Search', 'Batch Search (New)', 'Monitoring']);
    expect(itemsOf('Settings')).toEqual(['Client Admin', 'Team Settings', 'Users', 'Batch Queue Management', 'Lists']);
  });

  it('lists Monitoring for every role the Monitoring page’s endpoint admits (every signed-in user), linked to the page', () => {
    const access = ENDPOINT_ACCESS['GET /services/monitoring/rosters'];
    for (const role of ROLES) {
      const { unmount } = renderMenus({ roles: [role], teamType: 'MULTI_TEAM' });
      const admitted = access === 'user' || (access !== 'public' && access.includes(role));
      expect(itemsOf('Search').includes('Monitoring'), role).toBe(admitted);
      unmount();
    }
    renderMenus({ roles: ['paying_user'], teamType: 'SINGLE' });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByRole('menuitem', { name: 'Monitoring' }).getAttribute('href')).toBe('/monitoring');
  });

  it('links each item to its route', () => {
    renderMenus({ roles: ['api_user'], teamType: null });
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    expect(screen.getByRole('menuitem', { name: 'API Documentation' }).getAttribute('href')).toBe('/npi/apidoc');
  });

  it('leaves out items whose page is not built, and a menu left empty', () => {
    renderMenus({ roles: ['system_admin_user'], teamType: 'SINGLE' }, new Set(['/flex-search', '/admin']));
    expect(itemsOf('Search')).toEqual(['Batch Search (New)']);
    expect(itemsOf('Settings')).toEqual(['Client Admin']);
  });

  it('follows the registry of built pages by default', () => {
    const { container } = render(
      <MantineProvider env="test">
        <MemoryRouter>
          <NavMenus user={{ roles: ['system_admin_user'], teamType: 'SINGLE' }} />
        </MemoryRouter>
      </MantineProvider>,
    );
    const expected = MENU_ITEMS.filter((item) => WORKING_LINKS.has(item.link));
    if (expected.length === 0) expect(container.querySelector('nav')).toBeNull();
    else expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });
});
