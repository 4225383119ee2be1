import type { GuardName } from '../../../shared/rules/workflow';
import type { Guard } from '../workflow/guards';
import * as reviewRepo from './review-repository';

/**
 * Review guards: a revision is requested only with a finding (an open topic, or a comment written
 * during this review); revised drawings are submitted only with a version uploaded since the request.
 */
export const reviewGuards = {
  reviewHasFindings: async ({ trx, unit }) =>
    reviewRepo.hasFindings(trx, unit.project_unit_id, new Date(unit.state_since)),
  newVersionSinceRevision: async ({ trx, unit }) =>
    reviewRepo.hasVersionSince(trx, unit.project_unit_id, new Date(unit.state_since)),
} satisfies Partial<Record<GuardName, Guard>>;
