import { sql } from 'kysely';
import type {
  ModelViewpoint,
  PdfMarkup,
  SignOffFile,
  SignOffTopic,
  TopicPriority,
} from '../../../shared/schemas/review';
import type { Database } from '../../platform/db/database';

/** Review topics and their comments: queries only. */

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

const displayName = (alias: string) =>
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

/** Members of the root by lower-case login (BCF names people by e-mail). */
export async function membersByLogin(db: Database, rootId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('members as m')
    .innerJoin('users as u', 'u.user_id', 'm.user_id')
    .select(['u.user_id', 'u.login'])
    .where('m.root_project_unit_id', '=', rootId)
    .execute();
  return new Map(rows.map((r) => [r.login.toLowerCase(), r.user_id]));
}

/** Topic guids already on the unit. */
export async function topicGuidsOfUnit(db: Database, unitId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('review_topics').select('guid').where('project_unit_id', '=', unitId).execute();
  return new Set(rows.map((r) => r.guid));
}

/** Of the given users, those who are members of the root project. */
export async function membersOfRoot(db: Database, rootId: number, userIds: number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('members')
    .select('user_id')
    .where('root_project_unit_id', '=', rootId)
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Name, address and language of users to be mailed. */
export async function findMailUsers(db: Database, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['user_id', 'email', 'login', 'language', 'first_name', 'last_name'])
    .where('user_id', 'in', userIds)
    .where('deactivated_at', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Number and title of a unit (for mails). */
export async function findUnitLabel(db: Database, unitId: number) {
  return db
    .selectFrom('project_units')
    .select(['project_unit_no', 'title'])
    .where('project_unit_id', '=', unitId)
    .executeTakeFirstOrThrow();
}

export async function isMemberOfRoot(db: Database, rootId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('user_id')
    .where('root_project_unit_id', '=', rootId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findFileOfUnit(db: Database, unitId: number, fileId: number) {
  return db
    .selectFrom('project_files as f')
    .select(['f.project_file_id', 'f.name'])
    .select((eb) =>
      eb
        .selectFrom('project_file_versions as v')
        .select(sql<number>`max(v.version_no)::int`.as('n'))
        .whereRef('v.project_file_id', '=', 'f.project_file_id')
        .as('newest_version'),
    )
    .where('f.project_file_id', '=', fileId)
    .where('f.project_unit_id', '=', unitId)
    .where('f.deleted_at', 'is', null)
    .executeTakeFirst();
}

/** Files of the unit by name (BCF import links topics to files by name). */
export async function findFilesByName(db: Database, unitId: number) {
  return db
    .selectFrom('project_files')
    .select(['project_file_id', 'name'])
    .where('project_unit_id', '=', unitId)
    .where('deleted_at', 'is', null)
    .execute();
}

/** Guard: an open topic on the unit, or a comment written since the unit entered its state. */
export async function hasFindings(db: Database, unitId: number, since: Date): Promise<boolean> {
  const open = await db
    .selectFrom('review_topics')
    .select('review_topic_id')
    .where('project_unit_id', '=', unitId)
    .where('status', '=', 'open')
    .limit(1)
    .executeTakeFirst();
  if (open) return true;
  const comment = await db
    .selectFrom('review_comments as c')
    .innerJoin('review_topics as t', 't.review_topic_id', 'c.review_topic_id')
    .select('c.review_comment_id')
    .where('t.project_unit_id', '=', unitId)
    .where('c.created_at', '>=', since)
    .limit(1)
    .executeTakeFirst();
  return comment !== undefined;
}

/** Guard: a file version on the unit uploaded after the given moment (the revision request). */
export async function hasVersionSince(db: Database, unitId: number, since: Date): Promise<boolean> {
  const row = await db
    .selectFrom('project_file_versions as v')
    .innerJoin('project_files as f', 'f.project_file_id', 'v.project_file_id')
    .select('v.project_file_version_id')
    .where('f.project_unit_id', '=', unitId)
    .where('f.deleted_at', 'is', null)
    .where('v.created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The unit (with its project) and the holders of its open tasks in a state: who a review decision concerns. */
export async function findTaskHolders(db: Database, unitId: number, stateKey: string) {
  const unit = await db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', (j) =>
      j.on(sql<boolean>`r.project_unit_id = coalesce(u.root_project_unit_id, u.project_unit_id)`),
    )
    .select(['u.project_unit_no', 'u.title', 'r.title as root_title', 'r.project_unit_id as root_id', 'u.tenant_id'])
    .where('u.project_unit_id', '=', unitId)
    .executeTakeFirst();
  const holders = await db
    .selectFrom('tasks as t')
    .innerJoin('users as u', 'u.user_id', 't.user_id')
    .select(['u.user_id', 'u.email', 'u.language', displayName('u').as('name')])
    .where('t.project_unit_id', '=', unitId)
    .where('t.state_key', '=', stateKey)
    .where('t.closed_at', 'is', null)
    .where('u.deactivated_at', 'is', null)
    .orderBy('u.user_id')
    .execute();
  return { unit, holders };
}

/** The newest version of each reviewable file of the unit (PDF drawings and IFC models), by name. */
export async function findNewestReviewableVersions(db: Database, unitId: number): Promise<SignOffFile[]> {
  const rows = await db
    .selectFrom('project_files as f')
    .innerJoin('project_file_versions as v', 'v.project_file_id', 'f.project_file_id')
    .select(['f.project_file_id', 'f.name', sql<number>`max(v.version_no)::int`.as('version_no')])
    .where('f.project_unit_id', '=', unitId)
    .where('f.deleted_at', 'is', null)
    .where((eb) => eb.or([eb(sql`lower(f.name)`, 'like', '%.pdf'), eb(sql`lower(f.name)`, 'like', '%.ifc')]))
    .groupBy(['f.project_file_id', 'f.name'])
    .orderBy('f.name')
    .execute();
  return rows.map((r) => ({ projectFileID: r.project_file_id, fileName: r.name, version: r.version_no }));
}

export async function insertSignOff(
  db: Database,
  s: {
    tenantId: number;
    rootId: number;
    unitId: number;
    signedBy: number;
    signedByName: string;
    signedAt: Date;
    stateKey: string;
    files: SignOffFile[];
    topics: SignOffTopic[];
  },
): Promise<number> {
  const row = await db
    .insertInto('review_sign_offs')
    .values({
      tenant_id: s.tenantId,
      root_project_unit_id: s.rootId,
      project_unit_id: s.unitId,
      signed_by: s.signedBy,
      signed_by_name: s.signedByName,
      signed_at: s.signedAt,
      state_key: s.stateKey,
      files: JSON.stringify(s.files),
      topics: JSON.stringify(s.topics),
    })
    .returning('review_sign_off_id')
    .executeTakeFirstOrThrow();
  return row.review_sign_off_id;
}

/** The unit's sign-off records, newest first. */
export async function findSignOffs(db: Database, unitId: number, signOffId?: number) {
  let q = db
    .selectFrom('review_sign_offs')
    .select(['review_sign_off_id', 'signed_by_name', 'signed_at', 'state_key', 'files', 'topics'])
    .where('project_unit_id', '=', unitId);
  if (signOffId !== undefined) q = q.where('review_sign_off_id', '=', signOffId);
  return q.orderBy('signed_at', 'desc').orderBy('review_sign_off_id', 'desc').execute();
}
