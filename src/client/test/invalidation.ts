import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { renderHookWithProviders, seededQueryClient } from './render';

type Mutation<V> = { mutateAsync: (variables: V) => Promise<unknown> };

/**
 * The names of the `keys` whose queries a mutation marks stale: each key holds data, the hook's
 * mutation runs once with `variables` against a server that answers `answer`.
 */
export async function invalidatedBy<V>(
  useMutationHook: () => Mutation<V>,
  variables: V,
  keys: Record<string, readonly unknown[]>,
  answer: unknown = {},
): Promise<string[]> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json(answer)),
  );
  const queryClient = seededQueryClient(Object.values(keys).map((key) => [key, { stored: true }]));
  const { result } = renderHookWithProviders(useMutationHook, { queryClient });
  await act(() => result.current.mutateAsync(variables));
  vi.unstubAllGlobals();
  return Object.entries(keys)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name);
}
