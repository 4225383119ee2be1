import { sql } from 'kysely';
import { reviewListStates } from '../../../shared/rules/review';
import { readableRootSql } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';

/**
 * The approval lots of readable, not closed projects whose drawings are under review, being
 * revised, finalized or approved, newest state first, with their open topics.
 */
export async function findReviewUnits(db: Database, user: SessionUser, limit: number) {
  return db
    .selectFrom('project_units as u')
    .innerJoin('project_units as r', 'r.project_unit_id', 'u.root_project_unit_id')
    .select([
      'r.project_unit_id as root_id',
      'r.title as root_title',
      'r.project_unit_no as root_no',
      'u.project_unit_id as unit_id',
      'u.title as unit_title',
      'u.project_unit_no as unit_no',
      'u.state_key',
      'u.state_since',
    ])
    .select((eb) =>
      eb
        .selectFrom('review_topics as t')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('t.project_unit_id', '=', 'u.project_unit_id')
        .where('t.status', '=', 'open')
        .as('open_topics'),
    )
    .where('u.project_unit_type', '=', 'approvallot')
    .where('u.state_key', 'in', reviewListStates)
    .where('r.state_key', 'not in', ['Closed', 'Archived'])
    .where(readableRootSql(user, 'r.project_unit_id', 'r.tenant_id'))
    .orderBy('u.state_since', 'desc')
    .orderBy('u.project_unit_id', 'desc')
    .limit(limit)
    .execute();
}
