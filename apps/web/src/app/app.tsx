// The application: providers around the router, and the first screen's data asked for as the bundle starts.
import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '@/lib/query-client';
import { prefetchOnBoot } from './prefetch-on-boot';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

export function App() {
  const [router] = useState(createAppRouter);
  const [queryClient] = useState(() => {
    const client = createQueryClient();
    prefetchOnBoot(client, window.location);
    return client;
  });
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
