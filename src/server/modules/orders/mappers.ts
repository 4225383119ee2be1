import { deriveAacRow, type AacProduct } from '../../../shared/rules/aac';
import type { LintelProduct } from '../../../shared/rules/lintel';
import { textInLanguage } from '../../../shared/rules/text-in-language';
import type { AacOrderItem, LintelOrderItem } from '../../../shared/schemas/orders';
import type { AacItemRow, AacProductRow, LintelItemRow, LintelProductRow } from './repository';

/** The title a reader sees: in their `language`, else the tenant's, else the base title. */
const titleIn = (p: AacProductRow | LintelProductRow, language: string) =>
  textInLanguage(p.title_by_language, language, p.tenant_language, p.title);

/** A product with its base title (the catalogue as imported; rules and checks that show no text). */
export function toAacProduct(p: AacProductRow): AacProduct {
  return {
    productNo: p.aac_product_id,
    title: p.title,
    articleNo: p.article_no,
    thicknessMm: p.thickness_mm,
    widthMm: p.width_mm,
    minLengthMm: p.min_length_mm,
    maxLengthMm: p.max_length_mm,
    lengthStepMm: p.length_step_mm,
    palletCapacity: Number(p.pallet_capacity),
    colorIndex: p.color_index,
    active: p.active,
  };
}

export function toLintelProduct(p: LintelProductRow): LintelProduct {
  return {
    productNo: p.lintel_product_id,
    title: p.title,
    itemNo: p.item_no,
    lintelType: p.lintel_type,
    thickness: p.thickness_mm,
    length: p.length_mm,
    height: p.height_mm,
    piecesPerPallet: p.pieces_per_pallet,
    active: p.active,
  };
}

/** A product as a reader of `language` sees it (screens, mails). */
export const toAacProductIn =
  (language: string) =>
  (p: AacProductRow): AacProduct => ({ ...toAacProduct(p), title: titleIn(p, language) });

export const toLintelProductIn =
  (language: string) =>
  (p: LintelProductRow): LintelProduct => ({ ...toLintelProduct(p), title: titleIn(p, language) });

export function toAacItem(row: AacItemRow, product: AacProduct): AacOrderItem {
  const itemLength = Number(row.item_length);
  const derived = deriveAacRow({ product, itemLength, qty: row.qty });
  return {
    aacOrderLotItemID: row.aac_order_lot_item_id,
    projectUnitID: row.project_unit_id,
    itemIndex: row.item_index,
    sublotName: row.sublot_name,
    floorName: row.floor_name,
    productNo: product.productNo,
    product,
    itemLength,
    qty: row.qty,
    thickness: derived.thickness ?? 0,
    width: derived.width ?? 0,
    length: itemLength,
    pallets: derived.pallets ?? 0,
    version: row.version,
  };
}

export function toLintelItem(row: LintelItemRow, product: LintelProduct): LintelOrderItem {
  return {
    lintelOrderLotItemID: row.lintel_order_lot_item_id,
    projectUnitID: row.project_unit_id,
    itemIndex: row.item_index,
    sublotName: row.sublot_name,
    floorName: row.floor_name,
    qty: row.qty,
    hasCut: row.has_cut,
    height: row.height_mm,
    thickness: row.thickness_mm,
    length: row.length_mm,
    productNo: product.productNo,
    product,
    lintelType: row.lintel_type,
    version: row.version,
  };
}
