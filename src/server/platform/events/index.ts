import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { embeddedDatabaseOf, type Database } from '../db/database';

/**
 * The one event (docs/architecture.md, "Events"). Every change others should learn of calls
 * `emitEvent(trx, …)` inside the transaction of the change: the row lands in `events` with the
 * change (nothing if it rolls back), the writers registered with `addEventWriter` (notifications)
 * run in the same transaction, and `pg_notify('planport_events', <event id>)` is queued, which the
 * database delivers only at commit. Each server holds one event bus (`createEventBus`) that
 * listens on that channel (PostgreSQL: a dedicated client, so every instance learns of every
 * instance's events; PGlite: in process) and hands each committed event to its `subscribe`rs.
 * Events carry ids, types and small data only — never content that would bypass the access rules;
 * a consumer reads what it shows through the normal access checks.
 */

export const EVENT_CHANNEL = 'planport_events';
/** Events are kept this long (the nightly bookkeeping prunes older ones). */
export const EVENTS_KEPT_DAYS = 90;

export const EVENT_TYPES = [
  'project.created',
  'unit.state.changed',
  'task.assigned',
  'file.version.added',
  /** A model's preparation for the 3D view finished (ready or failed); no one is notified, pages refresh. */
  'file.conversion.changed',
  'review.decided',
  'review.topic.created',
  'review.comment.created',
  'order.placed',
  'order.confirmed',
  'delivery.lot.changed',
  'delivery.confirmed',
  'member.added',
  'mention',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export type EventSubject = { kind: string; id: number | string };

export type NewEvent = {
  type: EventType;
  tenantId: number;
  rootProjectUnitId?: number | null;
  projectUnitId?: number | null;
  actorUserId?: number | null;
  subject: EventSubject;
  /** Small data (ids, keys, states); never texts a reader would need access to see. */
  data?: Record<string, unknown>;
};

export type PlatformEvent = {
  eventId: number;
  type: EventType;
  tenantId: number;
  rootProjectUnitId: number | null;
  projectUnitId: number | null;
  actorUserId: number | null;
  subject: { kind: string; id: string };
  data: Record<string, unknown>;
  createdAt: Date;
};

/** Runs in the transaction of the change, after the event row is written (e.g. notifications). */
export type EventWriter = (trx: Database, event: PlatformEvent) => Promise<void>;
const writers = new Set<EventWriter>();

/** Registers a writer that every `emitEvent` runs in the caller's transaction (idempotent). */
export function addEventWriter(writer: EventWriter): void {
  writers.add(writer);
}

/** Writes one event in the caller's transaction; returns it as committed consumers will see it. */
export async function emitEvent(trx: Database, input: NewEvent): Promise<PlatformEvent> {
  const row = await trx
    .insertInto('events')
    .values({
      tenant_id: input.tenantId,
      type: input.type,
      root_project_unit_id: input.rootProjectUnitId ?? null,
      project_unit_id: input.projectUnitId ?? null,
      actor_user_id: input.actorUserId ?? null,
      subject_kind: input.subject.kind,
      subject_id: String(input.subject.id),
      data: JSON.stringify(input.data ?? {}),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const event = toEvent(row);
  for (const writer of writers) await writer(trx, event);
  await sql`select pg_notify(${EVENT_CHANNEL}, ${String(event.eventId)})`.execute(trx);
  return event;
}

type EventRow = {
  event_id: number;
  tenant_id: number;
  type: string;
  root_project_unit_id: number | null;
  project_unit_id: number | null;
  actor_user_id: number | null;
  subject_kind: string;
  subject_id: string;
  data: Record<string, unknown>;
  created_at: Date;
};

function toEvent(row: EventRow): PlatformEvent {
  return {
    eventId: Number(row.event_id),
    type: row.type as EventType,
    tenantId: row.tenant_id,
    rootProjectUnitId: row.root_project_unit_id,
    projectUnitId: row.project_unit_id,
    actorUserId: row.actor_user_id,
    subject: { kind: row.subject_kind, id: row.subject_id },
    data: row.data ?? {},
    createdAt: new Date(row.created_at),
  };
}

/** Events after `afterId` of a tenant (a reconnecting consumer catches up with these). */
export async function eventsSince(db: Database, tenantId: number, afterId: number, limit = 500) {
  const rows = await db
    .selectFrom('events')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('event_id', '>', afterId)
    .orderBy('event_id')
    .limit(limit)
    .execute();
  return rows.map(toEvent);
}

/** Forgets events older than the cutoff (nightly). */
export async function pruneEvents(db: Database, before: Date): Promise<number> {
  const result = await db.deleteFrom('events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export type EventListener = (event: PlatformEvent) => void | Promise<void>;

export type EventBus = {
  /** Called once per committed event (of every tenant); returns the unsubscribe. */
  subscribe(listener: EventListener): () => void;
  /** Resolves once the bus listens (events committed before that are not delivered). */
  ready: Promise<void>;
  close(): Promise<void>;
};

export type EventBusOptions = {
  db: Database;
  /** PostgreSQL: a dedicated connection LISTENs there; absent: the embedded database, in process. */
  databaseUrl?: string;
  log: FastifyBaseLogger;
};

/** The committed events of every instance, handed to this instance's subscribers. */
export function createEventBus({ db, databaseUrl, log }: EventBusOptions): EventBus {
  const listeners = new Set<EventListener>();
  let closed = false;
  let stop: (() => Promise<void>) | undefined;
  // Ids arrive in commit order per instance; reading them one by one keeps that order for listeners.
  let chain = Promise.resolve();

  const deliver = (payload: string) => {
    const id = Number(payload);
    if (!Number.isSafeInteger(id) || listeners.size === 0) return;
    chain = chain.then(async () => {
      if (closed) return;
      const row = await db.selectFrom('events').selectAll().where('event_id', '=', id).executeTakeFirst();
      if (!row) return;
      const event = toEvent(row);
      for (const listener of listeners) {
        try {
          await listener(event);
        } catch (err) {
          log.error({ err, eventId: id }, 'event listener failed');
        }
      }
    });
    chain = chain.catch((err) => log.error({ err, eventId: id }, 'event could not be read'));
  };

  const embedded = embeddedDatabaseOf(db);
  let ready: Promise<void>;
  if (embedded) {
    // LISTEN goes through the dialect's one connection, so it never lands inside another request's transaction.
    ready = db.connection().execute(async () => {
      const unlisten = await embedded.listen(EVENT_CHANNEL, deliver);
      // The database may already be closed at shutdown (its own onClose ran first): then nothing listens.
      stop = async () =>
        db
          .connection()
          .execute(async () => unlisten())
          .catch(() => undefined);
    });
  } else if (databaseUrl) {
    ready = listenOnPostgres(
      databaseUrl,
      deliver,
      log,
      () => closed,
      (s) => (stop = s),
    );
  } else {
    // A PostgreSQL database opened elsewhere without its URL (some tests): nothing to listen on.
    log.debug('event bus without a database URL: subscribers get no events');
    ready = Promise.resolve();
  }
  ready.catch((err) => log.error({ err }, 'event bus could not listen'));

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ready,
    async close() {
      closed = true;
      listeners.clear();
      await chain;
      await stop?.();
    },
  };
}

/** A dedicated client LISTENs; it reconnects (with a pause) when the connection drops. */
async function listenOnPostgres(
  url: string,
  deliver: (payload: string) => void,
  log: FastifyBaseLogger,
  isClosed: () => boolean,
  setStop: (stop: () => Promise<void>) => void,
): Promise<void> {
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on('notification', (msg) => {
      if (msg.channel === EVENT_CHANNEL && msg.payload) deliver(msg.payload);
    });
    c.on('error', (err) => {
      log.warn({ err }, 'event listener connection lost; reconnecting');
      void c.end().catch(() => undefined);
      if (!isClosed()) retry = setTimeout(() => void connect().catch(() => undefined), 1000);
    });
    await c.connect();
    await c.query(`listen ${EVENT_CHANNEL}`);
  };
  setStop(async () => {
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => undefined);
  });
  await connect();
}
