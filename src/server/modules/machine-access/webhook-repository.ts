import { sql } from 'kysely';
import type { WebhookEventType } from '../../../shared/schemas/machine-access';
import type { Database } from '../../platform/db/database';

/** Webhook endpoints and their deliveries: queries only. */

export type EndpointRow = {
  endpoint_id: number;
  url: string;
  description: string;
  event_types: WebhookEventType[];
  created_at: Date;
  paused_at: Date | null;
  pause_reason: string | null;
  waiting: number;
};

export function endpointsOf(db: Database, tenantId: number, endpointId?: number): Promise<EndpointRow[]> {
  let q = db
    .selectFrom('webhook_endpoints as e')
    .select([
      'e.endpoint_id',
      'e.url',
      'e.description',
      'e.event_types',
      'e.created_at',
      'e.paused_at',
      'e.pause_reason',
      sql<number>`(select count(*) from webhook_deliveries d where d.endpoint_id = e.endpoint_id and d.status in ('pending', 'sending'))::int`.as(
        'waiting',
      ),
    ])
    .where('e.tenant_id', '=', tenantId)
    .where('e.deleted_at', 'is', null);
  if (endpointId !== undefined) q = q.where('e.endpoint_id', '=', endpointId);
  return q.orderBy('e.endpoint_id').execute();
}

export async function countEndpoints(trx: Database, tenantId: number): Promise<number> {
  const row = await trx
    .selectFrom('webhook_endpoints')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertEndpoint(
  trx: Database,
  values: {
    tenantId: number;
    url: string;
    description: string;
    sealedSecret: string;
    events: WebhookEventType[];
    now: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('webhook_endpoints')
    .values({
      tenant_id: values.tenantId,
      url: values.url,
      description: values.description,
      secret: values.sealedSecret,
      event_types: values.events,
      created_at: values.now,
    })
    .returning('endpoint_id')
    .executeTakeFirstOrThrow();
  return row.endpoint_id;
}

export function lockEndpoint(trx: Database, tenantId: number, endpointId: number) {
  return trx
    .selectFrom('webhook_endpoints')
    .select(['paused_at'])
    .where('endpoint_id', '=', endpointId)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
}

export async function updateEndpoint(
  trx: Database,
  endpointId: number,
  values: {
    url: string;
    description: string;
    events: WebhookEventType[];
    pausedAt?: Date | null;
    pauseReason?: string | null;
  },
): Promise<void> {
  await trx
    .updateTable('webhook_endpoints')
    .set({
      url: values.url,
      description: values.description,
      event_types: values.events,
      ...(values.pausedAt !== undefined ? { paused_at: values.pausedAt } : {}),
      ...(values.pauseReason !== undefined ? { pause_reason: values.pauseReason } : {}),
    })
    .where('endpoint_id', '=', endpointId)
    .execute();
}

/** Resource keys of the endpoint's deliveries still to be sent. */
export async function waitingLines(trx: Database, endpointId: number): Promise<string[]> {
  const rows = await trx
    .selectFrom('webhook_deliveries')
    .select('resource_key')
    .distinct()
    .where('endpoint_id', '=', endpointId)
    .where('status', 'in', ['pending', 'sending'])
    .execute();
  return rows.map((r) => r.resource_key);
}

export async function deleteEndpoint(db: Database, tenantId: number, endpointId: number, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('webhook_endpoints')
      .set({ deleted_at: now })
      .where('endpoint_id', '=', endpointId)
      .where('tenant_id', '=', tenantId)
      .where('deleted_at', 'is', null)
      .returning('endpoint_id')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .deleteFrom('webhook_deliveries')
      .where('endpoint_id', '=', endpointId)
      .where('status', 'in', ['pending', 'sending'])
      .execute();
    return true;
  });
}

export async function sealedSecretOf(db: Database, tenantId: number, endpointId: number): Promise<string | null> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select('secret')
    .where('endpoint_id', '=', endpointId)
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.secret ?? null;
}

/** The endpoint as the sender needs it (any state). */
export function endpointForSending(db: Database, endpointId: number) {
  return db
    .selectFrom('webhook_endpoints')
    .select(['endpoint_id', 'tenant_id', 'url', 'secret', 'paused_at', 'deleted_at'])
    .where('endpoint_id', '=', endpointId)
    .executeTakeFirst();
}

/** The endpoints of a tenant that want an event type. */
export async function endpointsWanting(trx: Database, tenantId: number, type: string): Promise<number[]> {
  const rows = await trx
    .selectFrom('webhook_endpoints')
    .select(['endpoint_id'])
    .where('tenant_id', '=', tenantId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`${type} = any(event_types)`)
    .execute();
  return rows.map((r) => r.endpoint_id);
}

export async function tenantName(db: Database, tenantId: number): Promise<string> {
  const row = await db.selectFrom('tenants').select('name').where('tenant_id', '=', tenantId).executeTakeFirstOrThrow();
  return row.name;
}

// Deliveries

export async function insertDelivery(
  trx: Database,
  values: {
    messageId: string;
    endpointId: number;
    tenantId: number;
    eventId: number | null;
    eventType: string;
    resourceKey: string;
    payload: string;
  },
): Promise<number> {
  const row = await trx
    .insertInto('webhook_deliveries')
    .values({
      message_id: values.messageId,
      endpoint_id: values.endpointId,
      tenant_id: values.tenantId,
      event_id: values.eventId,
      event_type: values.eventType,
      resource_key: values.resourceKey,
      payload: values.payload,
    })
    .returning('delivery_id')
    .executeTakeFirstOrThrow();
  return Number(row.delivery_id);
}

/** The oldest delivery of a line still to be sent (an interrupted one is sent again). */
export function lineHead(db: Database, endpointId: number, resourceKey: string) {
  return db
    .selectFrom('webhook_deliveries')
    .select(['delivery_id', 'message_id', 'payload', 'attempts'])
    .where('endpoint_id', '=', endpointId)
    .where('resource_key', '=', resourceKey)
    .where('status', 'in', ['pending', 'sending'])
    .orderBy('delivery_id')
    .limit(1)
    .executeTakeFirst();
}

export async function markSending(db: Database, deliveryId: number, attempt: number, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'sending', attempts: attempt, claimed_at: now, last_attempt_at: now })
    .where('delivery_id', '=', deliveryId)
    .execute();
}

export type Answer = { response_status: number | null; duration_ms: number; last_error: string | null };

export async function markAnswered(
  db: Database,
  deliveryId: number,
  answer: Answer,
  outcome: { status: 'delivered'; at: Date } | { status: 'pending'; dueAt: Date } | { status: 'failed' },
): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      ...answer,
      status: outcome.status,
      ...(outcome.status === 'delivered' ? { delivered_at: outcome.at } : {}),
      ...(outcome.status === 'pending' ? { due_at: outcome.dueAt } : {}),
    })
    .where('delivery_id', '=', deliveryId)
    .execute();
}

/** Pauses an endpoint; false when it was paused already. */
export async function pauseEndpoint(trx: Database, endpointId: number, now: Date, reason: string | null) {
  const row = await trx
    .updateTable('webhook_endpoints')
    .set({ paused_at: now, pause_reason: reason })
    .where('endpoint_id', '=', endpointId)
    .where('paused_at', 'is', null)
    .returning('endpoint_id')
    .executeTakeFirst();
  return row !== undefined;
}

export function tenantAdmins(trx: Database, tenantId: number) {
  return trx
    .selectFrom('users')
    .select(['email', 'login', 'language'])
    .where('tenant_id', '=', tenantId)
    .where('is_admin', '=', true)
    .where('deleted_at', 'is', null)
    .where('deactivated_at', 'is', null)
    .execute();
}

export function deliveriesOf(db: Database, tenantId: number, endpointId: number, limit: number) {
  return db
    .selectFrom('webhook_deliveries')
    .select([
      'delivery_id',
      'message_id',
      'event_type',
      'status',
      'attempts',
      'response_status',
      'duration_ms',
      'last_error',
      'created_at',
      'last_attempt_at',
      'due_at',
    ])
    .where('endpoint_id', '=', endpointId)
    .where('tenant_id', '=', tenantId)
    .orderBy('delivery_id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Puts a finished delivery of a live endpoint back in its line (fresh attempts); its line, or
 * null when there is no such delivery ('missing') or it still waits ('waiting').
 */
export async function requeueDelivery(
  trx: Database,
  tenantId: number,
  deliveryId: number,
  now: Date,
): Promise<{ endpoint_id: number; resource_key: string } | 'missing' | 'waiting'> {
  const row = await trx
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', attempts: 0, due_at: now, last_error: null })
    .where('delivery_id', '=', deliveryId)
    .where('tenant_id', '=', tenantId)
    .where('status', 'in', ['delivered', 'failed'])
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('webhook_endpoints as e')
          .select('e.endpoint_id')
          .whereRef('e.endpoint_id', '=', 'webhook_deliveries.endpoint_id')
          .where('e.deleted_at', 'is', null),
      ),
    )
    .returning(['endpoint_id', 'resource_key'])
    .executeTakeFirst();
  if (row) return row;
  const found = await trx
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.endpoint_id', 'd.endpoint_id')
    .select('d.delivery_id')
    .where('d.delivery_id', '=', deliveryId)
    .where('d.tenant_id', '=', tenantId)
    .where('e.deleted_at', 'is', null)
    .executeTakeFirst();
  return found ? 'waiting' : 'missing';
}

/** Lines with deliveries waiting (over a minute) whose work is missing: for the sweep. */
export function orphanedLines(db: Database, workKind: string) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('webhook_endpoints as e', 'e.endpoint_id', 'd.endpoint_id')
    .select(['d.tenant_id', 'd.endpoint_id', 'd.resource_key'])
    .distinct()
    .where('d.status', 'in', ['pending', 'sending'])
    .where('e.paused_at', 'is', null)
    .where('e.deleted_at', 'is', null)
    .where(sql<boolean>`d.due_at < now() - interval '1 minute'`)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('work_items as w')
            .select('w.work_id')
            .where('w.kind', '=', workKind)
            .where('w.finished_at', 'is', null)
            .where(sql<boolean>`w.dedupe_key = d.endpoint_id::text || '|' || d.resource_key`),
        ),
      ),
    )
    .limit(1000)
    .execute();
}
