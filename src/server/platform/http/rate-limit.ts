import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError, type ErrorMessage } from '../../../shared/errors';
import type { Clock } from '../clock';
import type { Database } from '../db/database';

/**
 * A request limit declared in a route's config (`config: { rateLimits: [...] }`): at most `max`
 * requests per `key` in each window of `windowMs`. `@fastify/rate-limit` applies it; its store
 * counts the hits in the database with one increment-and-read statement, so the limit holds across
 * instances and under concurrent requests (docs/decisions/013-rate-limits.md).
 */
export type RateLimit = {
  /** The bucket's name; the same name on two routes shares one count. */
  name: string;
  max: number;
  windowMs: number;
  /** Whom the limit counts: the signed-in user, the client address, or a value of the request. */
  key: 'user' | 'client' | ((request: FastifyRequest) => string | null);
};

export const HOUR_MS = 60 * 60 * 1000;

/** The refusal in the error shape, with the real wait in the message and in Retry-After. */
export function tooManyAttempts(waitMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const message: ErrorMessage =
    seconds < 120
      ? { messageType: 'Error' as const, message: 'ERRORMESSAGES.TooManyAttemptsSeconds', params: { seconds } }
      : {
          messageType: 'Error' as const,
          message: 'ERRORMESSAGES.TooManyAttemptsMinutes',
          params: { minutes: Math.ceil(seconds / 60) },
        };
  return new AppError('TooManyAttempts', [message], { 'Retry-After': String(seconds) });
}

/** Counts one hit of `key` in `bucket` and returns the window's count and the time left in it. */
/** Forgets counts of windows that ended before `before` (the nightly bookkeeping job). */
export async function pruneRateLimitHits(db: Database, before: Date): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
}

export async function hitRateLimit(
  db: Database,
  bucket: string,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ current: number; ttl: number }> {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
  // One statement increments and reads the count, so concurrent requests on any instance each
  // see their own number.
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ bucket, key, window_start: start, hits: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ hits: sql<number>`rate_limit_hits.hits + 1` }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  if (row.hits === 1) {
    await db
      .deleteFrom('rate_limit_hits')
      .where('bucket', '=', bucket)
      .where('key', '=', key)
      .where('window_start', '<', new Date(start.getTime() - windowMs))
      .execute();
  }
  return { current: row.hits, ttl: start.getTime() + windowMs - now.getTime() };
}

type StoreOptions = { bucket?: string };

/**
 * The store of `@fastify/rate-limit` that keeps the counts in the database (table
 * `rate_limit_hits`), in fixed windows aligned to multiples of the window: one store per limit
 * (`bucket`), made by `child` from the limit's options.
 */
export function databaseStore(db: Database, clock: Clock): FastifyRateLimitStoreCtor {
  class DatabaseStore {
    constructor(private readonly options: StoreOptions) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow?: number,
    ): void {
      const { bucket } = this.options;
      if (!bucket || !timeWindow) {
        callback(new Error('A database rate limit needs a bucket and a time window'));
        return;
      }
      hitRateLimit(db, bucket, key, timeWindow, clock.now()).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    // Called with the limit's merged options (the library's types name only the route's).
    child(options: StoreOptions): DatabaseStore {
      return new DatabaseStore({ ...this.options, bucket: options.bucket });
    }
  }
  return DatabaseStore as unknown as FastifyRateLimitStoreCtor;
}

function keyOf(limit: RateLimit, request: FastifyRequest): string | null {
  if (limit.key === 'user') return request.user ? `u${request.user.userId}` : null;
  if (limit.key === 'client') return request.ip;
  return limit.key(request);
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Applies each route's declared limits (`config: { rateLimits: [...] }`) with `@fastify/rate-limit`
 * after the input is validated, before the handler runs. A route may declare several limits (per
 * login and per client, say): every one counts the hit, so a client cannot spread its requests
 * over the keys it controls, and the longest wait is told.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: databaseStore(app.ctx.db, app.ctx.clock) });
  const limiters = new WeakMap<RateLimit, Limiter>();
  // Every call with an API token counts against the token's own limit (per minute).
  const apiTokenLimit: RateLimit = {
    name: 'api-token',
    max: app.ctx.config.apiTokenRequestsPerMinute,
    windowMs: 60_000,
    key: (request) => (request.apiToken ? `t${request.apiToken.tokenId}` : null),
  };
  const limiterOf = (limit: RateLimit): Limiter => {
    let limiter = limiters.get(limit);
    if (!limiter) {
      // `bucket` reaches the store's `child`; the library passes the options on as they are.
      const options = {
        bucket: limit.name,
        max: limit.max,
        timeWindow: limit.windowMs,
        keyGenerator: (request: FastifyRequest) => keyOf(limit, request) ?? '',
      };
      limiter = app.createRateLimit(options);
      limiters.set(limit, limiter);
    }
    return limiter;
  };
  app.addHook('preHandler', async (request) => {
    const limits = [...(request.routeOptions.config?.rateLimits ?? []), ...(request.apiToken ? [apiTokenLimit] : [])];
    if (!limits.length) return;
    let wait = 0;
    for (const limit of limits) {
      if (keyOf(limit, request) === null) continue;
      const result = await limiterOf(limit)(request);
      if (!result.isAllowed && result.isExceeded) wait = Math.max(wait, result.ttl);
    }
    if (wait > 0) throw tooManyAttempts(wait);
  });
}

/** The limits of the routes that send e-mails on request (per hour). */
export const MAIL_REQUEST_LIMITS = {
  passwordResetPerLogin: 5,
  passwordResetPerClient: 20,
  reviewerChangePerUser: 5,
  salesOrgRequestPerUser: 5,
} as const;
