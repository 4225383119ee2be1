import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserSchema, loginRequestSchema } from '../../../shared/schemas/account';
import { errorBodySchema, okSchema } from '../../../shared/schemas/common';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../platform/auth/auth-plugin';
import { deleteSession } from '../../platform/auth/session';
import { currentUserOf, getCurrentUser, signIn } from './service';

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/account/login',
    {
      config: { public: true },
      schema: {
        tags: ['account'],
        body: loginRequestSchema,
        response: { 200: currentUserSchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const { token, userId } = await signIn(app.ctx, request.body, request.headers['user-agent'], request.ip);
      // A new session id at every sign-in; the browser's previous session ends with it.
      if (request.sessionToken) await deleteSession(app.ctx.db, request.sessionToken);
      setSessionCookie(app, reply, token);
      return getCurrentUser(app.ctx, userId);
    },
  );

  app.get(
    '/api/account/me',
    { schema: { tags: ['account'], response: { 200: currentUserSchema, 401: errorBodySchema } } },
    async (request) => currentUserOf(app.ctx, requireUser(request)),
  );

  app.post(
    '/Account/SignOut',
    { config: { public: true }, schema: { tags: ['account'], response: { 200: okSchema } } },
    async (request, reply) => {
      if (request.sessionToken) await deleteSession(app.ctx.db, request.sessionToken);
      clearSessionCookie(app, reply);
      void reply.header('Clear-Site-Data', '"cookies", "storage"');
      return { ok: true as const };
    },
  );
};
