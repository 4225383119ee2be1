import type { z } from 'zod';
import { validateAacRow } from '../../../shared/rules/aac';
import { lintelHasCut, validateLintelRow } from '../../../shared/rules/lintel';
import {
  aacCatalogueSchema,
  aacItemCreateSchema,
  aacItemListSchema,
  aacItemUpdateSchema,
  aacOrderItemSchema,
  lintelCatalogueSchema,
  lintelItemCreateSchema,
  lintelItemListSchema,
  lintelItemUpdateSchema,
  lintelOrderItemSchema,
} from '../../../shared/schemas/orders';
import type { Database } from '../../platform/db/database';
import { toAacItem, toAacProduct, toAacProductIn, toLintelItem, toLintelProduct, toLintelProductIn } from './mappers';
import type { OrderLotType } from '../../platform/access';
import * as repo from './repository';

/** Fields every order-item input has; the rest is the variant's own. */
export type ItemInput = { sublotName: string | null; floorName: string | null; productNo: number };
export type ItemRowBase = { project_unit_id: number; item_index: number; version: number };
type ProductBase = { productNo: number };
type Removed = { project_unit_id: number; item_index: number } | undefined;

/** How a variant finds its products; `language`: the reader's, for the products' titles (mappers.ts). */
type ProductFinders<Product> = {
  findProducts(db: Database, tenantId: number, activeOnly: boolean, language: string): Promise<Product[]>;
  /** The products of these numbers only (a lot's items), inactive ones included. */
  findProductsByNos(db: Database, tenantId: number, productNos: number[], language: string): Promise<Product[]>;
  findProduct(db: Database, tenantId: number, productNo: number, language: string): Promise<Product | null>;
};

/**
 * What the generic item service needs to know of one material: its lot type, paths, schemas,
 * mappers, rule check and storage. A third material is one more value of this type.
 */
export type ItemVariant<
  Item,
  Create extends ItemInput & { projectUnitID: number },
  Update extends ItemInput & { version: number },
  Product extends ProductBase,
  Row extends ItemRowBase,
  Values,
> = ProductFinders<Product> & {
  type: OrderLotType;
  /** The spec's paths below /api/data/{product}/. */
  itemsPath: string;
  productsPath: string;
  /** The reference of rule problems in the error messages. */
  reference: string;
  schemas: {
    item: z.ZodType<Item>;
    list: z.ZodType<{ data: Item[]; canEdit: boolean }>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
    catalogue: z.ZodType<{ data: Product[] }>;
  };
  findItems(db: Database, unitId: number): Promise<Row[]>;
  findItem(db: Database, itemId: number): Promise<Row | undefined>;
  productNoOf(row: Row): number;
  toItem(row: Row, product: Product): Item;
  /** The rules' problems with the input, or the columns to store (derived values computed here). */
  check(
    input: Create | Update,
    product: Product | null,
    storedProductNo: number | null,
  ): { problems: string[]; values: Values | null };
  insert(db: Database, values: Values & { project_unit_id: number; created_by: number }): Promise<Row>;
  update(db: Database, itemId: number, version: number, values: Values): Promise<Row | undefined>;
  remove(db: Database, itemId: number, version: number): Promise<Removed>;
  table: repo.ItemTable;
};

const names = (input: ItemInput) => ({ sublot_name: input.sublotName || null, floor_name: input.floorName || null });

/** A variant's product finders from its catalogue's three queries and its mapper to a reader's product. */
function productFinders<ProductRow, Product>(
  queries: {
    all(db: Database, tenantId: number, activeOnly: boolean): Promise<ProductRow[]>;
    byIds(db: Database, tenantId: number, ids: number[]): Promise<ProductRow[]>;
    one(db: Database, tenantId: number, id: number): Promise<ProductRow | undefined>;
  },
  toProductIn: (language: string) => (row: ProductRow) => Product,
): ProductFinders<Product> {
  return {
    findProducts: async (db, tenantId, activeOnly, language) =>
      (await queries.all(db, tenantId, activeOnly)).map(toProductIn(language)),
    findProductsByNos: async (db, tenantId, nos, language) =>
      (await queries.byIds(db, tenantId, nos)).map(toProductIn(language)),
    findProduct: async (db, tenantId, productNo, language) => {
      const row = await queries.one(db, tenantId, productNo);
      return row ? toProductIn(language)(row) : null;
    },
  };
}

export const aacVariant: ItemVariant<
  z.infer<typeof aacOrderItemSchema>,
  z.infer<typeof aacItemCreateSchema>,
  z.infer<typeof aacItemUpdateSchema>,
  ReturnType<typeof toAacProduct>,
  repo.AacItemRow,
  repo.AacItemValues
> = {
  type: 'aacorderlot',
  itemsPath: 'aacorderlotitems',
  productsPath: 'aacproducts',
  reference: 'aacOrderItem',
  schemas: {
    item: aacOrderItemSchema,
    list: aacItemListSchema,
    create: aacItemCreateSchema,
    update: aacItemUpdateSchema,
    catalogue: aacCatalogueSchema,
  },
  ...productFinders(
    { all: repo.findAacProducts, byIds: repo.findAacProductsByIds, one: repo.findAacProduct },
    toAacProductIn,
  ),
  findItems: repo.findAacItems,
  findItem: repo.findAacItem,
  productNoOf: (row) => row.aac_product_id,
  toItem: toAacItem,
  check: (input, product, storedProductNo) => {
    const problems = validateAacRow({ product, itemLength: input.itemLength, qty: input.qty }, { storedProductNo });
    if (problems.length > 0 || !product) return { problems, values: null };
    return {
      problems,
      values: { ...names(input), aac_product_id: product.productNo, item_length: input.itemLength, qty: input.qty },
    };
  },
  insert: repo.insertAacItem,
  update: repo.updateAacItem,
  remove: repo.deleteAacItem,
  table: repo.itemTables.aac,
};

export const lintelVariant: ItemVariant<
  z.infer<typeof lintelOrderItemSchema>,
  z.infer<typeof lintelItemCreateSchema>,
  z.infer<typeof lintelItemUpdateSchema>,
  ReturnType<typeof toLintelProduct>,
  repo.LintelItemRow,
  repo.LintelItemValues
> = {
  type: 'lintelorderlot',
  itemsPath: 'lintelorderlotitems',
  productsPath: 'lintelproducts',
  reference: 'lintelOrderItem',
  schemas: {
    item: lintelOrderItemSchema,
    list: lintelItemListSchema,
    create: lintelItemCreateSchema,
    update: lintelItemUpdateSchema,
    catalogue: lintelCatalogueSchema,
  },
  ...productFinders(
    { all: repo.findLintelProducts, byIds: repo.findLintelProductsByIds, one: repo.findLintelProduct },
    toLintelProductIn,
  ),
  findItems: repo.findLintelItems,
  findItem: repo.findLintelItem,
  productNoOf: (row) => row.lintel_product_id,
  toItem: toLintelItem,
  /** The server derives hasCut and the type itself; what the client sent for them is ignored. */
  check: (input, product, storedProductNo) => {
    const problems = validateLintelRow(
      { thickness: input.thickness, length: input.length, height: input.height, product, qty: input.qty },
      { storedProductNo },
    );
    if (problems.length > 0 || !product) return { problems, values: null };
    return {
      problems,
      values: {
        ...names(input),
        lintel_product_id: product.productNo,
        thickness_mm: input.thickness,
        length_mm: input.length,
        height_mm: input.height,
        has_cut: lintelHasCut(product, input.height),
        lintel_type: product.lintelType,
        qty: input.qty,
      },
    };
  },
  insert: repo.insertLintelItem,
  update: repo.updateLintelItem,
  remove: repo.deleteLintelItem,
  table: repo.itemTables.lintel,
};
