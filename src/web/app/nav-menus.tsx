/** Search and Settings menus: MENU_ITEMS filtered by role, team type and built pages. */
import { Button, Group, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { visibleMenuItems, type MenuItem, type MenuName, type MenuUser } from '#shared/navigation';
import { WORKING_LINKS } from './built-pages';

const MENUS: MenuName[] = ['Search', 'Settings'];

export interface NavMenusProps {
  user: MenuUser;
  /** Links whose pages exist; the app's built pages unless a test says otherwise. */
  workingLinks?: ReadonlySet<string>;
}

export function NavMenus({ user, workingLinks = WORKING_LINKS }: NavMenusProps) {
  const items = visibleMenuItems(user, workingLinks);
  const menus = MENUS.map((name) => ({ name, items: items.filter((item) => item.menu === name) })).filter(
    (menu) => menu.items.length > 0,
  );
  if (menus.length === 0) return null;

  return (
    <Group component="nav" aria-label="Main" gap="xs">
      {menus.map((menu) => (
        <NavMenu key={menu.name} name={menu.name} items={menu.items} />
      ))}
    </Group>
  );
}

function NavMenu({ name, items }: { name: MenuName; items: MenuItem[] }) {
  return (
    <Menu position="bottom-start" shadow="md" width={240}>
      <Menu.Target>
        <Button variant="subtle" rightSection={<Chevron />}>
          {name}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {items.map((item) => (
          <Menu.Item key={item.label} component={Link} to={item.link} aria-label={item.label}>
            {item.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
      <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
