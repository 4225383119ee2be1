import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateUnitChange, queryKeys, queryPrefixes } from './query-keys';

type Factory = (...args: unknown[]) => readonly unknown[];

/** Every factory's key, made with a placeholder for each argument. */
const everyKey = Object.entries(queryKeys).flatMap(([group, factories]) =>
  Object.entries(factories as Record<string, Factory>).map(([name, factory]) => ({
    group,
    name: `${group}.${name}`,
    key: factory(...Array<unknown>(factory.length).fill(1)),
  })),
);

describe('queryKeys', () => {
  it('has a group of factories for each prefix and no group without one', () => {
    expect(Object.keys(queryKeys).sort()).toEqual(Object.keys(queryPrefixes).sort());
  });

  it("starts every key with its group's prefix", () => {
    for (const { group, name, key } of everyKey) {
      expect(key[0], name).toBe(queryPrefixes[group as keyof typeof queryPrefixes][0]);
    }
  });

  it('gives no two factories the same key', () => {
    const hashes = everyKey.map(({ key }) => JSON.stringify(key));
    expect(new Set(hashes).size).toBe(hashes.length);
  });

  it("keeps each list's pages below the key a change refreshes them by", () => {
    const below = (key: readonly unknown[], prefix: readonly unknown[]) =>
      expect(key.slice(0, prefix.length)).toEqual(prefix);
    below(queryKeys.projects.children(4, 2), queryKeys.projects.childLists());
    below(queryKeys.projects.member(4, 9), queryKeys.projects.memberProfiles(4));
    below(queryKeys.journal.page(4, 1, 25, {}), queryKeys.journal.ofProject(4));
    below(queryKeys.delivery.lots(4, 1, 25, null), queryKeys.delivery.lotLists(4));
    below(queryKeys.orders.products('aacproducts', 7), queryKeys.orders.productLists());
    below(queryKeys.admin.banners(1, 25), queryKeys.admin.bannerLists());
    below(queryKeys.admin.users({}, 1, 25), queryKeys.admin.userLists());
    below(queryKeys.admin.outbox({}, 1, 25), queryKeys.admin.outboxLists());
    below(queryKeys.admin.webhookDeliveries(3), queryKeys.admin.webhookEndpoints());
    // The search page and the quick search read the same index.
    below(queryKeys.search.quick('Linden'), queryPrefixes.search);
    below(queryKeys.search.units('Linden', 1, 25), queryPrefixes.search);
  });
});

describe('invalidateUnitChange', () => {
  it('refreshes what a state change touches, and nothing else', async () => {
    const client = new QueryClient();
    const keys = {
      unit: queryKeys.projects.unit(7),
      tasks: queryKeys.tasks.ofUnit(7),
      counters: queryKeys.dashboard.count('taskCount'),
      journal: queryKeys.journal.page(3, 1, 25, {}),
      orderItems: queryKeys.orders.items('aacorderlotitems', 7),
      deliveries: queryKeys.delivery.lots(3, 1, 25, null),
      review: queryKeys.viewer.actions(7),
      banners: queryKeys.admin.banners(1, 25),
      profile: queryKeys.account.me(),
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
