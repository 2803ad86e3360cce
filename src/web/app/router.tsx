/** Every route of the navigation table: built pages behind the guard, the rest redirect to '/'. */
import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ROUTES } from '#shared/navigation';
import { RouteGuard } from './guard';
import { Layout } from './layout';
import { PAGES } from './page-registry';

/** Route objects for createBrowserRouter / createMemoryRouter. */
export function buildRoutes(pages: Partial<Record<string, ComponentType>> = PAGES): RouteObject[] {
  return [
    {
      element: <Layout />,
      children: [
        ...ROUTES.map((def): RouteObject => {
          const Page = pages[def.path];
          return {
            path: def.path,
            handle: def,
            // Pages of later issues are not reachable yet: no placeholders, same as unknown paths.
            element: Page ? (
              <RouteGuard route={def}>
                <Page />
              </RouteGuard>
            ) : (
              <Navigate to="/" replace />
            ),
          };
        }),
        { path: '*', element: <Navigate to="/" replace /> },
      ],
    },
  ];
}
