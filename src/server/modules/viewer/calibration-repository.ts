import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Page scales of PDF file versions (sheet_calibrations): queries only. */

export type CalibrationRow = {
  page: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  page_width: number;
  page_height: number;
  length_mm: number;
  calibrated_by_name: string | null;
  calibrated_at: Date;
};

export async function findCalibrations(db: Database, versionId: number, page?: number): Promise<CalibrationRow[]> {
  let q = db
    .selectFrom('sheet_calibrations as c')
    .leftJoin('users as u', 'u.user_id', 'c.calibrated_by')
    .select([
      'c.page',
      'c.x1',
      'c.y1',
      'c.x2',
      'c.y2',
      'c.page_width',
      'c.page_height',
      'c.length_mm',
      sql<string | null>`case when u.user_id is null then null
        else coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.login) end`.as(
        'calibrated_by_name',
      ),
      'c.calibrated_at',
    ])
    .where('c.project_file_version_id', '=', versionId);
  if (page !== undefined) q = q.where('c.page', '=', page);
  return q.orderBy('c.page').execute();
}

export type NewCalibration = {
  versionId: number;
  page: number;
  tenantId: number;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  pageWidth: number;
  pageHeight: number;
  lengthMm: number;
  userId: number;
  now: Date;
};

/** The page's calibration, replacing an earlier one. */
export async function saveCalibration(db: Database, c: NewCalibration): Promise<void> {
  const values = {
    x1: c.x1,
    y1: c.y1,
    x2: c.x2,
    y2: c.y2,
    page_width: c.pageWidth,
    page_height: c.pageHeight,
    length_mm: c.lengthMm,
    calibrated_by: c.userId,
    calibrated_at: c.now,
  };
  await db
    .insertInto('sheet_calibrations')
    .values({ project_file_version_id: c.versionId, page: c.page, tenant_id: c.tenantId, ...values })
    .onConflict((oc) => oc.columns(['project_file_version_id', 'page']).doUpdateSet(values))
    .execute();
}
