import { AppError } from '../../../shared/errors';
import { validateAacRow } from '../../../shared/rules/aac';
import type { AacItemCreate, AacItemUpdate, AacOrderItem } from '../../../shared/schemas/orders';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { toAacItem, toAacProduct } from './mappers';
import { requireAccess } from '../../platform/access';
import { rowProblems, staleRow } from './order-access';
import * as repo from './repository';

export async function listAacItems(
  db: Database,
  user: SessionUser,
  unitId: number,
): Promise<{ data: AacOrderItem[]; canEdit: boolean }> {
  const access = await requireAccess(db, user, { permission: 'orderLot.read', id: unitId, lotType: 'aacorderlot' });
  const [items, products, canEdit] = await Promise.all([
    repo.findAacItems(db, unitId),
    repo.findAacProducts(db, access.unit.tenant_id),
    repo.hasOpenPlaceOrderTask(db, user.userId, unitId),
  ]);
  const byId = new Map(products.map((p) => [p.aac_product_id, toAacProduct(p)]));
  return { data: items.map((i) => toAacItem(i, byId.get(i.aac_product_id)!)), canEdit };
}

export async function listAacProducts(db: Database, user: SessionUser, unitId: number) {
  const access = await requireAccess(db, user, { permission: 'orderLot.read', id: unitId, lotType: 'aacorderlot' });
  return { data: (await repo.findAacProducts(db, access.unit.tenant_id)).map(toAacProduct) };
}

async function checkedProduct(
  db: Database,
  tenantId: number,
  input: AacItemCreate | AacItemUpdate,
  storedProductNo: number | null,
) {
  const row = await repo.findAacProduct(db, tenantId, input.productNo);
  const product = row ? toAacProduct(row) : null;
  const problems = validateAacRow({ product, itemLength: input.itemLength, qty: input.qty }, { storedProductNo });
  if (problems.length > 0) throw rowProblems(problems, 'aacOrderItem');
  return product!;
}

export async function createAacItem(db: Database, user: SessionUser, input: AacItemCreate): Promise<AacOrderItem> {
  const access = await requireAccess(db, user, {
    permission: 'orderLot.write',
    id: input.projectUnitID,
    lotType: 'aacorderlot',
  });
  const product = await checkedProduct(db, access.unit.tenant_id, input, null);
  const itemIndex = input.itemIndex ?? (await repo.nextItemIndex(db, 'aac_order_items', input.projectUnitID));
  const row = await repo.insertAacItem(db, {
    project_unit_id: input.projectUnitID,
    item_index: itemIndex,
    sublot_name: input.sublotName || null,
    floor_name: input.floorName || null,
    aac_product_id: product.productNo,
    item_length: input.itemLength,
    qty: input.qty,
    created_by: user.userId,
  });
  return toAacItem(row, product);
}

async function findItemOr404(db: Database, itemId: number) {
  const item = await repo.findAacItem(db, itemId);
  if (!item) throw new AppError('NotFound');
  return item;
}

export async function updateAacItem(
  db: Database,
  user: SessionUser,
  itemId: number,
  input: AacItemUpdate,
): Promise<AacOrderItem> {
  const access = await requireAccess(db, user, { permission: 'orderItem.write', id: itemId, lotType: 'aacorderlot' });
  const current = await findItemOr404(db, itemId);
  if (current.version !== input.version) throw staleRow();
  const product = await checkedProduct(db, access.unit.tenant_id, input, current.aac_product_id);
  const row = await repo.updateAacItem(db, itemId, input.version, {
    sublot_name: input.sublotName || null,
    floor_name: input.floorName || null,
    aac_product_id: product.productNo,
    item_length: input.itemLength,
    qty: input.qty,
    item_index: input.itemIndex ?? current.item_index,
  });
  if (!row) throw staleRow();
  return toAacItem(row, product);
}

export async function deleteAacItem(db: Database, user: SessionUser, itemId: number, version: number): Promise<void> {
  await requireAccess(db, user, { permission: 'orderItem.write', id: itemId, lotType: 'aacorderlot' });
  if (!(await repo.deleteAacItem(db, itemId, version))) throw staleRow();
}
