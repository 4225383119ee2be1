import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateUnitChange } from './query-keys';

describe('invalidateUnitChange', () => {
  it('refreshes what a state change touches, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      unit: ['projects', 'unit', 7],
      tasks: ['tasks', 'unit', 7],
      counters: ['dashboard', 'counts'],
      journal: ['journal', 3],
      orderItems: ['orders', 'aac-items', 7],
      deliveries: ['delivery', 'overview', 3],
      review: ['viewer', 'actions', 7],
      banners: ['admin', 'banners'],
      profile: ['account', 'me'],
    };
    for (const key of Object.values(keys)) client.setQueryData(key, { stored: true });
    await invalidateUnitChange(client);
    const invalidated = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    for (const name of ['unit', 'tasks', 'counters', 'journal', 'orderItems', 'deliveries', 'review'] as const) {
      expect(invalidated(keys[name]), name).toBe(true);
    }
    expect(invalidated(keys.banners)).toBe(false);
    expect(invalidated(keys.profile)).toBe(false);
  });
});
