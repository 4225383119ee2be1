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
 * `longLived` (the event stream, open for as long as a tab is) do not count.
 */
export function registerInFlightLimit(
  app: FastifyInstance,
  sessionCookie: string,
  limit: number = IN_FLIGHT_PER_CREDENTIAL,
): void {
  const inFlight = new Map<string, number>();
  const credentialOf = (request: FastifyRequest): string | undefined =>
    bearerOf(request.headers.authorization) ?? request.cookies[sessionCookie];

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request) || request.routeOptions.config?.longLived) return;
    const credential = credentialOf(request);
    if (!credential) return;
    const count = inFlight.get(credential) ?? 0;
    if (count >= limit) throw tooManyAtOnce();
    inFlight.set(credential, count + 1);
    reply.raw.once('close', () => {
      const left = (inFlight.get(credential) ?? 1) - 1;
      if (left > 0) inFlight.set(credential, left);
      else inFlight.delete(credential);
    });
  });
}
