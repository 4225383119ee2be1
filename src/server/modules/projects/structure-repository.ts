import { sql } from 'kysely';
import type { Structure } from '../../../shared/schemas/structure';
import type { Database } from '../../platform/db/database';

/** The structure editor's server-side draft and the lookups of create-project-structure. */

export function findDraft(db: Database, rootId: number) {
  return db
    .selectFrom('structure_drafts as d')
    .leftJoin('users as u', 'u.user_id', 'd.saved_by')
    .select(['d.content', 'd.saved_at', 'u.first_name', 'u.last_name', 'u.login'])
    .where('d.root_project_unit_id', '=', rootId)
    .executeTakeFirst();
}

export async function upsertDraft(
  db: Database,
  draft: { rootId: number; tenantId: number; structure: Structure; userId: number; now: Date },
): Promise<void> {
  const content = JSON.stringify(draft.structure);
  await db
    .insertInto('structure_drafts')
    .values({
      root_project_unit_id: draft.rootId,
      tenant_id: draft.tenantId,
      content,
      saved_by: draft.userId,
      saved_at: draft.now,
    })
    .onConflict((oc) =>
      oc.column('root_project_unit_id').doUpdateSet({ content, saved_by: draft.userId, saved_at: draft.now }),
    )
    .execute();
}

export async function deleteDraft(db: Database, rootId: number): Promise<void> {
  await db.deleteFrom('structure_drafts').where('root_project_unit_id', '=', rootId).execute();
}

/** Titles of the subprojects the project already holds. */
export async function findSubprojectTitles(db: Database, rootId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('project_units')
    .select('title')
    .where('parent_project_unit_id', '=', rootId)
    .where('project_unit_type', '=', 'subproject')
    .execute();
  return rows.map((r) => r.title);
}

/** The newest version of a live file of the project, with its name. */
export function findProjectFileVersion(db: Database, rootId: number, fileId: number) {
  return db
    .selectFrom('project_files as f')
    .innerJoin('project_file_versions as v', 'v.project_file_id', 'f.project_file_id')
    .select(['f.name', 'v.project_file_version_id', 'v.storage_key', 'v.size'])
    .where('f.project_file_id', '=', fileId)
    .where('f.root_project_unit_id', '=', rootId)
    .where('f.deleted_at', 'is', null)
    .orderBy('v.version_no', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * The subprojects the project already holds (made on the project page or by an earlier step),
 * with their number of children and the children's material volume.
 */
export async function findExistingSubprojects(db: Database, rootId: number) {
  const rows = await db
    .selectFrom('project_units as s')
    .select([
      's.project_unit_id',
      's.project_unit_no',
      's.title',
      's.project_unit_type_variant',
      (eb) =>
        eb
          .selectFrom('project_units as c')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('c.parent_project_unit_id', '=', 's.project_unit_id')
          .where('c.project_unit_type', '!=', 'folder')
          .as('children'),
      (eb) =>
        eb
          .selectFrom('materials as m')
          .innerJoin('project_units as c', 'c.project_unit_id', 'm.project_unit_id')
          .select(sql<number>`coalesce(sum(m.volume), 0)::float8`.as('v'))
          .whereRef('c.parent_project_unit_id', '=', 's.project_unit_id')
          .as('volume'),
    ])
    .where('s.parent_project_unit_id', '=', rootId)
    .where('s.project_unit_type', '=', 'subproject')
    .orderBy('s.project_unit_no')
    .execute();
  return rows.map((r) => ({
    projectUnitID: r.project_unit_id,
    projectUnitNo: r.project_unit_no,
    title: r.title,
    projectUnitTypeVariant: r.project_unit_type_variant,
    children: Number(r.children ?? 0),
    volume: Number(r.volume ?? 0),
  }));
}
