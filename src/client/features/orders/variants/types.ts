import type { ComponentType } from 'react';
import type { OrderEndpoint } from '../api/order-endpoint';
import type { DraftBase } from '../components/use-draft-rows';
import type { LineOf, SummaryBase, SummarySpec } from '../components/summary-table';

/** A column of an order table: its label key (ORDER.Columns.*), width when editable and when read. */
export type OrderColumn = { key: string; width: number; readWidth?: number; numeric?: boolean };

/** What every draft row has, whatever the material. */
export type OrderDraft = DraftBase & {
  id: number | null;
  version: number | null;
  itemIndex: number;
  sublotName: string;
  floorName: string;
  qty: string;
  /** The stored product of a saved row (an inactive one may stay). */
  storedProductNo: number | null;
};

export type OrderRowProps<Draft, Catalogue> = {
  row: Draft;
  catalogue: Catalogue;
  editable: boolean;
  saving: boolean;
  onChange: (row: Draft, change: (r: Draft) => Draft) => void;
  onSave: (row: Draft) => void;
  onDelete: (row: Draft) => void;
};

/**
 * One orderable material for the generic order table: how its items become draft rows, how a
 * row is checked, saved and summarised, the component that shows a row and the columns of its summary.
 * AAC and lintel are two values of this type; a third material is a third.
 */
export type OrderVariant<Item extends Input, Product, Draft extends OrderDraft, Catalogue, Input, Summary, Fields> = {
  /** The unit type whose order page shows this table. */
  type: 'aacorderlot' | 'lintelorderlot';
  /** Prefix of the test ids (`aac-order-table`, `aac-row`, `aac-summary`). */
  key: string;
  endpoint: OrderEndpoint;
  columns: OrderColumn[];
  /** What the rows need of the active catalogue (lookups, select options), built once per load. */
  catalogue: (products: readonly Product[], t: (key: string) => string) => Catalogue;
  toDraft: (item: Item) => Draft;
  /** The blank row at the end of an editable table (§4). */
  newRow: (saved: readonly Item[]) => Draft;
  /** The rules' view of a row and its validity (cached per draft object). */
  check: (row: Draft, catalogue: Catalogue) => { valid: boolean; input: Input };
  /** The body of a save; called for valid rows only. */
  toFields: (row: Draft, catalogue: Catalogue) => Fields;
  summarize: (rows: readonly Input[]) => Summary & SummaryBase;
  Row: ComponentType<OrderRowProps<Draft, Catalogue>>;
  /** The columns of its summary (§2). */
  summary: SummarySpec<LineOf<Summary>, Summary>;
};
