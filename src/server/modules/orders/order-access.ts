import { AppError, type ErrorMessage } from '../../../shared/errors';
import { requireProjectRead, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { hasOpenPlaceOrderTask } from './repository';

export type OrderLotType = 'aacorderlot' | 'lintelorderlot';

/** Read access to an order lot of the given type; other units answer 404 like foreign ids. */
export async function requireOrderLotRead(
  db: Database,
  user: SessionUser,
  unitId: number,
  type: OrderLotType,
): Promise<ProjectAccess> {
  const access = await requireProjectRead(db, user, unitId);
  if (access.unit.project_unit_type !== type) throw new AppError('NotFound');
  return access;
}

/** Order rows may be written only by a holder of the unit's open PlaceOrder task (spec §6). */
export async function requireOrderLotWrite(
  db: Database,
  user: SessionUser,
  unitId: number,
  type: OrderLotType,
): Promise<ProjectAccess> {
  const access = await requireOrderLotRead(db, user, unitId, type);
  if (!(await hasOpenPlaceOrderTask(db, user.userId, unitId)))
    throw new AppError('NotAllowed', 'ORDER.Errors.NoPlaceOrderTask');
  return access;
}

export function rowProblems(problems: readonly string[], reference: string): AppError {
  const messages: ErrorMessage[] = problems.map((p) => ({
    messageType: 'Error',
    message: `ORDER.Problems.${p}`,
    reference,
  }));
  return new AppError('ValidationFailed', messages);
}

export const staleRow = () => new AppError('Conflict', 'ORDER.Errors.StaleRow');
