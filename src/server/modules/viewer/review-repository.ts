import { sql } from 'kysely';
import type { StateKey } from '../../../shared/schemas/project-unit';
import type { Database } from '../../platform/db/database';
import { displayName } from './topics-repository';

/** Who and what a review concerns: members, mail recipients, the unit's files, task holders and the guards' questions. */

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

export async function isMemberOfRoot(db: Database, rootId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('members')
    .select('user_id')
    .where('root_project_unit_id', '=', rootId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
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

/** The unit (with its project) and the holders of its open tasks in a state: who a review decision concerns. */
export async function findTaskHolders(db: Database, unitId: number, stateKey: StateKey) {
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
