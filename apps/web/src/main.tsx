// Browser entry: zod without eval (first, for the CSP), Mantine styles (bundled, no CDN), the first screen's data asked
// for before React renders, the app.
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { App } from './app/app';
import { prefetchOnBoot } from './app/prefetch-on-boot';
import { createQueryClient } from './lib/query-client';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const queryClient = createQueryClient();
prefetchOnBoot(queryClient, window.location);

createRoot(container).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
