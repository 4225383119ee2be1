import type { ColumnType } from 'kysely';
import type { StoredData } from '../../../../shared/questionnaire/definition';
import type { Json, Timestamp } from './foundation';

/** Tables of the questionnaire migration (110). */
export type QuestionnairesTable = {
  root_project_unit_id: number;
  data: Json<StoredData>;
  is_valid: ColumnType<boolean, boolean | undefined, boolean>;
  updated_by: number | null;
  updated_at: Timestamp;
};

export type QuestionnaireTables = {
  questionnaires: QuestionnairesTable;
};
