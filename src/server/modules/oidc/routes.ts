import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { setSessionCookie } from '../../platform/auth/auth-plugin';
import { finishOidcSignIn, FLOW_VALID_MS, listOidcProviders, startOidcSignIn } from './service';

const FLOW_COOKIE = 'planport_oidc';
const cookiePath = '/api/account/oidc';

/**
 * External sign-in (OpenID Connect). These routes are public: the browser reaches them before
 * it has a session; the flow cookie, state, nonce and PKCE tie the callback to its start.
 */
export const oidcRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];

  app.get(
    '/api/account/oidc/providers',
    {
      config: { public: true },
      schema: {
        tags,
        response: {
          200: z.array(z.object({ tenantKey: z.string(), name: z.string(), label: z.string().nullable() })),
        },
      },
    },
    async () => listOidcProviders(app.ctx),
  );

  app.get(
    '/api/account/oidc/start/:tenantKey',
    { config: { public: true }, schema: { tags, params: z.object({ tenantKey: z.string().max(100) }) } },
    async (request, reply) => {
      const started = await startOidcSignIn(app.ctx, request.params.tenantKey).catch((err: unknown) => {
        request.log.warn({ err }, 'identity provider not reachable');
        return undefined;
      });
      if (started === null) return reply.redirect('/login/external-refused?reason=no-provider');
      if (!started) return reply.redirect('/login/external-refused?reason=failed');
      void reply.setCookie(FLOW_COOKIE, started.flowId, {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.ctx.config.secureCookies,
        maxAge: FLOW_VALID_MS / 1000,
      });
      return reply.redirect(started.url);
    },
  );

  app.get('/api/account/oidc/callback', { config: { public: true }, schema: { tags } }, async (request, reply) => {
    const callbackUrl = new URL(request.url, app.ctx.config.publicUrl);
    const result = await finishOidcSignIn(
      app.ctx,
      request.cookies[FLOW_COOKIE],
      callbackUrl,
      request.headers['user-agent'],
      request.ip,
    );
    void reply.clearCookie(FLOW_COOKIE, { path: cookiePath });
    if (!result.ok) return reply.redirect(`/login/external-refused?reason=${result.reason}`);
    setSessionCookie(app, reply, result.token);
    return reply.redirect('/home/app/dash');
  });
};
