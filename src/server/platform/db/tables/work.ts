import type { ColumnType, Generated } from 'kysely';
import type { Json, Timestamp, TimestampNullable } from './foundation';

/** The background-work migration (241): one row per piece of work of any kind (platform/jobs/work.ts). */
export type WorkItemsTable = {
  work_id: Generated<number>;
  kind: string;
  tenant_id: number | null;
  user_id: number | null;
  payload: Json<Record<string, unknown>>;
  status: ColumnType<WorkStatus, WorkStatus | undefined, WorkStatus>;
  attempts: ColumnType<number, number | undefined, number>;
  max_attempts: number;
  run_after: Timestamp;
  dedupe_key: string | null;
  claimed_by: string | null;
  claimed_at: TimestampNullable;
  renewed_at: TimestampNullable;
  finished_at: TimestampNullable;
  last_error: string | null;
  created_at: Generated<Date>;
};

export type WorkStatus = 'waiting' | 'running' | 'done' | 'failed';

export type WorkTables = {
  work_items: WorkItemsTable;
};
