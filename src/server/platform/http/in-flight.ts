import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { bearerOf } from '../auth/api-token';
import { isApiRequest } from './canonical-path';

/**
 * At most this many API requests of one session or API token are handled at once. A browser sends
 * six at a time over HTTP/1.1 and a page's first reads are about ten; a flood of one user (a
 * hundred PDFs at once, say) is refused beyond it before any of its requests reads the database,
 * so the one connection of the embedded database stays free for other tenants.
 */
export const IN_FLIGHT_PER_CREDENTIAL = 16;

/** The answer beyond the limit: 429, try again in a few seconds (the same words as a full queue). */
const tooManyAtOnce = () =>
  new AppError('TooManyAttempts', [{ messageType: 'Error', message: 'ERRORMESSAGES.TooManyWaiting' }], {
    'Retry-After': '2',
  });

/**
 * Counts the API requests in flight per credential (the session cookie's or the API token's value,
 * kept in this process's memory only) and refuses one beyond `limit` with 429 before the session is
 * read. A request counts until its answer is finished or its connection closes; routes marked
 * `longLived` (the event stream, open for as long as a tab is) do not count. Requests on routes of
 * heavy work (`heavyWork`: sheet PDFs, zips) count once more, per kind, against what that work's
 * limiter lets one user hold: a flood of them beyond it is refused here, not after the session and
 * the data were read (each refused there would free its place for the next at once).
 */
export function registerInFlightLimit(
  app: FastifyInstance,
  sessionCookie: string,
  limit: number = IN_FLIGHT_PER_CREDENTIAL,
): void {
  const inFlight = new Map<string, number>();
  const credentialOf = credentialReader(sessionCookie);
  const release = (key: string) => {
    const left = (inFlight.get(key) ?? 1) - 1;
    if (left > 0) inFlight.set(key, left);
    else inFlight.delete(key);
  };

  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (!isApiRequest(request) || config?.longLived) return;
    const credential = credentialOf(request);
    if (!credential) return;
    // A request that waited for its start (registerFairStart) may find its client gone: its
    // answer's 'close' has passed, so it would never be counted off.
    if (reply.raw.destroyed) return;
    const counted: Array<[key: string, limit: number]> = [[credential, limit]];
    if (config?.heavyWork)
      counted.push([`${config.heavyWork.kind}\u0000${credential}`, config.heavyWork.perCredential]);
    if (counted.some(([key, max]) => (inFlight.get(key) ?? 0) >= max)) throw tooManyAtOnce();
    for (const [key] of counted) inFlight.set(key, (inFlight.get(key) ?? 0) + 1);
    reply.raw.once('close', () => {
      for (const [key] of counted) release(key);
    });
  });
}

/** The request's credential: the API token's or the session cookie's value. */
const credentialReader =
  (sessionCookie: string) =>
  (request: FastifyRequest): string | undefined =>
    bearerOf(request.headers.authorization) ?? request.cookies[sessionCookie];

/** API requests that start on one turn of the event loop, at most. */
export const STARTS_PER_TURN = 3;

/**
 * API requests start in turns: at most `perTurn` on each turn of the event loop and, when more
 * wait, the credentials (or, without one, the addresses) in rotation. A burst of hundreds of one
 * user's requests, read from the network together, is then handled a few at a time with the
 * network read between them, and another user's request that arrives meanwhile starts on the next
 * turn, not after the whole burst (which would hold the event loop for all of it).
 */
export function registerFairStart(app: FastifyInstance, sessionCookie: string, perTurn = STARTS_PER_TURN): void {
  const credentialOf = credentialReader(sessionCookie);
  /** Requests waiting to start, per credential; the map's order is the rotation. */
  const waiting = new Map<string, Array<() => void>>();
  /** Requests started on this turn; while above 0, the next turn is scheduled. */
  let started = 0;
  const take = (start: () => void) => {
    if (started++ === 0) setImmediate(nextTurn);
    start();
  };
  const nextTurn = () => {
    started = 0;
    while (started < perTurn) {
      const first = waiting.entries().next();
      if (first.done) return;
      const [lane, queue] = first.value;
      const start = queue.shift();
      waiting.delete(lane);
      if (queue.length > 0) waiting.set(lane, queue);
      if (start) take(start);
    }
  };
  app.addHook('onRequest', (request, _reply, done) => {
    if (!isApiRequest(request)) return done();
    if (started < perTurn) return take(done);
    const credential = credentialOf(request);
    const lane = credential ? `c:${credential}` : `a:${request.ip}`;
    const queue = waiting.get(lane);
    if (queue) queue.push(done);
    else waiting.set(lane, [done]);
  });
}
