import { AppError } from '../../../shared/errors';
import type { OrderConfirmation } from '../../../shared/schemas/orders';
import { isOrderLot } from '../../../shared/rules/project-units';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import * as siteRepo from '../projects/site-repository';
import { toAddress, toContact } from '../projects/site-service';
import * as repo from './repository';

/** The facts of an order confirmation, shared by the page and the confirmation mail. */
export async function loadOrderConfirmation(db: Database, unitId: number): Promise<OrderConfirmation | null> {
  const lot = await repo.findOrderLotForConfirmation(db, unitId);
  if (!lot) return null;
  const placement = await repo.findOrderPlacement(db, unitId);
  const name = placement ? [placement.first_name, placement.last_name].filter(Boolean).join(' ') : '';
  return {
    projectUnitNo: lot.project_unit_no,
    title: lot.title,
    projectNo: lot.project_no,
    projectTitle: lot.project_title,
    placedAt: placement ? placement.created_at.toISOString() : null,
    placedBy: placement ? name || placement.user_email || null : null,
    deliveryDate: lot.delivery_date,
    siteAddress: lot.site_address_id ? toAddress(await siteRepo.getAddress(db, lot.site_address_id)) : null,
    siteContact: lot.site_contact_id ? toContact(await siteRepo.getContact(db, lot.site_contact_id)) : null,
  };
}

export async function getOrderConfirmation(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
): Promise<OrderConfirmation> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  if (!isOrderLot(access.unit.project_unit_type)) throw new AppError('NotFound');
  const confirmation = await loadOrderConfirmation(ctx.db, unitId);
  if (!confirmation) throw new AppError('NotFound');
  return confirmation;
}
