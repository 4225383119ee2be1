import { validateAacRow } from '../../../shared/rules/aac';
import { validateLintelRow } from '../../../shared/rules/lintel';
import type { GuardName } from '../../../shared/rules/workflow';
import type { WorkflowEffect } from '../workflow/effects';
import type { Guard } from '../workflow/guards';
import { toAacProduct, toLintelProduct } from './mappers';
import { sendOrderConfirmation } from './order-mail';
import * as repo from './repository';

/**
 * PlaceOrder may be left only when the lot has items and every stored item passes the
 * rules (unsaved rows exist only in a browser; the client hides the action for them).
 */
export const orderItemsComplete: Guard = async ({ trx, unit }) => {
  if (unit.project_unit_type === 'aacorderlot') {
    const items = await repo.findAacItems(trx, unit.project_unit_id);
    if (items.length === 0) return false;
    const products = new Map(
      (
        await repo.findAacProductsByIds(
          trx,
          unit.tenant_id,
          items.map((i) => i.aac_product_id),
        )
      ).map((p) => [p.aac_product_id, toAacProduct(p)]),
    );
    return items.every(
      (i) =>
        validateAacRow(
          { product: products.get(i.aac_product_id) ?? null, itemLength: Number(i.item_length), qty: i.qty },
          { storedProductNo: i.aac_product_id },
        ).length === 0,
    );
  }
  if (unit.project_unit_type === 'lintelorderlot') {
    const items = await repo.findLintelItems(trx, unit.project_unit_id);
    if (items.length === 0) return false;
    const products = new Map(
      (
        await repo.findLintelProductsByIds(
          trx,
          unit.tenant_id,
          items.map((i) => i.lintel_product_id),
        )
      ).map((p) => [p.lintel_product_id, toLintelProduct(p)]),
    );
    return items.every(
      (i) =>
        validateLintelRow(
          {
            thickness: i.thickness_mm,
            length: i.length_mm,
            height: i.height_mm,
            product: products.get(i.lintel_product_id) ?? null,
            qty: i.qty,
          },
          { storedProductNo: i.lintel_product_id },
        ).length === 0,
    );
  }
  return false;
};

/** The guards the orders module gives the workflow engine. */
export const orderGuards = { orderItemsComplete } satisfies Partial<Record<GuardName, Guard>>;

/** The order confirmation mail after an order lot's place-order action. */
export const orderEffects: WorkflowEffect[] = (['aacorderlot', 'lintelorderlot'] as const).map((type) => ({
  key: `${type}:place-order`,
  run: (ctx, transition, actorUserId) => sendOrderConfirmation(ctx, transition.unitId, actorUserId),
}));
