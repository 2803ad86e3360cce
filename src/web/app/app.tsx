/** Providers of the web app: Mantine theme, toasts, TanStack Query and the router. */
import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { cssVariablesResolver, theme } from './theme';
import { ToastHost } from './toast-host';

type Router = ReturnType<typeof createBrowserRouter>;

export interface AppProps {
  router: Router;
  queryClient: QueryClient;
  /** 'test' turns off transitions and portals' delays for jsdom. */
  env?: 'default' | 'test';
}

export function App({ router, queryClient, env = 'default' }: AppProps) {
  const [client] = useState(queryClient);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={env}>
      <ToastHost />
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
