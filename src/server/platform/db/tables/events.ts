import type { Generated } from 'kysely';
import type { MailDelivery, NotificationType } from '../../../../shared/schemas/notifications';
import type { Json, Timestamp, TimestampNullable } from './foundation';

/** The events migration (320): one row per change others should learn of. */
export type EventsTable = {
  /** bigserial, read as a number (database.ts). */
  event_id: Generated<number>;
  tenant_id: number;
  type: string;
  root_project_unit_id: number | null;
  project_unit_id: number | null;
  actor_user_id: number | null;
  subject_kind: string;
  subject_id: string;
  data: Json<Record<string, unknown>>;
  created_at: Timestamp;
};

/** The notifications migration (321): one row per recipient of an event. */
export type NotificationsTable = {
  notification_id: Generated<number>;
  tenant_id: number;
  user_id: number;
  event_id: number;
  type: NotificationType;
  root_project_unit_id: number | null;
  project_unit_id: number | null;
  actor_user_id: number | null;
  data: Json<Record<string, unknown>>;
  created_at: Generated<Date>;
  read_at: TimestampNullable;
};

/** The mail preferences migration (323): a user's own choice per kind (no row: the role's default). */
export type MailPreferencesTable = {
  user_id: number;
  kind: NotificationType;
  delivery: MailDelivery;
  updated_at: Generated<Date>;
};

export type EventTables = {
  events: EventsTable;
  notifications: NotificationsTable;
  mail_preferences: MailPreferencesTable;
};
