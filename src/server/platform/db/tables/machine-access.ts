import type { Generated } from 'kysely';
import type { TokenScope, WebhookEventType } from '../../../../shared/schemas/machine-access';
import type { TimestampNullable } from './foundation';

/** Migration 330: tenant API tokens (only the hash of the secret is kept). */
export type ApiTokensTable = {
  token_id: Generated<number>;
  tenant_id: number;
  user_id: number;
  name: string;
  scopes: TokenScope[];
  token_hash: string;
  token_hint: string;
  created_by: number | null;
  created_at: Generated<Date>;
  expires_at: TimestampNullable;
  last_used_at: TimestampNullable;
  revoked_at: TimestampNullable;
};

/** Migration 330: a tenant's webhook endpoint (secret sealed with the server's secret box). */
export type WebhookEndpointsTable = {
  endpoint_id: Generated<number>;
  tenant_id: number;
  url: string;
  description: Generated<string>;
  secret: string;
  event_types: WebhookEventType[];
  created_at: Generated<Date>;
  paused_at: TimestampNullable;
  pause_reason: string | null;
  deleted_at: TimestampNullable;
};

/** Migration 330: one delivery of one event to one endpoint (claim rule of decision 016). */
export type WebhookDeliveriesTable = {
  /** bigserial, read as a number (database.ts). */
  delivery_id: Generated<number>;
  message_id: string;
  endpoint_id: number;
  tenant_id: number;
  event_id: number | null;
  /** One of the webhook event types, or `webhook.test` for a test delivery. */
  event_type: string;
  resource_key: string;
  payload: string;
  status: Generated<'pending' | 'sending' | 'delivered' | 'failed'>;
  attempts: Generated<number>;
  due_at: Generated<Date>;
  claimed_at: TimestampNullable;
  last_attempt_at: TimestampNullable;
  response_status: number | null;
  duration_ms: number | null;
  last_error: string | null;
  created_at: Generated<Date>;
  delivered_at: TimestampNullable;
};

export type MachineAccessTables = {
  api_tokens: ApiTokensTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
};
