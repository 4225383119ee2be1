import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { RouterProvider, type DataRouter } from 'react-router';
import { PageLoader } from '../components/page-loader';
import { FirstCommit } from '../lib/first-commit';
import { Providers } from './providers';

/**
 * The app's whole tree, the same in the browser and for the server's first screen (with the
 * server's static router there): one definition, so the screen the server sends is the one the app
 * replaces it with, down to React's ids of labels and fields. `container` is the browser's root
 * element (the server has none).
 */
export function AppRoot({
  queryClient,
  router,
  container,
}: {
  queryClient: QueryClient;
  router: DataRouter;
  container?: HTMLElement;
}) {
  return (
    <Providers queryClient={queryClient}>
      <FirstCommit container={container} />
      <Suspense fallback={<PageLoader />}>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  );
}
