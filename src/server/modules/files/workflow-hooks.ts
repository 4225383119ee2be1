import type { GuardName } from '../../../shared/rules/workflow';
import type { Guard } from '../workflow/guards';
import { unitHasFiles } from './service';

/** Request-drawings in ProvideFiles needs at least one file on the unit. */
export const fileGuards = {
  unitHasFiles: async ({ trx, unit }) => unitHasFiles(trx, unit.project_unit_id),
} satisfies Partial<Record<GuardName, Guard>>;
