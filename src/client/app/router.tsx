import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { SignInPage } from '../features/auth/routes/sign-in-page';
import { DashboardPage } from '../features/dashboard/routes/dashboard-page';
import { RequireAuth } from './require-auth';
import { Shell } from './shell';

const home = '/home/app/dash';

/**
 * The route table of spec/projects-workflows.md §2. Pages beyond the first screens are
 * loaded lazily so the sign-in and dashboard bundles stay small.
 */
export function appRoutes(_queryClient: QueryClient): RouteObject[] {
  return [
    { path: '/login', element: <SignInPage /> },
    { path: '/imprint', lazy: async () => ({ Component: (await import('../features/legal/routes/imprint-page')).ImprintPage }) },
    { path: '/privacy', lazy: async () => ({ Component: (await import('../features/legal/routes/privacy-page')).PrivacyPage }) },
    {
      path: '/home/app',
      element: (
        <RequireAuth>
          <Shell />
        </RequireAuth>
      ),
      children: [
        { path: 'dash', element: <DashboardPage /> },
        { path: '*', element: <Navigate to={home} replace /> },
      ],
    },
    { path: '*', element: <Navigate to={home} replace /> },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(appRoutes(queryClient));
}
