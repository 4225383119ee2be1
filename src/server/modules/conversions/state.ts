import type { ConversionStatus, FileConversion } from '../../../shared/schemas/review';
import type { ServiceContext } from '../../platform/context';
import { CONVERSION_KIND, findConversions } from './queue-repository';

/** The status of each IFC version (no row: still queued); other kinds have none. */
export async function conversionsOf(
  ctx: Pick<ServiceContext, 'db'>,
  versionIds: number[],
): Promise<Map<number, FileConversion>> {
  const rows = await findConversions(ctx.db, versionIds);
  const byId = new Map(rows.map((r) => [r.project_file_version_id, r]));
  const out = new Map<number, FileConversion>();
  for (const id of versionIds) {
    const row = byId.get(id);
    const status: ConversionStatus = row?.status ?? 'queued';
    out.set(id, { status, reason: row?.reason ?? null });
  }
  return out;
}

/** A version was queued: an instance with a free place for a conversion claims it now. */
export function nudgeConversions(ctx: Pick<ServiceContext, 'work'>): void {
  ctx.work.nudge(CONVERSION_KIND);
}
