import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';

/** True for a route path the API owns: the client's data calls and the spec's `/Account/` calls. */
export const isApiPath = (path: string) => path.startsWith('/api/') || path.startsWith('/Account/');

/**
 * A percent-encoded unreserved character (`%41` for `A`, `%2E` for `.`) or a broken escape: a path
 * that no browser sends and that would read differently before and after decoding.
 */
const nonCanonical = /%(?![0-9A-Fa-f]{2})|%(?:[46][1-9A-Fa-f]|[57][0-9Aa]|3[0-9]|2[DEde]|5[Ff]|7[Ee])/;

/** Whether a request reached an API route, decided from the route it matched, not from its text. */
export function isApiRequest(request: FastifyRequest): boolean {
  return request.routeOptions.config?.api === true;
}

/**
 * Security decisions are taken on the matched route: every route under `/api/` or `/Account/` is
 * marked `api` when registered, and a path with percent-encoded unreserved characters (`/%61pi/…`)
 * is refused before any other hook, so no spelling of a path reaches a route around its checks.
 */
export function registerCanonicalPaths(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url)) route.config = { ...route.config, api: true };
  });
  app.addHook('onRequest', async (request) => {
    const path = request.raw.url?.split('?')[0] ?? '';
    if (nonCanonical.test(path))
      throw new AppError('ValidationFailed', [
        { messageType: 'Error', message: 'ERRORMESSAGES.BadRequest', reference: 'path' },
      ]);
  });
}
