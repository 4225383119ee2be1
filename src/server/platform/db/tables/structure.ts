import type { Structure } from '../../../../shared/schemas/structure';
import type { Json, Timestamp } from './foundation';

/** Tables of the structure-drafts migration (100). */
export type StructureDraftsTable = {
  root_project_unit_id: number;
  tenant_id: number;
  content: Json<Structure>;
  saved_by: number | null;
  saved_at: Timestamp;
};

export type StructureTables = { structure_drafts: StructureDraftsTable };
