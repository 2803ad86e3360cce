/** The landing page's own header (the app's top bar is hidden here): logo, Log in and Sign up. */
import { Box, Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useSessionUser } from '../app/current-user';
import { Logo } from '../app/logo';

export function LandingHeader() {
  const user = useSessionUser();
  return (
    <Box component="header" px={{ base: 'sm', sm: 'lg' }} py="md" data-print="hide">
      <Group justify="space-between" maw={1200} mx="auto" gap="sm">
        <Logo />
        <Group gap="xs">
          {user ? (
            <Button component={Link} to="/home">
              Open Clearlist
            </Button>
          ) : (
            <>
              <Button component={Link} to="/login" variant="default">
                Log in
              </Button>
              <Button component={Link} to="/registration/company" visibleFrom="xs">
                Sign up
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Box>
  );
}
