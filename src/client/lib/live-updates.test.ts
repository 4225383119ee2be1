import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage, type LiveMessage } from './live-updates';

const msg = (type: string, unit: number, root: number): LiveMessage => ({
  type,
  unit,
  root,
  subject: { kind: 'unit', id: String(unit) },
  actor: 9,
});

/** A client holding fresh data under the keys of two projects' pages. */
function seeded() {
  const client = new QueryClient();
  const keys = [
    ['projects', 'unit', 11],
    ['projects', 'unit', 21],
    ['files', 'unit', 1, 11],
    ['files', 'unit', 2, 21],
    ['viewer', 'topics', 1, 11],
    ['viewer', 'files', 1, 11],
    ['delivery', 'lots', 1, 1, 25, null],
    ['delivery', 'lots', 2, 1, 25, null],
    ['delivery', 'info', 1],
    ['orders', 'aac-products', 11],
    ['orders', 'aac-products', 21],
    ['tasks', 'list', 1, 25],
    ['dashboard', 'openTasks'],
    ['notifications', 'unread'],
    ['account', 'me'],
  ];
  for (const key of keys) client.setQueryData(key, { x: 1 });
  const stale = () =>
    client
      .getQueryCache()
      .getAll()
      .filter((q) => q.isStale())
      .map((q) => JSON.stringify(q.queryKey))
      .sort();
  return { client, stale };
}

describe('live updates', () => {
  it('a new file version marks exactly the unit’s files, its unit, the counters and the bell stale', () => {
    const { client, stale } = seeded();
    applyLiveMessage(client, msg('file.version.added', 11, 1));
    expect(stale()).toEqual(
      [
        ['dashboard', 'openTasks'],
        ['delivery', 'info', 1],
        ['files', 'unit', 1, 11],
        ['notifications', 'unread'],
        ['projects', 'unit', 11],
        ['viewer', 'files', 1, 11],
      ]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
  });

  it('a state change touches the unit, the task list, the delivery list and the order tables of that unit only', () => {
    const { client, stale } = seeded();
    applyLiveMessage(client, msg('unit.state.changed', 11, 1));
    const s = stale();
    for (const k of [
      ['projects', 'unit', 11],
      ['tasks', 'list', 1, 25],
      ['delivery', 'lots', 1, 1, 25, null],
      ['orders', 'aac-products', 11],
    ])
      expect(s).toContain(JSON.stringify(k));
    for (const k of [
      ['projects', 'unit', 21],
      ['delivery', 'lots', 2, 1, 25, null],
      ['orders', 'aac-products', 21],
      ['files', 'unit', 1, 11],
      ['account', 'me'],
    ])
      expect(s).not.toContain(JSON.stringify(k));
  });

  it('a review comment touches the topics of its unit only', () => {
    const { client, stale } = seeded();
    applyLiveMessage(client, msg('review.comment.created', 11, 1));
    expect(stale()).toContain(JSON.stringify(['viewer', 'topics', 1, 11]));
    expect(stale()).not.toContain(JSON.stringify(['files', 'unit', 1, 11]));
  });
});
