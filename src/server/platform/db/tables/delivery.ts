import type { ColumnType, Generated } from 'kysely';
import type { DeliveryType } from '../../../../shared/schemas/delivery';
import type { DateString, Json, Timestamp } from './foundation';

/** Tables of the delivery migration (140). */
export type DeliveryLotWall = { globalId: string; name: string };

export type DeliveryLotsTable = {
  delivery_lot_id: Generated<number>;
  tenant_id: number;
  root_project_unit_id: number;
  title: string;
  requested_date: ColumnType<string, string, string>;
  confirmed_date: DateString;
  delivery_type: DeliveryType;
  walls: Json<DeliveryLotWall[]>;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type DeliveryLotUnitsTable = { delivery_lot_id: number; project_unit_id: number };

export type ModelTreesTable = {
  project_file_version_id: number;
  /** Null when the tree could not be made (migration 270). */
  tree: Json<unknown> | null;
  generation_ms: number;
  /** Why no tree could be made: tooLarge, unreadable or tooComplex (migration 270). */
  failure: string | null;
  created_at: Timestamp;
};

/** Migration 190: the secret calendar feed of a user (token stored hashed). */
export type CalendarFeedsTable = {
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
  last_used_at: Timestamp | null;
};

export type DeliveryTables = {
  calendar_feeds: CalendarFeedsTable;
  delivery_lots: DeliveryLotsTable;
  delivery_lot_units: DeliveryLotUnitsTable;
  model_trees: ModelTreesTable;
};
