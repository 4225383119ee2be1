import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { AppError, type ErrorMessage } from '../../../shared/errors';
import type { Database } from '../db/database';

/**
 * A request limit declared in a route's config (`config: { rateLimit: [...] }`): at most `max`
 * requests per `key` in each window of `windowMs`. The hits are counted in the database with one
 * increment-and-read statement, so the limit holds across instances and under concurrent requests.
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

/**
 * Counts one hit of `key` in `bucket` and returns the wait in ms when it is over `max` (0 when
 * allowed). Windows are fixed (aligned to multiples of `windowMs`); old windows are swept when a
 * new one starts.
 */
export async function hitRateLimit(
  db: Database,
  bucket: string,
  key: string,
  max: number,
  windowMs: number,
  now: Date,
): Promise<number> {
  const start = new Date(Math.floor(now.getTime() / windowMs) * windowMs);
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
      .where('window_start', '<', new Date(start.getTime() - windowMs))
      .execute();
  }
  return row.hits > max ? start.getTime() + windowMs - now.getTime() : 0;
}

function keyOf(limit: RateLimit, request: FastifyRequest): string | null {
  if (limit.key === 'user') return request.user ? `u${request.user.userId}` : null;
  if (limit.key === 'client') return request.ip;
  return limit.key(request);
}

/** Applies each route's declared limits after its input is validated, before its handler runs. */
export function registerRateLimits(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    const limits = request.routeOptions.config?.rateLimit;
    if (!limits?.length) return;
    const now = app.clock.now();
    let wait = 0;
    // Every limit counts the hit, so a client cannot spread its requests over the keys it controls.
    for (const limit of limits) {
      const key = keyOf(limit, request);
      if (key === null) continue;
      wait = Math.max(wait, await hitRateLimit(app.db, limit.name, key, limit.max, limit.windowMs, now));
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
