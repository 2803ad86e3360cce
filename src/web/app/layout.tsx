/** Page frame: skip link, top bar (unless the route hides it), page content, footer. */
import { Box } from '@mantine/core';
import { Outlet, useMatches } from 'react-router';
import type { RouteDef } from '#shared/navigation';
import { useSessionUser } from './current-user';
import { Footer } from './footer';
import { usePageAnalytics } from './page-analytics';
import { TopBar } from './top-bar';
import classes from './layout.module.css';

function useRouteDef(): RouteDef | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i].handle as RouteDef | undefined;
    if (handle?.path) return handle;
  }
  return undefined;
}

export function Layout() {
  const route = useRouteDef();
  const user = useSessionUser();
  const hideNav = route?.hideNav ?? false;
  usePageAnalytics(route?.path);

  return (
    <Box className={classes.frame}>
      <a href="#main" className={classes.skipLink} data-print="hide">
        Skip to content
      </a>
      {!hideNav && <TopBar user={user} />}
      {hideNav ? (
        // Pages without the top bar render their own header and main landmark.
        <Outlet />
      ) : (
        <Box component="main" id="main" tabIndex={-1} className={classes.main} data-print="content">
          <Outlet />
        </Box>
      )}
      <Footer />
    </Box>
  );
}
