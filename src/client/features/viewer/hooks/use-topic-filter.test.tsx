import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { topicFixture } from '../test/topic-fixture';
import { useTopicFilter } from './use-topic-filter';

const topics = [
  topicFixture({ topicID: 1, status: 'resolved' }),
  topicFixture({ topicID: 2, dueDate: '2026-12-20' }),
  topicFixture({ topicID: 3, dueDate: '2026-12-05' }),
];
const ids = (list: { topicID: number }[]) => list.map((x) => x.topicID);

describe('useTopicFilter', () => {
  it('shows every topic at first, open ones by due day, and follows the filter and order chosen', () => {
    const { result } = renderHook(() => useTopicFilter(topics));
    expect(ids(result.current.shown)).toEqual([3, 2, 1]);
    act(() => result.current.setFilter({ ...result.current.filter, sort: 'created' }));
    expect(ids(result.current.shown)).toEqual([2, 3, 1]);
    act(() => result.current.setFilter({ ...result.current.filter, status: 'resolved' }));
    expect(ids(result.current.shown)).toEqual([1]);
    expect(result.current.filter).toEqual({
      status: 'resolved',
      priority: 'all',
      assignee: 'all',
      version: 'all',
      sort: 'created',
    });
  });

  it('follows new topics under the same filter', () => {
    const { result, rerender } = renderHook(({ list }) => useTopicFilter(list), { initialProps: { list: topics } });
    act(() => result.current.setFilter({ ...result.current.filter, status: 'open' }));
    rerender({ list: [...topics, topicFixture({ topicID: 4, dueDate: '2026-12-01' })] });
    expect(ids(result.current.shown)).toEqual([4, 3, 2]);
  });
});
