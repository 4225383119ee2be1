import { AppError } from '../../../shared/errors';
import type { SheetCalibration, SheetCalibrationInput, SheetCalibrations } from '../../../shared/schemas/calibration';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import * as files from '../files/repository';
import * as repo from './calibration-repository';
import { requireReviewUnit, requireWritable } from './service';

type SheetIds = { rootId: number; unitId: number; fileId: number; version: number };

/** The PDF file version of a unit under review (404 for another unit's file, a missing version, or no PDF). */
async function requireSheet(ctx: ServiceContext, user: SessionUser, ids: SheetIds) {
  const access = await requireReviewUnit(ctx, user, ids.rootId, ids.unitId);
  const file = await files.findFile(ctx.db, ids.fileId);
  if (!file || file.project_unit_id !== ids.unitId) throw new AppError('NotFound');
  if (!/\.pdf$/i.test(file.name)) throw new AppError('NotFound', 'VIEWER.Calibration.Errors.NotPdf');
  const version = (await files.findVersions(ctx.db, [file.project_file_id])).find((v) => v.version_no === ids.version);
  if (!version) throw new AppError('NotFound', 'VIEWER.Compare.Errors.NoSuchVersion');
  return { access, versionId: version.project_file_version_id };
}

const toCalibration = (r: repo.CalibrationRow): SheetCalibration => ({
  page: r.page,
  x1: r.x1,
  y1: r.y1,
  x2: r.x2,
  y2: r.y2,
  pageWidth: r.page_width,
  pageHeight: r.page_height,
  lengthMm: r.length_mm,
  calibratedByName: r.calibrated_by_name,
  calibratedOn: new Date(r.calibrated_at).toISOString(),
});

/** `GET …/files/{fileId}/versions/{version}/calibrations`: the calibrated pages, for everyone who may read the unit. */
export async function listCalibrations(
  ctx: ServiceContext,
  user: SessionUser,
  ids: SheetIds,
): Promise<SheetCalibrations> {
  const { versionId } = await requireSheet(ctx, user, ids);
  return { data: (await repo.findCalibrations(ctx.db, versionId)).map(toCalibration) };
}

/**
 * `PUT …/calibrations/{page}`: the page's scale, by whoever may raise topics (it replaces the
 * earlier one; every user measures with it).
 */
export async function saveCalibration(
  ctx: ServiceContext,
  user: SessionUser,
  ids: SheetIds & { page: number },
  input: SheetCalibrationInput,
): Promise<SheetCalibration> {
  const { access, versionId } = await requireSheet(ctx, user, ids);
  requireWritable(access);
  if (ids.page > 10000) throw new AppError('ValidationFailed', 'VALIDATION.Invalid');
  await repo.saveCalibration(ctx.db, {
    versionId,
    page: ids.page,
    tenantId: access.root.tenant_id,
    ...input,
    userId: user.userId,
    now: ctx.clock.now(),
  });
  const [row] = await repo.findCalibrations(ctx.db, versionId, ids.page);
  return toCalibration(row!);
}
