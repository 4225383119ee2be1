import { AppError } from '../../../shared/errors';
import { requireAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { ItemInput, ItemRowBase, ItemVariant } from './item-variants';
import { rowProblems, staleRow } from './order-access';
import { closePositionGap, hasOpenPlaceOrderTask, lockOrderLot } from './repository';

/**
 * Creates and deletes lock the lot first; should two writers still pick the same next position,
 * the unique index refuses one, which tries again.
 */
const POSITION_ATTEMPTS = 5;

const isUniqueViolation = (err: unknown) => err instanceof Error && 'code' in err && err.code === '23505';

/**
 * List, create, update and delete of one material's order items (spec §3/§4): reads need the
 * lot, writes the open PlaceOrder task; updates and deletes carry the version the client
 * edited (409 otherwise); positions are the server's, 1..n without gaps.
 */
export function createItemService<
  Item,
  Create extends ItemInput & { projectUnitID: number },
  Update extends ItemInput & { version: number },
  Product extends { productNo: number },
  Row extends ItemRowBase,
  Values,
>(variant: ItemVariant<Item, Create, Update, Product, Row, Values>) {
  async function findItemOr404(ctx: ServiceContext, itemId: number) {
    const item = await variant.findItem(ctx.db, itemId);
    if (!item) throw new AppError('NotFound');
    return item;
  }

  async function checked(
    ctx: ServiceContext,
    user: SessionUser,
    tenantId: number,
    input: Create | Update,
    storedProductNo: number | null,
  ) {
    const product = await variant.findProduct(ctx.db, tenantId, input.productNo, user.language);
    const { problems, values } = variant.check(input, product, storedProductNo);
    if (problems.length > 0 || values === null || product === null) throw rowProblems(problems, variant.reference);
    return { product, values };
  }

  return {
    variant,

    async list(ctx: ServiceContext, user: SessionUser, unitId: number): Promise<{ data: Item[]; canEdit: boolean }> {
      const access = await requireAccess(ctx.db, user, {
        permission: 'orderLot.read',
        id: unitId,
        lotType: variant.type,
      });
      const [items, canEdit] = await Promise.all([
        variant.findItems(ctx.db, unitId),
        hasOpenPlaceOrderTask(ctx.db, user.userId, unitId),
      ]);
      // Only the products of the lot's items, not the whole catalogue.
      const products = await variant.findProductsByNos(
        ctx.db,
        access.unit.tenant_id,
        items.map(variant.productNoOf),
        user.language,
      );
      const byNo = new Map(products.map((p) => [p.productNo, p]));
      const data = items.flatMap((i) => {
        const product = byNo.get(variant.productNoOf(i));
        return product ? [variant.toItem(i, product)] : [];
      });
      return { data, canEdit };
    },

    /** The products an order page may offer: the unit tenant's active ones. */
    async products(ctx: ServiceContext, user: SessionUser, unitId: number) {
      const access = await requireAccess(ctx.db, user, {
        permission: 'orderLot.read',
        id: unitId,
        lotType: variant.type,
      });
      return { data: await variant.findProducts(ctx.db, access.unit.tenant_id, true, user.language) };
    },

    async create(ctx: ServiceContext, user: SessionUser, input: Create): Promise<Item> {
      const access = await requireAccess(ctx.db, user, {
        permission: 'orderLot.write',
        id: input.projectUnitID,
        lotType: variant.type,
      });
      const { product, values } = await checked(ctx, user, access.unit.tenant_id, input, null);
      const row = { ...values, project_unit_id: input.projectUnitID, created_by: user.userId };
      for (let attempt = 1; ; attempt++) {
        try {
          const inserted = await ctx.db.transaction().execute(async (trx) => {
            await lockOrderLot(trx, input.projectUnitID);
            return variant.insert(trx, row);
          });
          return variant.toItem(inserted, product);
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= POSITION_ATTEMPTS) throw err;
        }
      }
    },

    async update(ctx: ServiceContext, user: SessionUser, itemId: number, input: Update): Promise<Item> {
      const access = await requireAccess(ctx.db, user, {
        permission: 'orderItem.write',
        id: itemId,
        lotType: variant.type,
      });
      const current = await findItemOr404(ctx, itemId);
      if (current.version !== input.version) throw staleRow();
      const { product, values } = await checked(ctx, user, access.unit.tenant_id, input, variant.productNoOf(current));
      const row = await variant.update(ctx.db, itemId, input.version, values);
      if (!row) throw staleRow();
      return variant.toItem(row, product);
    },

    async remove(ctx: ServiceContext, user: SessionUser, itemId: number, version: number): Promise<void> {
      const access = await requireAccess(ctx.db, user, {
        permission: 'orderItem.write',
        id: itemId,
        lotType: variant.type,
      });
      await ctx.db.transaction().execute(async (trx) => {
        await lockOrderLot(trx, access.unit.project_unit_id);
        const removed = await variant.remove(trx, itemId, version);
        if (!removed) throw staleRow();
        await closePositionGap(trx, variant.table, removed.project_unit_id, removed.item_index);
      });
    },
  };
}

export type ItemService<
  Item,
  Create extends ItemInput & { projectUnitID: number },
  Update extends ItemInput & { version: number },
  Product extends { productNo: number },
  Row extends ItemRowBase,
  Values,
> = ReturnType<typeof createItemService<Item, Create, Update, Product, Row, Values>>;
