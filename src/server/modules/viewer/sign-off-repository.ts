import { sql } from 'kysely';
import type { StateKey } from '../../../shared/schemas/project-unit';
import type { SignOffFile, SignOffTopic } from '../../../shared/schemas/review';
import type { Database } from '../../platform/db/database';

/** Sign-off records of approvals: the files and topics as they stood when the unit was approved. */

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
    stateKey: StateKey;
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
