import type { SessionUser } from '../../platform/auth/session';
import { findProjectAccess } from '../../platform/access';
import type { Database } from '../../platform/db/database';
import type { EventBus, PlatformEvent } from '../../platform/events';
import { tooManyAttempts } from '../../platform/http/rate-limit';
import { onSessionsEnded } from '../../platform/auth/session-ends';
import { latestEventId, missedEvents, sessionHolds } from './repository';

/**
 * Live pages (docs/architecture.md, "Events"): each open tab holds one Server-Sent Events stream.
 * The stream carries ids and types only — the page reads the data through the normal API — and
 * only events about units the user may read at that moment (the one access check, cached per
 * stream for a few seconds per root). A reconnecting tab sends the last event id it saw and
 * gets what it missed from the events table (bounded; beyond that it is told to reload all).
 */

/** Tabs one user may hold open on one instance. */
export const STREAMS_PER_USER = 12;
/** Streams one instance holds at most (each costs a socket and a few KB). */
export const STREAMS_PER_INSTANCE = 5000;
/** A comment line this often keeps proxies from closing an idle stream; the session is checked then too. */
export const HEARTBEAT_MS = 25_000;
/** Missed events replayed at most; beyond, the client is told to refresh everything. */
export const REPLAY_MAX = 500;
/** How long a stream trusts its last read decision about a root. */
const ACCESS_CACHE_MS = 10_000;
/** The browser waits this long before reconnecting (sent as `retry:`). */
const RETRY_MS = 3_000;
/** A refused stream is worth trying again after this long. */
const RETRY_AFTER_FULL_MS = 30_000;

/** What a page learns of an event: its id, type and the ids it concerns. */
export type LiveMessage = {
  type: string;
  unit: number | null;
  root: number | null;
  subject: { kind: string; id: string };
  actor: number | null;
};

export function liveMessageOf(event: PlatformEvent): LiveMessage {
  return {
    type: event.type,
    unit: event.projectUnitId,
    root: event.rootProjectUnitId,
    subject: event.subject,
    actor: event.actorUserId,
  };
}

/** One SSE frame. Ids and types only; the JSON never holds a newline. */
export function frame(id: number | null, type: string, data: unknown): string {
  return `${id === null ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The open streams of this instance, counted per user. */
export class StreamRegistry {
  private readonly perUser = new Map<number, number>();
  total = 0;
  constructor(
    readonly maxPerUser = STREAMS_PER_USER,
    readonly maxTotal = STREAMS_PER_INSTANCE,
  ) {}

  /** Takes a place for the user or refuses with 429 (the client retries later). */
  take(userId: number): () => void {
    const mine = this.perUser.get(userId) ?? 0;
    // The browser's EventSource gives up on a 429; the client opens a new one after Retry-After.
    if (mine >= this.maxPerUser || this.total >= this.maxTotal) throw tooManyAttempts(RETRY_AFTER_FULL_MS);
    this.perUser.set(userId, mine + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.perUser.get(userId) ?? 1) - 1;
      if (left <= 0) this.perUser.delete(userId);
      else this.perUser.set(userId, left);
    };
  }
}

/** Whether the stream's user may read the unit of an event, with a short per-root cache. */
export function accessFilter(db: Database, user: SessionUser, now: () => number = Date.now) {
  const roots = new Map<number, { ok: boolean; at: number }>();
  return async (event: PlatformEvent): Promise<boolean> => {
    const unitId = event.projectUnitId ?? event.rootProjectUnitId;
    if (unitId === null) {
      // An event about no unit (a mention of someone): only the user it names.
      return event.subject.kind === 'user' && event.subject.id === String(user.userId);
    }
    // Membership changes of a root: decide afresh for it.
    if (event.type === 'member.added' && event.rootProjectUnitId !== null) roots.delete(event.rootProjectUnitId);
    const root = event.rootProjectUnitId;
    const cached = root === null ? undefined : roots.get(root);
    if (cached && now() - cached.at < ACCESS_CACHE_MS) return cached.ok;
    const access = await findProjectAccess(db, user, unitId);
    // A unit removed since keeps the root's decision out of the cache.
    if (root !== null && access) roots.set(root, { ok: true, at: now() });
    else if (root !== null && !access && (await findProjectAccess(db, user, root)) === null) {
      roots.set(root, { ok: false, at: now() });
    }
    return access !== null;
  };
}

export type StreamSink = {
  write(chunk: string): boolean;
  close(): void;
};

export type StreamOptions = {
  db: Database;
  bus: EventBus;
  user: SessionUser;
  lastEventId: number | null;
  sink: StreamSink;
  now: () => Date;
  heartbeatMs?: number;
};

/**
 * Runs one stream: catches up from `lastEventId` (or starts at the newest event), then forwards
 * each readable committed event; a comment every heartbeat, and the stream ends when the session
 * no longer holds. Returns the stop function (the socket closed).
 */
export async function runStream(o: StreamOptions): Promise<() => void> {
  const allowed = accessFilter(o.db, o.user);
  let stopped = false;
  let sentUpTo = 0;
  // Events committed while catching up wait here, so nothing falls between replay and live.
  let pending: PlatformEvent[] | null = [];
  let chain = Promise.resolve();

  const send = async (event: PlatformEvent) => {
    if (stopped || event.eventId <= sentUpTo) return;
    if (!(await allowed(event))) return;
    if (stopped) return;
    sentUpTo = event.eventId;
    o.sink.write(frame(event.eventId, 'change', liveMessageOf(event)));
  };
  const unsubscribe = o.bus.subscribe((event) => {
    if (stopped) return;
    if (pending) pending.push(event);
    else chain = chain.then(() => send(event)).catch(() => undefined);
  });

  o.sink.write(`retry: ${RETRY_MS}\n\n`);
  if (o.lastEventId !== null) {
    const missed = await missedEvents(o.db, o.user, o.lastEventId, REPLAY_MAX + 1);
    if (missed.length > REPLAY_MAX) {
      // Too much was missed: the page refreshes everything it shows.
      sentUpTo = await latestEventId(o.db);
      o.sink.write(frame(sentUpTo, 'reset', {}));
    } else {
      for (const event of missed) await send(event);
      // Nothing readable was missed: the stream still moves its position on.
      const last = missed.at(-1)?.eventId ?? o.lastEventId;
      if (last > sentUpTo) {
        sentUpTo = last;
      }
    }
  } else {
    sentUpTo = await latestEventId(o.db);
  }
  o.sink.write(frame(sentUpTo, 'ready', {}));
  const queued = pending;
  pending = null;
  for (const event of queued) chain = chain.then(() => send(event)).catch(() => undefined);

  /** Ends the stream when its session no longer holds; true while it does. */
  const checkSession = async (): Promise<boolean> => {
    if (stopped) return false;
    if (await sessionHolds(o.db, o.user.sessionId, o.now()).catch(() => true)) return true;
    if (stopped) return false;
    o.sink.write(frame(null, 'signedout', {}));
    stop();
    o.sink.close();
    return false;
  };
  const heartbeat = setInterval(() => {
    void checkSession().then((holds) => {
      if (holds) o.sink.write(': heartbeat\n\n');
    });
  }, o.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();
  // A sign-out on this instance ends the stream at once, not at the next heartbeat.
  const stopListening = onSessionsEnded(o.user.userId, () => void checkSession());

  const stop = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(heartbeat);
    stopListening();
    unsubscribe();
  };
  return stop;
}
