import net from 'node:net';
import { AppError, fieldError } from '../../../shared/errors';
import {
  WEBHOOK_RETRY_DELAYS_MS,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointInput,
  type WebhookEndpointUpdate,
} from '../../../shared/schemas/machine-access';
import { requireAccess } from '../../platform/access';
import type { ApiTokenIdentity } from '../../platform/auth/api-token';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { allowsPrivateOutbound, mayCall } from '../../platform/http/outbound';
import { retryDelayMs } from '../../platform/jobs/lease';
import { secretBoxOf } from '../oidc/service';
import * as repo from './webhook-repository';
import type { EndpointRow } from './webhook-repository';
import { newMessageId, newWebhookSecret, queueLine, WEBHOOK_WORK_KIND, webhookBody } from './webhook-delivery';

/** Endpoints a tenant may register (a bound on the work one event causes). */
export const MAX_ENDPOINTS = 20;

/** A tenant admin, or a token with `webhooks:manage` (the auth plugin checked the route's scope). */
async function requireManager(ctx: ServiceContext, user: SessionUser, token: ApiTokenIdentity | null): Promise<void> {
  if (token) {
    if (!token.scopes.includes('webhooks:manage')) throw new AppError('NotAllowed');
    return;
  }
  await requireAccess(ctx.db, user, { permission: 'admin' });
}

/**
 * Refuses at once a URL that names a non-public address literally (or `localhost`); names that
 * resolve to one are refused when sent (platform/http/outbound.ts checks every address then).
 */
function checkUrl(ctx: ServiceContext, url: string): void {
  const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const access = allowsPrivateOutbound(ctx.config);
  const literal = net.isIP(host) ? host : host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : null;
  if (literal && !mayCall(literal, access)) throw fieldError('url', 'ADMIN.Webhooks.UrlNotPublic');
}

function toEndpoint(r: EndpointRow): WebhookEndpoint {
  return {
    endpointID: r.endpoint_id,
    url: r.url,
    description: r.description,
    events: r.event_types,
    createdAt: new Date(r.created_at).toISOString(),
    pausedAt: r.paused_at ? new Date(r.paused_at).toISOString() : null,
    pauseReason: r.pause_reason,
    waiting: Number(r.waiting),
  };
}

async function loadEndpoint(db: Database, tenantId: number, endpointId: number): Promise<WebhookEndpoint> {
  const [row] = await repo.endpointsOf(db, tenantId, endpointId);
  if (!row) throw new AppError('NotFound');
  return toEndpoint(row);
}

export async function listEndpoints(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
): Promise<WebhookEndpoint[]> {
  await requireManager(ctx, user, token);
  return (await repo.endpointsOf(ctx.db, user.tenantId)).map(toEndpoint);
}

export async function createEndpoint(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
  input: WebhookEndpointInput,
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  await requireManager(ctx, user, token);
  checkUrl(ctx, input.url);
  const secret = input.secret ?? newWebhookSecret();
  const id = await ctx.db.transaction().execute(async (trx) => {
    if ((await repo.countEndpoints(trx, user.tenantId)) >= MAX_ENDPOINTS) {
      throw new AppError('Conflict', [
        { messageType: 'Error', message: 'ADMIN.Webhooks.TooMany', params: { max: MAX_ENDPOINTS } },
      ]);
    }
    return repo.insertEndpoint(trx, {
      tenantId: user.tenantId,
      url: input.url,
      description: input.description ?? '',
      sealedSecret: secretBoxOf(ctx).seal(secret),
      events: [...input.events],
      now: ctx.clock.now(),
    });
  });
  return { endpoint: await loadEndpoint(ctx.db, user.tenantId, id), secret };
}

export async function updateEndpoint(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
  endpointId: number,
  input: WebhookEndpointUpdate,
): Promise<WebhookEndpoint> {
  await requireManager(ctx, user, token);
  checkUrl(ctx, input.url);
  await ctx.db.transaction().execute(async (trx) => {
    const current = await repo.lockEndpoint(trx, user.tenantId, endpointId);
    if (!current) throw new AppError('NotFound');
    const pause =
      input.paused === undefined || (input.paused && current.paused_at)
        ? {}
        : input.paused
          ? { pausedAt: ctx.clock.now(), pauseReason: 'manual' }
          : { pausedAt: null, pauseReason: null };
    await repo.updateEndpoint(trx, endpointId, {
      url: input.url,
      description: input.description ?? '',
      events: [...input.events],
      ...pause,
    });
    // Resumed: the lines that waited go out again, oldest first.
    if (input.paused === false && current.paused_at !== null) {
      for (const key of await repo.waitingLines(trx, endpointId)) await queueLine(trx, user.tenantId, endpointId, key);
    }
  });
  if (input.paused === false) ctx.work.nudge(WEBHOOK_WORK_KIND);
  return loadEndpoint(ctx.db, user.tenantId, endpointId);
}

/** Removes an endpoint: nothing more is sent to it; its waiting deliveries go with it. */
export async function deleteEndpoint(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
  endpointId: number,
): Promise<void> {
  await requireManager(ctx, user, token);
  if (!(await repo.deleteEndpoint(ctx.db, user.tenantId, endpointId, ctx.clock.now()))) throw new AppError('NotFound');
}

/** The signing secret, for an admin who needs to set up the receiver again. */
export async function revealSecret(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
  endpointId: number,
): Promise<{ secret: string }> {
  await requireManager(ctx, user, token);
  const sealed = await repo.sealedSecretOf(ctx.db, user.tenantId, endpointId);
  if (!sealed) throw new AppError('NotFound');
  return { secret: secretBoxOf(ctx).open(sealed) };
}

/** The endpoint's latest deliveries (newest first). */
export async function listDeliveries(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
  endpointId: number,
  limit: number,
): Promise<WebhookDelivery[]> {
  await requireManager(ctx, user, token);
  await loadEndpoint(ctx.db, user.tenantId, endpointId);
  const rows = await repo.deliveriesOf(ctx.db, user.tenantId, endpointId, limit);
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return rows.map((r) => ({
    deliveryID: Number(r.delivery_id),
    messageID: r.message_id,
    eventType: r.event_type,
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.response_status,
    durationMs: r.duration_ms,
    lastError: r.last_error,
    createdAt: new Date(r.created_at).toISOString(),
    lastAttemptAt: iso(r.last_attempt_at),
    // Waiting after a failure: when it is tried again.
    nextAttemptAt:
      r.status === 'pending' && r.attempts > 0
        ? (iso(r.due_at) ??
          iso(
            new Date(
              new Date(r.last_attempt_at ?? r.created_at).getTime() + retryDelayMs(r.attempts, WEBHOOK_RETRY_DELAYS_MS),
            ),
          ))
        : null,
  }));
}

/** Sends a delivery again (same `webhook-id`, so a receiver that has it drops it). */
export async function resendDelivery(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
  deliveryId: number,
): Promise<{ ok: true }> {
  await requireManager(ctx, user, token);
  await ctx.db.transaction().execute(async (trx) => {
    const line = await repo.requeueDelivery(trx, user.tenantId, deliveryId, ctx.clock.now());
    if (line === 'missing') throw new AppError('NotFound');
    if (line === 'waiting') throw new AppError('Conflict', 'ADMIN.Webhooks.AlreadyWaiting');
    await queueLine(trx, user.tenantId, line.endpoint_id, line.resource_key);
  });
  ctx.work.nudge(WEBHOOK_WORK_KIND);
  return { ok: true };
}

/** Queues a test event (`webhook.test`) to the endpoint, delivered like any other. */
export async function sendTestEvent(
  ctx: ServiceContext,
  user: SessionUser,
  token: ApiTokenIdentity | null,
  endpointId: number,
): Promise<{ deliveryID: number }> {
  await requireManager(ctx, user, token);
  await loadEndpoint(ctx.db, user.tenantId, endpointId);
  const now = ctx.clock.now();
  const name = await repo.tenantName(ctx.db, user.tenantId);
  const messageId = newMessageId();
  const resourceKey = `test:${messageId}`;
  const id = await ctx.db.transaction().execute(async (trx) => {
    const deliveryId = await repo.insertDelivery(trx, {
      messageId,
      endpointId,
      tenantId: user.tenantId,
      eventId: null,
      eventType: 'webhook.test',
      resourceKey,
      payload: webhookBody({
        eventId: `evt_test_${messageId.slice(4)}`,
        type: 'webhook.test',
        timestamp: now,
        tenant: { tenantID: user.tenantId, name },
        data: { object: 'test', message: 'Planport webhook test' },
      }),
    });
    await queueLine(trx, user.tenantId, endpointId, resourceKey);
    return deliveryId;
  });
  ctx.work.nudge(WEBHOOK_WORK_KIND);
  return { deliveryID: id };
}
