import { sql } from 'kysely';
import type { ModelViewpoint, PdfMarkup, TopicPriority } from '../../../shared/schemas/review';
import type { Database } from '../../platform/db/database';

/** Review topics and their comments: queries only (people, files and guards: review-repository.ts; sign-offs: sign-off-repository.ts). */

export type TopicRow = {
  review_topic_id: number;
  guid: string;
  project_unit_id: number;
  project_file_id: number | null;
  file_name: string | null;
  version_no: number | null;
  title: string;
  status: 'open' | 'resolved';
  assignee_user_id: number | null;
  assignee_name: string | null;
  assignee_login: string | null;
  created_by_name: string | null;
  created_by_login: string | null;
  created_at: Date;
  markup: PdfMarkup | null;
  viewpoint: ModelViewpoint | null;
  imported_author: string | null;
  imported_created_at: Date | null;
  priority: TopicPriority;
  due_date: string | null;
  labels: string[];
  carried_over_at: Date | null;
};

/** A user's shown name: first and last name, else the login (null without a user). */
export const displayName = (alias: string) =>
  sql<string | null>`case when ${sql.ref(`${alias}.user_id`)} is null then null
    else coalesce(nullif(trim(concat_ws(' ', ${sql.ref(`${alias}.first_name`)}, ${sql.ref(`${alias}.last_name`)})), ''), ${sql.ref(`${alias}.login`)}) end`;

/** The unit's topics, oldest first. */
export async function findTopics(db: Database, unitId: number, topicId?: number): Promise<TopicRow[]> {
  let q = db
    .selectFrom('review_topics as t')
    .leftJoin('project_files as f', 'f.project_file_id', 't.project_file_id')
    .leftJoin('users as a', 'a.user_id', 't.assignee_user_id')
    .leftJoin('users as c', 'c.user_id', 't.created_by')
    .select([
      't.review_topic_id',
      't.guid',
      't.project_unit_id',
      't.project_file_id',
      'f.name as file_name',
      't.version_no',
      't.title',
      't.status',
      't.assignee_user_id',
      displayName('a').as('assignee_name'),
      'a.login as assignee_login',
      displayName('c').as('created_by_name'),
      'c.login as created_by_login',
      't.created_at',
      't.markup',
      't.viewpoint',
      't.imported_author',
      't.imported_created_at',
      't.priority',
      't.due_date',
      't.labels',
      't.carried_over_at',
    ])
    .where('t.project_unit_id', '=', unitId);
  if (topicId !== undefined) q = q.where('t.review_topic_id', '=', topicId);
  return q.orderBy('t.created_at').orderBy('t.review_topic_id').execute();
}

export type CommentRow = {
  review_comment_id: number;
  review_topic_id: number;
  guid: string;
  author_name: string;
  /** The author's login (the real author; null once the user is gone). */
  author_login: string | null;
  text: string;
  created_at: Date;
  imported_author: string | null;
  imported_created_at: Date | null;
};

export async function findComments(db: Database, topicIds: number[]): Promise<CommentRow[]> {
  if (topicIds.length === 0) return [];
  return db
    .selectFrom('review_comments as c')
    .leftJoin('users as u', 'u.user_id', 'c.author_user_id')
    .select([
      'c.review_comment_id',
      'c.review_topic_id',
      'c.guid',
      'c.author_name',
      'u.login as author_login',
      'c.text',
      'c.created_at',
      'c.imported_author',
      'c.imported_created_at',
    ])
    .where('c.review_topic_id', 'in', topicIds)
    .orderBy('c.created_at')
    .orderBy('c.review_comment_id')
    .execute();
}

export type NewTopic = {
  guid: string;
  tenantId: number;
  rootId: number;
  unitId: number;
  fileId: number | null;
  versionNo: number | null;
  title: string;
  status: 'open' | 'resolved';
  assigneeId: number | null;
  createdBy: number | null;
  now: Date;
  markup: PdfMarkup | null;
  viewpoint: ModelViewpoint | null;
  priority?: TopicPriority;
  dueDate?: string | null;
  labels?: string[];
  /** From a BCF import: the author and date the archive names, as text only. */
  imported?: Provenance;
};

export type Provenance = { author: string | null; createdAt: Date | null };

export async function insertTopic(db: Database, t: NewTopic): Promise<number> {
  const row = await db
    .insertInto('review_topics')
    .values({
      guid: t.guid,
      tenant_id: t.tenantId,
      root_project_unit_id: t.rootId,
      project_unit_id: t.unitId,
      project_file_id: t.fileId,
      version_no: t.versionNo,
      title: t.title,
      status: t.status,
      assignee_user_id: t.assigneeId,
      created_by: t.createdBy,
      created_at: t.now,
      resolved_at: t.status === 'resolved' ? t.now : null,
      markup: t.markup ? JSON.stringify(t.markup) : null,
      viewpoint: t.viewpoint ? JSON.stringify(t.viewpoint) : null,
      imported_author: t.imported?.author ?? null,
      imported_created_at: t.imported?.createdAt ?? null,
      priority: t.priority ?? 'normal',
      due_date: t.dueDate ?? null,
      labels: t.labels ?? [],
    })
    .returning('review_topic_id')
    .executeTakeFirstOrThrow();
  return row.review_topic_id;
}

export async function insertComment(
  db: Database,
  c: {
    guid: string;
    topicId: number;
    authorId: number | null;
    authorName: string;
    text: string;
    now: Date;
    imported?: Provenance;
    mentionUserIds?: number[];
  },
) {
  await db
    .insertInto('review_comments')
    .values({
      guid: c.guid,
      review_topic_id: c.topicId,
      author_user_id: c.authorId,
      author_name: c.authorName,
      text: c.text,
      created_at: c.now,
      imported_author: c.imported?.author ?? null,
      imported_created_at: c.imported?.createdAt ?? null,
      mention_user_ids: c.mentionUserIds ?? [],
    })
    .execute();
}

export async function updateTopic(
  db: Database,
  topicId: number,
  change: {
    status?: 'open' | 'resolved';
    assigneeId?: number | null;
    priority?: TopicPriority;
    dueDate?: string | null;
    labels?: string[];
    /** Carried over to the next revision at an approval. */
    carriedOver?: boolean;
    now: Date;
  },
) {
  await db
    .updateTable('review_topics')
    .set({
      ...(change.status
        ? { status: change.status, resolved_at: change.status === 'resolved' ? change.now : null }
        : {}),
      ...(change.assigneeId !== undefined ? { assignee_user_id: change.assigneeId } : {}),
      ...(change.priority !== undefined ? { priority: change.priority } : {}),
      ...(change.dueDate !== undefined ? { due_date: change.dueDate } : {}),
      ...(change.labels !== undefined ? { labels: change.labels } : {}),
      ...(change.carriedOver !== undefined ? { carried_over_at: change.carriedOver ? change.now : null } : {}),
    })
    .where('review_topic_id', '=', topicId)
    .execute();
}

/** Topic guids already used anywhere (BCF guids are global). */
export async function existingGuids(db: Database, guids: string[]): Promise<string[]> {
  if (guids.length === 0) return [];
  const topics = await db.selectFrom('review_topics').select('guid').where('guid', 'in', guids).execute();
  const comments = await db.selectFrom('review_comments').select('guid').where('guid', 'in', guids).execute();
  return [...topics, ...comments].map((r) => r.guid);
}

/** Topic guids already on the unit. */
export async function topicGuidsOfUnit(db: Database, unitId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('review_topics').select('guid').where('project_unit_id', '=', unitId).execute();
  return new Set(rows.map((r) => r.guid));
}
