import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyLiveMessage, type LiveMessage } from './live-updates';
import { queryKeys } from './query-keys';

const msg = (type: string, unit: number, root: number): LiveMessage => ({
  type,
  unit,
  root,
  subject: { kind: 'unit', id: String(unit) },
  actor: 9,
});

/** The keys of two projects' pages (units 11 and 21 of projects 1 and 2) and of the shell. */
const keys = {
  unit11: queryKeys.projects.unit(11),
  unit21: queryKeys.projects.unit(21),
  files11: queryKeys.files.unit(1, 11),
  files21: queryKeys.files.unit(2, 21),
  topics11: queryKeys.viewer.topics(1, 11),
  reviewFiles11: queryKeys.viewer.files(1, 11),
  lots1: queryKeys.delivery.lots(1, 1, 25, null),
  lots2: queryKeys.delivery.lots(2, 1, 25, null),
  info1: queryKeys.delivery.info(1),
  products11: queryKeys.orders.products('aacproducts', 11),
  products21: queryKeys.orders.products('aacproducts', 21),
  taskList: queryKeys.tasks.list(1, 25),
  counter: queryKeys.dashboard.count('taskCount'),
  bell: queryKeys.notifications.unread(),
  me: queryKeys.account.me(),
  search: queryKeys.search.units('Linden', 1, 25),
  quickSearch: queryKeys.search.quick('Linden'),
  currentProjects: queryKeys['project-lists'].list('current', 1, 25),
};

/** A client holding fresh data under every key of `keys`. */
function seeded() {
  const client = new QueryClient();
  for (const key of Object.values(keys)) client.setQueryData(key, { x: 1 });
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
      [keys.counter, keys.info1, keys.files11, keys.bell, keys.unit11, keys.reviewFiles11]
        .map((k) => JSON.stringify(k))
        .sort(),
    );
  });

  it('a state change touches the unit, the task list, the delivery list and the order tables of that unit only', () => {
    const { client, stale } = seeded();
    applyLiveMessage(client, msg('unit.state.changed', 11, 1));
    const s = stale();
    for (const k of [keys.unit11, keys.taskList, keys.lots1, keys.products11]) expect(s).toContain(JSON.stringify(k));
    for (const k of [keys.unit21, keys.lots2, keys.products21, keys.files11, keys.me])
      expect(s).not.toContain(JSON.stringify(k));
  });

  it('a review comment touches the topics of its unit only', () => {
    const { client, stale } = seeded();
    applyLiveMessage(client, msg('review.comment.created', 11, 1));
    expect(stale()).toContain(JSON.stringify(keys.topics11));
    expect(stale()).not.toContain(JSON.stringify(keys.files11));
  });

  it('a new project touches the project lists, the search page and the quick search', () => {
    const { client, stale } = seeded();
    applyLiveMessage(client, msg('project.created', 31, 31));
    for (const k of [keys.currentProjects, keys.search, keys.quickSearch]) expect(stale()).toContain(JSON.stringify(k));
    expect(stale()).not.toContain(JSON.stringify(keys.unit11));
  });
});
