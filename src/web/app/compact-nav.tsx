/**
 * The top bar's compact form for narrow screens (issue 55): a menu button opening a drawer with
 * the same items as the Search and Settings menus (MENU_ITEMS by role, team type and built
 * pages), who is signed in, Help and Logout, or Register and Login for a visitor.
 */
import { Burger, Button, Divider, Drawer, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/auth';
import { visibleMenuItems, type MenuName } from '#shared/navigation';
import { WORKING_LINKS } from './built-pages';
import { WelcomeBanner } from './welcome-banner';

const MENUS: MenuName[] = ['Search', 'Settings'];

export interface CompactNavProps {
  user: CurrentUser | null | undefined;
  onHelp: () => void;
  onLogout: () => void;
}

export function CompactNav({ user, onHelp, onLogout }: CompactNavProps) {
  const [isOpen, { toggle, close }] = useDisclosure(false);
  const items = user ? visibleMenuItems(user, WORKING_LINKS) : [];
  const then = (action: () => void) => () => {
    close();
    action();
  };
  return (
    <>
      <Burger opened={isOpen} onClick={toggle} size="sm" aria-label={isOpen ? 'Close menu' : 'Open menu'} />
      <Drawer opened={isOpen} onClose={close} position="right" size={300} title="Menu" padding="md">
        <Stack gap="md">
          {user && <WelcomeBanner user={user} />}
          {MENUS.map((menu) => {
            const links = items.filter((item) => item.menu === menu);
            if (links.length === 0) return null;
            return (
              <nav key={menu} aria-label={menu}>
                <Text size="xs" fw={700} c="dimmed" tt="uppercase" mb={4}>
                  {menu}
                </Text>
                {links.map((item) => (
                  <NavLink key={item.label} component={Link} to={item.link} label={item.label} onClick={close} />
                ))}
              </nav>
            );
          })}
          <Divider />
          {user === null && (
            <>
              <Button component={Link} to="/registration/company" variant="default" onClick={close}>
                Register
              </Button>
              <Button component={Link} to="/login" onClick={close}>
                Login
              </Button>
            </>
          )}
          <Button variant="subtle" onClick={then(onHelp)}>
            Help
          </Button>
          {user && (
            <Button variant="outline" onClick={then(onLogout)}>
              Logout
            </Button>
          )}
        </Stack>
      </Drawer>
    </>
  );
}
