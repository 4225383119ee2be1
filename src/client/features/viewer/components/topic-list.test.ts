import { describe, expect, it } from 'vitest';
import { memberFixture, topicFixture } from '../test/topic-fixture';
import {
  filterTopics,
  isFromOlderVersion,
  memberLabel,
  memberOptions,
  NO_FILTER,
  provenanceKey,
  topicAssignees,
  topicVersions,
} from './topic-list';

const anna = memberFixture();
const bernd = memberFixture({ userID: 8, firstName: 'Bernd', lastName: 'Kurz', name: null });

const topics = [
  topicFixture({ topicID: 1, status: 'resolved', dueDate: '2026-12-01', version: 1, assigneeUserID: 7 }),
  topicFixture({ topicID: 2, dueDate: null, version: 3, priority: 'high' }),
  topicFixture({ topicID: 3, dueDate: '2026-12-20', version: 1, assigneeUserID: 9, assigneeName: 'Carla Roth' }),
  topicFixture({ topicID: 4, dueDate: '2026-12-05', version: 2, assigneeUserID: 7 }),
];
const ids = (list: { topicID: number }[]) => list.map((x) => x.topicID);

describe('topic list', () => {
  it('names members by person and company, else by login or id', () => {
    expect(memberLabel(anna)).toBe('Anna Berg (Planbau GmbH)');
    expect(memberLabel(bernd)).toBe('Bernd Kurz');
    expect(memberLabel(memberFixture({ firstName: null, lastName: null, name: null }))).toBe('anna@example.com');
    expect(memberLabel(memberFixture({ firstName: null, lastName: null, name: null, userLogin: null }))).toBe('7');
  });

  it('offers the members as assignees, and keeps an assignee who left the project', () => {
    expect(memberOptions([anna, bernd], topicFixture({ assigneeUserID: 8 }))).toEqual([
      { value: '7', label: 'Anna Berg (Planbau GmbH)' },
      { value: '8', label: 'Bernd Kurz' },
    ]);
    expect(memberOptions([anna], topicFixture({ assigneeUserID: 9, assigneeName: 'Carla Roth' }))).toEqual([
      { value: '7', label: 'Anna Berg (Planbau GmbH)' },
      { value: '9', label: 'Carla Roth' },
    ]);
    expect(memberOptions([], topicFixture({ assigneeUserID: 9 })).at(-1)).toEqual({ value: '9', label: '9' });
  });

  it('tells a topic of an older version than the one shown', () => {
    expect(isFromOlderVersion(topicFixture({ version: 1 }), 2)).toBe(true);
    expect(isFromOlderVersion(topicFixture({ version: 2 }), 2)).toBe(false);
    expect(isFromOlderVersion(topicFixture({ version: null }), 2)).toBe(false);
    expect(isFromOlderVersion(topicFixture({ version: 1 }), null)).toBe(false);
  });

  it('names what an archive told of an imported record', () => {
    expect(provenanceKey('Eva', '01.02.2026')).toBe('ByOn');
    expect(provenanceKey('Eva', null)).toBe('By');
    expect(provenanceKey(null, '01.02.2026')).toBe('On');
    expect(provenanceKey(null, null)).toBe('Plain');
  });

  it('lists open topics first, the earliest due on top and those without a due day last', () => {
    expect(ids(filterTopics(topics, NO_FILTER))).toEqual([4, 3, 2, 1]);
  });

  it('keeps the order they were raised in (open first) when sorted by creation', () => {
    expect(ids(filterTopics(topics, { ...NO_FILTER, sort: 'created' }))).toEqual([2, 3, 4, 1]);
  });

  it('filters by status, priority, assignee (or nobody) and version, all at once', () => {
    expect(ids(filterTopics(topics, { ...NO_FILTER, status: 'resolved' }))).toEqual([1]);
    expect(ids(filterTopics(topics, { ...NO_FILTER, priority: 'high' }))).toEqual([2]);
    expect(ids(filterTopics(topics, { ...NO_FILTER, assignee: '7' }))).toEqual([4, 1]);
    expect(ids(filterTopics(topics, { ...NO_FILTER, assignee: 'nobody' }))).toEqual([2]);
    expect(ids(filterTopics(topics, { ...NO_FILTER, version: '1' }))).toEqual([3, 1]);
    expect(ids(filterTopics(topics, { ...NO_FILTER, version: '1', status: 'open', assignee: '9' }))).toEqual([3]);
    expect(filterTopics(topics, { ...NO_FILTER, version: '5' })).toEqual([]);
  });

  it('leaves the list it was given as it was', () => {
    const before = ids(topics);
    filterTopics(topics, NO_FILTER);
    expect(ids(topics)).toEqual(before);
  });

  it('offers each version and assignee once, a member by label and a former one by the name kept', () => {
    expect(topicVersions([...topics, topicFixture({ version: null })])).toEqual([1, 2, 3]);
    expect(topicAssignees(topics, [anna])).toEqual([
      [7, 'Anna Berg (Planbau GmbH)'],
      [9, 'Carla Roth'],
    ]);
  });
});
