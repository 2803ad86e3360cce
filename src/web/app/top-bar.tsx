/**
 * Top bar: logo, welcome banner and menus when logged in, Register/Login when not, Help, Print,
 * Logout; on narrow screens the logo and a menu button opening the same in a drawer (issue 55).
 */
import { Box, Button, Group } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import type { CurrentUser } from '#shared/auth';
import { CompactNav } from './compact-nav';
import { Logo } from './logo';
import { WelcomeBanner } from './welcome-banner';
import { NavMenus } from './nav-menus';
import { useHelp } from './use-help';
import { useLogout } from './use-logout';

export function TopBar({ user }: { user: CurrentUser | null | undefined }) {
  const openHelp = useHelp(user);
  const logout = useLogout();
  const isCompact = useMediaQuery('(max-width: 48em)');

  return (
    <Box
      component="header"
      data-print="hide"
      px={{ base: 'sm', sm: 'lg' }}
      py="sm"
      style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-white)' }}
    >
      {isCompact ? (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Logo size="md" />
          <CompactNav user={user} onHelp={() => void openHelp()} onLogout={() => void logout()} />
        </Group>
      ) : (
        <Group justify="space-between" gap="sm" wrap="wrap" maw={1200} mx="auto">
          <Group gap="lg" wrap="wrap">
            <Logo size="md" />
            {user && <NavMenus user={user} />}
          </Group>
          <Group gap="xs" wrap="wrap" justify="flex-end">
            {user && <WelcomeBanner user={user} mr="sm" />}
            {user === null && (
              <>
                <Button component={Link} to="/registration/company" variant="default">
                  Register
                </Button>
                <Button component={Link} to="/login">
                  Login
                </Button>
              </>
            )}
            <Button variant="subtle" px="xs" onClick={() => void openHelp()}>
              Help
            </Button>
            <Button variant="subtle" onClick={() => window.print()} visibleFrom="sm">
              Print
            </Button>
            {user && (
              <Button variant="outline" onClick={() => void logout()}>
                Logout
              </Button>
            )}
          </Group>
        </Group>
      )}
    </Box>
  );
}
