import crypto from 'node:crypto';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_RETRY_DELAYS_MS,
  WEBHOOK_SECRET_PREFIX,
} from '../../../shared/schemas/machine-access';
import type { SessionUser } from '../../platform/auth/session';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import type { PlatformEvent } from '../../platform/events';
import { allowsPrivateOutbound, outboundFetch, OutboundFailure } from '../../platform/http/outbound';
import { enqueueWork } from '../../platform/jobs/work-items';
import { retryDelayMs } from '../../platform/jobs/lease';
import { deliveryLotForWebhook } from '../delivery/lot-service';
import { t as translate } from '../../platform/i18n';
import { getUnitDetail } from '../projects/unit-service';
import { secretBoxOf } from '../oidc/service';
import * as repo from './webhook-repository';

/**
 * Webhook deliveries (issue 36). For every event of the one event (platform/events) that an
 * endpoint of its tenant wants, a row in `webhook_deliveries` is written in the transaction of the
 * change (by an event writer), with the body fixed then: `{ id, type, timestamp, tenant, data }`,
 * `data` being the resource as the API returns it. The background-work primitive
 * (platform/jobs/work.ts) delivers them: one work item per endpoint and resource (its dedupe key)
 * sends that resource's deliveries oldest first, so a receiver sees them in order; a failed one
 * stops its resource's line and is retried after growing delays (about a day in all), then
 * failed, and its endpoint paused and the tenant's admins told. Delivery is at least once: an
 * interrupted attempt (kill -9) is sent again with the same `webhook-id`.
 *
 * Requests follow Standard Webhooks: headers `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body" keyed with the secret's bytes>`.
 */

export const WEBHOOK_WORK_KIND = 'webhook.deliver';
/** Answers of the receiver are awaited this long, and read up to this size. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;

const wanted = new Set<string>(WEBHOOK_EVENT_TYPES);
/** Events of this process that queued deliveries: their commit nudges the delivery work here at once. */
const queuedHere = new Set<number>();

export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${crypto.randomBytes(32).toString('base64')}`;
}

export function newMessageId(): string {
  return `msg_${crypto.randomBytes(16).toString('base64url')}`;
}

/** The Standard Webhooks signature of one message: `v1,<base64>`. */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(
    secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret,
    'base64',
  );
  const mac = crypto.createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** A reader of the whole tenant, for building payloads as the tenant's staff would read them. */
function tenantReader(tenantId: number): SessionUser {
  return {
    sessionId: 'webhooks',
    userId: 0,
    tenantId,
    salesOrgId: null,
    login: 'webhooks',
    isInternal: true,
    isAdmin: false,
    isExternalLogin: false,
    language: 'en',
    firstName: null,
    lastName: null,
  };
}

/** The resource of an event as the API returns it (read in the transaction of the change). */
async function resourceOf(trx: Database, event: PlatformEvent): Promise<unknown> {
  const id = Number(event.subject.id);
  // These readers use the database only: the transaction of the change, so the change is seen.
  const ctx = { db: trx } as ServiceContext;
  if (event.subject.kind === 'unit') {
    try {
      return { object: 'projectUnit', ...(await getUnitDetail(ctx, tenantReader(event.tenantId), id)) };
    } catch {
      return { object: 'projectUnit', projectUnitID: id };
    }
  }
  if (event.subject.kind === 'deliveryLot') {
    const lot = await deliveryLotForWebhook(ctx, id);
    return { object: 'deliveryLot', ...(lot ?? { deliveryLotID: id }), change: event.data.change ?? null };
  }
  if (event.subject.kind === 'file') {
    return {
      object: 'projectFileVersion',
      projectFileID: id,
      projectUnitID: event.projectUnitId,
      rootProjectUnitID: event.rootProjectUnitId,
      versionNo: event.data.versionNo ?? null,
      versionID: event.data.versionId ?? null,
    };
  }
  return { object: event.subject.kind, id: event.subject.id };
}

export function webhookBody(input: {
  eventId: string;
  type: string;
  timestamp: Date;
  tenant: { tenantID: number; name: string };
  data: unknown;
}): string {
  return JSON.stringify({
    id: input.eventId,
    type: input.type,
    timestamp: input.timestamp.toISOString(),
    tenant: input.tenant,
    data: input.data,
  });
}

/** Queues the work of one endpoint's line of one resource (nothing when it is queued already). */
export async function queueLine(trx: Database, tenantId: number, endpointId: number, resourceKey: string) {
  await enqueueWork(trx, {
    kind: WEBHOOK_WORK_KIND,
    tenantId,
    userId: endpointId,
    payload: { endpointId, resourceKey },
    dedupeKey: `${endpointId}|${resourceKey}`,
  });
}

/**
 * The event writer: one delivery per endpoint of the tenant that wants the event, in the
 * change's transaction. The resource is read there, as the API answers it.
 */
export async function writeWebhookDeliveries(trx: Database, event: PlatformEvent): Promise<void> {
  if (!wanted.has(event.type)) return;
  const endpoints = await repo.endpointsWanting(trx, event.tenantId, event.type);
  if (endpoints.length === 0) return;
  const tenant = { name: await repo.tenantName(trx, event.tenantId) };
  const data = await resourceOf(trx, event);
  const payload = webhookBody({
    eventId: `evt_${event.eventId}`,
    type: event.type,
    timestamp: event.createdAt,
    tenant: { tenantID: event.tenantId, name: tenant.name },
    data,
  });
  const resourceKey = `${event.subject.kind}:${event.subject.id}`;
  if (queuedHere.size > 10_000) queuedHere.clear(); // ids of rolled-back changes never come back
  queuedHere.add(event.eventId);
  for (const endpointId of endpoints) {
    await repo.insertDelivery(trx, {
      messageId: newMessageId(),
      endpointId,
      tenantId: event.tenantId,
      eventId: event.eventId,
      eventType: event.type,
      resourceKey,
      payload,
    });
    await queueLine(trx, event.tenantId, endpointId, resourceKey);
  }
}

type AttemptResult = { ok: boolean; status: number | null; durationMs: number; error: string | null };

/** One signed POST of a stored delivery, with the outbound rules (public addresses, no redirects, caps). */
export async function sendDelivery(
  ctx: ServiceContext,
  delivery: { message_id: string; payload: string },
  endpoint: { url: string; secret: string },
): Promise<AttemptResult> {
  const timestamp = Math.floor(ctx.clock.now().getTime() / 1000);
  const secret = secretBoxOf(ctx).open(endpoint.secret);
  const started = performance.now();
  try {
    const response = await outboundFetch(endpoint.url, {
      allowPrivate: allowsPrivateOutbound(ctx.config),
      method: 'POST',
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      maxBytes: WEBHOOK_MAX_RESPONSE_BYTES,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Planport-Webhooks/1',
        'webhook-id': delivery.message_id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': signWebhook(secret, delivery.message_id, timestamp, delivery.payload),
      },
      body: delivery.payload,
    });
    const durationMs = Math.round(performance.now() - started);
    const ok = response.status >= 200 && response.status < 300;
    return { ok, status: response.status, durationMs, error: ok ? null : `HTTP ${response.status}` };
  } catch (err) {
    const durationMs = Math.round(performance.now() - started);
    const reason = err instanceof OutboundFailure ? err.reason : 'network';
    return { ok: false, status: null, durationMs, error: reason };
  }
}

/** Tells the tenant's admins that an endpoint was paused (mail, in each admin's language). */
async function tellAdmins(ctx: ServiceContext, trx: Database, tenantId: number, url: string): Promise<void> {
  const admins = await repo.tenantAdmins(trx, tenantId);
  const link = `${ctx.config.publicUrl.replace(/\/$/, '')}/home/app/admin/webhooks`;
  for (const admin of admins) {
    const to = admin.email ?? admin.login;
    if (!to.includes('@')) continue;
    const t = (key: string) => translate(admin.language, key, { url, link });
    await ctx.mailer.enqueue(trx, {
      tenantId,
      to,
      subject: t('MAIL.WebhookPaused.Subject'),
      text: t('MAIL.WebhookPaused.Body'),
    });
  }
}

/**
 * The work of one endpoint's line of one resource: sends its waiting deliveries oldest first
 * until none waits. A failure stops the line and is thrown, so the work is retried after the
 * next delay; after the last attempt the delivery fails and the endpoint is paused.
 */
export async function deliverLine(
  ctx: ServiceContext,
  line: { endpointId: number; resourceKey: string },
  retryDelaysMs: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
): Promise<void> {
  const maxAttempts = retryDelaysMs.length + 1;
  for (;;) {
    const endpoint = await repo.endpointForSending(ctx.db, line.endpointId);
    // A paused endpoint keeps its deliveries waiting; resuming it queues its lines again.
    if (!endpoint || endpoint.deleted_at !== null || endpoint.paused_at !== null) return;
    const head = await repo.lineHead(ctx.db, line.endpointId, line.resourceKey);
    if (!head) return;
    const attempt = head.attempts + 1;
    const now = ctx.clock.now();
    await repo.markSending(ctx.db, head.delivery_id, attempt, now);
    const result = await sendDelivery(ctx, head, endpoint);
    const after = ctx.clock.now();
    const answer = { response_status: result.status, duration_ms: result.durationMs, last_error: result.error };
    if (result.ok) {
      await repo.markAnswered(ctx.db, head.delivery_id, answer, { status: 'delivered', at: after });
      continue;
    }
    if (attempt >= maxAttempts) {
      await ctx.db.transaction().execute(async (trx) => {
        await repo.markAnswered(trx, head.delivery_id, answer, { status: 'failed' });
        if (await repo.pauseEndpoint(trx, endpoint.endpoint_id, after, result.error)) {
          await tellAdmins(ctx, trx, endpoint.tenant_id, endpoint.url);
        }
      });
      return;
    }
    await repo.markAnswered(ctx.db, head.delivery_id, answer, {
      status: 'pending',
      dueAt: new Date(after.getTime() + retryDelayMs(attempt, retryDelaysMs)),
    });
    throw new Error(`webhook delivery ${head.delivery_id} failed: ${result.error ?? 'no answer'}`);
  }
}

/** Registers the delivery work and the nudge after each committed event that may have queued some. */
export function registerWebhookDelivery(
  ctx: ServiceContext,
  events: { subscribe(listener: (event: PlatformEvent) => void): () => void },
  retryDelaysMs: readonly number[] = WEBHOOK_RETRY_DELAYS_MS,
): void {
  ctx.work.register<{ endpointId: number; resourceKey: string }>(WEBHOOK_WORK_KIND, {
    concurrency: 4,
    // The line's delivery counts its attempts and fails itself; the work item only waits between them.
    maxAttempts: 1000,
    retryDelaysMs,
    handler: (item) => deliverLine(ctx, item.payload, retryDelaysMs),
  });
  // Other instances' deliveries are found by their own nudge or the next poll.
  events.subscribe((event) => {
    if (queuedHere.delete(event.eventId)) ctx.work.nudge(WEBHOOK_WORK_KIND);
  });
}

/**
 * Queues the lines that wait without work (a delivery queued while its line's work was just
 * finishing, an endpoint resumed): run every minute by the job runner, so nothing waits forever.
 */
export async function sweepWebhookLines(db: Database): Promise<number> {
  const lines = await repo.orphanedLines(db, WEBHOOK_WORK_KIND);
  for (const l of lines) await queueLine(db, l.tenant_id, l.endpoint_id, l.resource_key);
  return lines.length;
}

/** The scheduled sweep of waiting lines (once a minute, claimed by one instance). */
export function webhookJobs(db: Database) {
  return [
    {
      name: 'webhook-sweep',
      runKey: (now: Date) => now.toISOString().slice(0, 16),
      run: async () => {
        await sweepWebhookLines(db);
      },
    },
  ];
}
