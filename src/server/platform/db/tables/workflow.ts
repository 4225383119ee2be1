import type { ColumnType, Generated } from 'kysely';
import type { GuardName } from '../../../../shared/rules/workflow';
import type { ProjectUnitType, StateKey } from '../../../../shared/schemas/project-unit';
import type { Json, Timestamp, TimestampNullable } from './foundation';

/** Tables of the workflow migration (040). */
export type WorkflowDefinitionsTable = {
  workflow_definition_id: Generated<number>;
  tenant_id: number;
  unit_type: ProjectUnitType;
  state_key: StateKey;
  action: string;
  requirement: string | null;
  next_state: StateKey;
  guard: GuardName | null;
  holders: ColumnType<string[], string[] | undefined, string[]>;
  escalation: Json<{ remindAfterWorkingDays: number; escalateAfterWorkingDays: number } | null>;
  opens_task: Generated<boolean>;
  sort: Generated<number>;
};

export type JournalContent = { oldState: StateKey | null; newState: StateKey; additionalMessage?: string | null };

export type ProjectUnitJournalTable = {
  project_units_journal_id: Generated<number>;
  tenant_id: number;
  root_project_unit_id: number;
  project_unit_id: number;
  created_at: Timestamp;
  user_id: number | null;
  user_email: string | null;
  content_json: Json<JournalContent>;
  delayed: Generated<boolean>;
  rule: Json<{ remindAfterWorkingDays: number; escalateAfterWorkingDays: number } | null>;
  reminder_id: number | null;
};

export type ProjectUnitParamsTable = {
  project_unit_param_id: Generated<number>;
  project_unit_id: number;
  param_key: string;
  param_value: string | null;
  created_on: Generated<Date>;
};

export type ProjectUnitProductTypeAssignmentsTable = {
  assignment_id: Generated<number>;
  project_unit_id: number;
  product_type_id: number;
  /** The plant that delivers this product type to the unit (migration 120). */
  plant_id: number | null;
  order_number: string | null;
  created_at: Generated<Date>;
};

export type WorkflowRemindersTable = {
  reminder_id: Generated<number>;
  tenant_id: number;
  project_unit_id: number;
  state_key: StateKey;
  state_since: Timestamp;
  rule_key: 'reminder' | 'escalation';
  rule: Json<{ remindAfterWorkingDays: number; escalateAfterWorkingDays: number }>;
  created_at: Timestamp;
};

export type MaterialData = { type: string; volume: number; deliveryDate: string | null };

export type WorkflowNotificationsTable = {
  notification_id: Generated<number>;
  tenant_id: number;
  root_project_unit_id: number;
  project_unit_id: number;
  user_id: number | null;
  username: string | null;
  material_data: Json<MaterialData[]>;
  created_at: Timestamp;
};

export type JobRunsTable = {
  job_name: string;
  run_key: string;
  claimed_by: string;
  claimed_at: Timestamp;
  finished_at: TimestampNullable;
};

export type DailyStatusMailsTable = {
  user_id: number;
  day: string;
  sent_at: Timestamp;
};

export type WorkflowTables = {
  workflow_definitions: WorkflowDefinitionsTable;
  project_unit_journal: ProjectUnitJournalTable;
  project_unit_params: ProjectUnitParamsTable;
  project_unit_product_type_assignments: ProjectUnitProductTypeAssignmentsTable;
  workflow_reminders: WorkflowRemindersTable;
  workflow_notifications: WorkflowNotificationsTable;
  job_runs: JobRunsTable;
  daily_status_mails: DailyStatusMailsTable;
};
