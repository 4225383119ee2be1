import type { Member } from '../../../../shared/schemas/projects';
import type { ReviewTopic } from '../../../../shared/schemas/review';

/** A member as an assignee choice: the person's name, the company in brackets. */
export function memberLabel(m: Member): string {
  const person = [m.firstName, m.lastName].filter(Boolean).join(' ').trim() || m.userLogin || String(m.userID);
  return m.name ? `${person} (${m.name})` : person;
}

/** The project's members to choose from; an assignee who left the project stays shown. */
export function memberOptions(members: Member[], topic: ReviewTopic) {
  const options = members.map((m) => ({ value: String(m.userID), label: memberLabel(m) }));
  if (topic.assigneeUserID !== null && !members.some((m) => m.userID === topic.assigneeUserID)) {
    options.push({ value: String(topic.assigneeUserID), label: topic.assigneeName ?? String(topic.assigneeUserID) });
  }
  return options;
}

/** A topic raised on an older version of its file than the one shown. */
export const isFromOlderVersion = (topic: ReviewTopic, currentVersion: number | null) =>
  topic.version !== null && currentVersion !== null && topic.version < currentVersion;

/** Which provenance text an imported topic or comment gets: what the archive named of author and date. */
export const provenanceKey = (author: string | null, date: string | null) =>
  author ? (date ? 'ByOn' : 'By') : date ? 'On' : 'Plain';

export const ALL = 'all';
export const NOBODY = 'nobody';
export type TopicFilter = {
  status: string;
  priority: string;
  assignee: string;
  version: string;
  sort: 'due' | 'created';
};
export const NO_FILTER: TopicFilter = { status: ALL, priority: ALL, assignee: ALL, version: ALL, sort: 'due' };

/** Due first (earliest on top, none last), open before resolved; else the order they were raised. */
export function byDue(a: ReviewTopic, b: ReviewTopic): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return 0;
}

/** The topics the filter lets through, in its order (open before resolved either way). */
export function filterTopics(topics: ReviewTopic[], filter: TopicFilter): ReviewTopic[] {
  const matches = topics.filter(
    (x) =>
      (filter.status === ALL || x.status === filter.status) &&
      (filter.priority === ALL || x.priority === filter.priority) &&
      (filter.assignee === ALL ||
        (filter.assignee === NOBODY ? x.assigneeUserID === null : String(x.assigneeUserID) === filter.assignee)) &&
      (filter.version === ALL || String(x.version) === filter.version),
  );
  return filter.sort === 'due'
    ? [...matches].sort(byDue)
    : [...matches].sort((a, b) => (a.status === b.status ? 0 : a.status === 'open' ? -1 : 1));
}

/** The versions the topics were raised on, ascending, each once. */
export const topicVersions = (topics: ReviewTopic[]) =>
  [...new Set(topics.map((x) => x.version).filter((v): v is number => v !== null))].sort((a, b) => a - b);

/** The people topics are assigned to, in the order first met: a member's label, else the name the topic keeps. */
export function topicAssignees(topics: ReviewTopic[], members: Member[]): [number, string][] {
  const assignees = new Map<number, string>();
  for (const x of topics) {
    if (x.assigneeUserID === null) continue;
    const m = members.find((mm) => mm.userID === x.assigneeUserID);
    assignees.set(x.assigneeUserID, m ? memberLabel(m) : (x.assigneeName ?? String(x.assigneeUserID)));
  }
  return [...assignees];
}
