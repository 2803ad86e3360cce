/** Browser entry: styles, then the app on the browser router. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import './app/global.css';
import './app/print.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { App } from './app/app';
import { createQueryClient } from './app/query-client';
import { buildRoutes } from './app/router';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App router={createBrowserRouter(buildRoutes())} queryClient={createQueryClient()} />
  </StrictMode>,
);
