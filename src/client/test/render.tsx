import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { cssVariablesResolver, theme } from '../app/providers';

/** A query client that never retries, seeded with `data` (query key → value). */
export function seededQueryClient(data: [readonly unknown[], unknown][] = []): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, value] of data) client.setQueryData(key, value);
  return client;
}

type Options = { route?: string; path?: string; queryClient?: QueryClient };

function wrapper({ route = '/', path = '*', queryClient = seededQueryClient() }: Options) {
  return function Wrapper({ children }: { children: ReactNode }) {
    // A data router, as the app has: hooks such as useBlocker need one.
    const router = createMemoryRouter(
      [
        { path, element: children },
        { path: '*', element: <p>elsewhere</p> },
      ],
      { initialEntries: [route] },
    );
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    );
  };
}

/** Renders `ui` inside the app's providers: theme, a seeded query client and a router. */
export function renderWithProviders(ui: ReactNode, options: Options = {}) {
  return render(ui, { wrapper: wrapper(options) });
}

/** Runs a hook inside the app's providers. */
export function renderHookWithProviders<T>(hook: () => T, options: Options = {}) {
  return renderHook(hook, { wrapper: wrapper(options) });
}
