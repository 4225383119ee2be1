import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './app/router';
import { createQueryClient, Providers } from './app/providers';
import { PageLoader } from './components/page-loader';
import { currentUserKey } from './lib/current-user';
import { setUnauthenticatedHandler } from './lib/api-client';
import { initI18n } from './lib/i18n';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);

// A session that ends (logout elsewhere, expiry) sends the user back to sign-in.
setUnauthenticatedHandler(() => queryClient.setQueryData(currentUserKey, null));

await initI18n();

createRoot(document.getElementById('root')!).render(
  <Providers queryClient={queryClient}>
    <Suspense fallback={<PageLoader />}>
      <RouterProvider router={router} />
    </Suspense>
  </Providers>,
);
