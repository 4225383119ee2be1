import type { ReviewUnits } from '../../../shared/schemas/review';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import { findReviewUnits } from './review-units-repository';

/** `GET api/viewer/units`: the units the user may review (home/app/viewer), at most 200. */
export async function listReviewUnits(ctx: ServiceContext, user: SessionUser): Promise<ReviewUnits> {
  const rows = await findReviewUnits(ctx.db, user, 200);
  return {
    data: rows.map((r) => ({
      rootId: r.root_id,
      rootTitle: r.root_title,
      rootNo: r.root_no,
      unitId: r.unit_id,
      unitTitle: r.unit_title,
      unitNo: r.unit_no,
      stateKey: r.state_key,
      stateSince: r.state_since ? new Date(r.state_since).toISOString() : null,
      openTopics: r.open_topics ?? 0,
    })),
  };
}
