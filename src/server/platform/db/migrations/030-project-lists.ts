import { sql, type Kysely } from 'kysely';

/**
 * Indexes for the project lists (benchmark: scripts/bench/lists.ts).
 * - Roots in list order with the columns the access and state filters read, so page 1 is a
 *   short index walk and the count an index-only scan instead of a sort over all roots.
 * - Members by user with the root id, so "is the user a member of this root" is index-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index project_units_roots_since_idx on project_units (state_since desc, project_unit_id desc) include (tenant_id, state_key) where parent_project_unit_id is null`.execute(
    db,
  );
  await sql`create index members_user_root_idx on members (user_id, root_project_unit_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists members_user_root_idx`.execute(db);
  await sql`drop index if exists project_units_roots_since_idx`.execute(db);
}
