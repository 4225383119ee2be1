import type { ColumnType, Generated } from 'kysely';
import type { LintelType } from '../../../../shared/rules/lintel';
import type { Language } from '../../../../shared/schemas/common';
import type { Json } from './foundation';

/** Tables of migration 050-orders: catalogues per tenant and order items. */
type Numeric = ColumnType<number, number | string, number | string>;

export type AacProductsTable = {
  aac_product_id: Generated<number>;
  tenant_id: number;
  title: string;
  /** Migration 352: the title per language (de, en, nl) beside the base title. */
  title_by_language: Json<Partial<Record<Language, string>>>;
  article_no: string;
  thickness_mm: number;
  width_mm: number;
  min_length_mm: number;
  max_length_mm: number;
  length_step_mm: Generated<number>;
  pallet_capacity: Numeric;
  color_index: Generated<number>;
  active: Generated<boolean>;
  /** Set while the product is new in an import not yet switched (hidden until then). */
  import_id: string | null;
};

export type LintelProductsTable = {
  lintel_product_id: Generated<number>;
  tenant_id: number;
  title: string;
  /** Migration 352: the title per language (de, en, nl) beside the base title. */
  title_by_language: Json<Partial<Record<Language, string>>>;
  item_no: string;
  lintel_type: LintelType;
  thickness_mm: number;
  length_mm: number;
  height_mm: number;
  pieces_per_pallet: number;
  active: Generated<boolean>;
  /** Set while the product is new in an import not yet switched (hidden until then). */
  import_id: string | null;
};

export type AacOrderItemsTable = {
  aac_order_lot_item_id: Generated<number>;
  project_unit_id: number;
  item_index: number;
  sublot_name: string | null;
  floor_name: string | null;
  aac_product_id: number;
  /** Metres. */
  item_length: Numeric;
  qty: number;
  version: Generated<number>;
  created_by: number | null;
  updated_at: Generated<Date>;
};

export type LintelOrderItemsTable = {
  lintel_order_lot_item_id: Generated<number>;
  project_unit_id: number;
  item_index: number;
  sublot_name: string | null;
  floor_name: string | null;
  lintel_product_id: number;
  thickness_mm: number;
  length_mm: number;
  height_mm: number;
  has_cut: Generated<boolean>;
  lintel_type: LintelType;
  qty: number;
  version: Generated<number>;
  created_by: number | null;
  updated_at: Generated<Date>;
};

/** Rows of a catalogue file on their way in (one import at a time per id). */
export type CatalogueImportRowsTable = {
  import_id: string;
  row: unknown;
  staged_at: Generated<Date>;
  row_no: number | null;
  /** The existing product the row matches, and whether the row changes it (set while merging). */
  product_id: number | null;
  changed: boolean | null;
};

/** Products missing from an import's file, deactivated when it is switched. */
export type CatalogueImportRetiredTable = {
  import_id: string;
  product_id: number;
};

/** A catalogue import in progress; its new products become visible when it is switched. */
export type CatalogueImportsTable = {
  import_id: string;
  tenant_id: number;
  kind: string;
  started_at: Date;
  switched_at: Date | null;
};

export type OrderTables = {
  catalogue_import_rows: CatalogueImportRowsTable;
  catalogue_imports: CatalogueImportsTable;
  catalogue_import_retired: CatalogueImportRetiredTable;
  aac_products: AacProductsTable;
  lintel_products: LintelProductsTable;
  aac_order_items: AacOrderItemsTable;
  lintel_order_items: LintelOrderItemsTable;
};
