import type { ProjectUnitType } from '../../../../shared/schemas/project-unit';

/** Tables of migration 120-search: one search row per project unit, written only by triggers. */
export type ProjectUnitSearchTable = {
  project_unit_id: number;
  tenant_id: number;
  root_project_unit_id: number;
  /** The unit number, lower case without accents. */
  unit_no: string;
  /** The unit's number, title and type as stored on the unit (migration 200). */
  project_unit_no: string;
  title: string;
  project_unit_type: ProjectUnitType;
  /** The first product-type assignment's product type and plant, else the unit's own. */
  product_type_id: number | null;
  plant_id: number | null;
  /** The order numbers of the unit's assignments, comma separated. */
  order_numbers: string | null;
  document: string;
  tsv: string;
};

/** The words typos are corrected against, per tenant (migration 200). */
export type SearchWordsTable = { tenant_id: number; word: string };

export type SearchTables = { project_unit_search: ProjectUnitSearchTable; search_words: SearchWordsTable };
