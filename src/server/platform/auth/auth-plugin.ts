import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../../shared/errors';
import { isApiRequest } from '../http/canonical-path';
import { bearerOf, findTokenUser, scopeOfRoute } from './api-token';
import { findSessionUser, type SessionUser } from './session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-planport_session' : 'planport_session';
}

export function setSessionCookie(app: FastifyInstance, reply: FastifyReply, token: string): void {
  void reply.setCookie(sessionCookieName(app.ctx.config.secureCookies), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: app.ctx.config.secureCookies,
  });
}

export function clearSessionCookie(app: FastifyInstance, reply: FastifyReply): void {
  void reply.clearCookie(sessionCookieName(app.ctx.config.secureCookies), { path: '/' });
}

/** Returns the signed-in user or refuses with 401. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('Unauthenticated');
  return request.user;
}

/**
 * Resolves the session on every request, refuses state-changing requests without the
 * client's custom header (CSRF, together with SameSite cookies), and requires a session
 * for every API route not marked public.
 */
export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.decorateRequest('apiToken', null);

  app.addHook('onRequest', async (request) => {
    if (!isApiRequest(request)) return;
    // A machine's call with an API token: the token alone decides (a cookie beside it is not
    // read, so it neither adds a session nor skips the CSRF header of one); a bad token is 401.
    const bearer = bearerOf(request.headers.authorization);
    if (bearer !== null) {
      const scope = scopeOfRoute(request.method, request.routeOptions.url);
      const found = await findTokenUser(app.ctx.db, bearer, app.ctx.clock.now());
      request.apiToken = found.token;
      if (!scope || !found.token.scopes.includes(scope)) {
        throw new AppError('NotAllowed', [
          {
            messageType: 'Error',
            message: scope ? 'ERRORMESSAGES.ApiTokenScopeMissing' : 'ERRORMESSAGES.ApiTokenRouteNotAllowed',
            params: scope ? { scope } : undefined,
          },
        ]);
      }
      request.user = found.user;
      return;
    }
    if (
      !SAFE_METHODS.has(request.method) &&
      request.headers['x-requested-with'] !== 'XMLHttpRequest' &&
      !request.routeOptions.config?.tokenProof
    ) {
      throw new AppError('CsrfHeaderMissing');
    }
    const token = request.cookies[sessionCookieName(app.ctx.config.secureCookies)];
    if (token) {
      request.user = await findSessionUser(app.ctx.db, token, app.ctx.clock.now());
      request.sessionToken = request.user ? token : null;
    }
    // Checked before body validation, so nothing about a route leaks without a session.
    if (!request.routeOptions.config?.public) requireUser(request);
  });
}
