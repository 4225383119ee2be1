import { AppError } from '../../../shared/errors';
import { lintelHasCut, validateLintelRow } from '../../../shared/rules/lintel';
import type { LintelItemCreate, LintelItemUpdate, LintelOrderItem } from '../../../shared/schemas/orders';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { toLintelItem, toLintelProduct } from './mappers';
import { requireAccess } from '../../platform/access';
import { rowProblems, staleRow } from './order-access';
import * as repo from './repository';

export async function listLintelItems(
  db: Database,
  user: SessionUser,
  unitId: number,
): Promise<{ data: LintelOrderItem[]; canEdit: boolean }> {
  const access = await requireAccess(db, user, { permission: 'orderLot.read', id: unitId, lotType: 'lintelorderlot' });
  const [items, products, canEdit] = await Promise.all([
    repo.findLintelItems(db, unitId),
    repo.findLintelProducts(db, access.unit.tenant_id),
    repo.hasOpenPlaceOrderTask(db, user.userId, unitId),
  ]);
  const byId = new Map(products.map((p) => [p.lintel_product_id, toLintelProduct(p)]));
  return { data: items.map((i) => toLintelItem(i, byId.get(i.lintel_product_id)!)), canEdit };
}

export async function listLintelProducts(db: Database, user: SessionUser, unitId: number) {
  const access = await requireAccess(db, user, { permission: 'orderLot.read', id: unitId, lotType: 'lintelorderlot' });
  return { data: (await repo.findLintelProducts(db, access.unit.tenant_id)).map(toLintelProduct) };
}

/** The server's own derivation of hasCut and type; what the client sent for them is ignored. */
async function checkedRow(
  db: Database,
  tenantId: number,
  input: LintelItemCreate | LintelItemUpdate,
  storedProductNo: number | null,
) {
  const row = await repo.findLintelProduct(db, tenantId, input.productNo);
  const product = row ? toLintelProduct(row) : null;
  const problems = validateLintelRow(
    { thickness: input.thickness, length: input.length, height: input.height, product, qty: input.qty },
    { storedProductNo },
  );
  if (problems.length > 0) throw rowProblems(problems, 'lintelOrderItem');
  const p = product!;
  return {
    product: p,
    values: {
      sublot_name: input.sublotName || null,
      floor_name: input.floorName || null,
      lintel_product_id: p.productNo,
      thickness_mm: input.thickness,
      length_mm: input.length,
      height_mm: input.height,
      has_cut: lintelHasCut(p, input.height),
      lintel_type: p.lintelType,
      qty: input.qty,
    },
  };
}

export async function createLintelItem(
  db: Database,
  user: SessionUser,
  input: LintelItemCreate,
): Promise<LintelOrderItem> {
  const access = await requireAccess(db, user, {
    permission: 'orderLot.write',
    id: input.projectUnitID,
    lotType: 'lintelorderlot',
  });
  const { product, values } = await checkedRow(db, access.unit.tenant_id, input, null);
  const itemIndex = input.itemIndex ?? (await repo.nextItemIndex(db, 'lintel_order_items', input.projectUnitID));
  const row = await repo.insertLintelItem(db, {
    ...values,
    project_unit_id: input.projectUnitID,
    item_index: itemIndex,
    created_by: user.userId,
  });
  return toLintelItem(row, product);
}

async function findItemOr404(db: Database, itemId: number) {
  const item = await repo.findLintelItem(db, itemId);
  if (!item) throw new AppError('NotFound');
  return item;
}

export async function updateLintelItem(
  db: Database,
  user: SessionUser,
  itemId: number,
  input: LintelItemUpdate,
): Promise<LintelOrderItem> {
  const access = await requireAccess(db, user, {
    permission: 'orderItem.write',
    id: itemId,
    lotType: 'lintelorderlot',
  });
  const current = await findItemOr404(db, itemId);
  if (current.version !== input.version) throw staleRow();
  const { product, values } = await checkedRow(db, access.unit.tenant_id, input, current.lintel_product_id);
  const row = await repo.updateLintelItem(db, itemId, input.version, {
    ...values,
    item_index: input.itemIndex ?? current.item_index,
  });
  if (!row) throw staleRow();
  return toLintelItem(row, product);
}

export async function deleteLintelItem(
  db: Database,
  user: SessionUser,
  itemId: number,
  version: number,
): Promise<void> {
  await requireAccess(db, user, { permission: 'orderItem.write', id: itemId, lotType: 'lintelorderlot' });
  if (!(await repo.deleteLintelItem(db, itemId, version))) throw staleRow();
}
