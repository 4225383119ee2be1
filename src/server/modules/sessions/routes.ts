import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import { endedSessionsSchema, sessionIdParam, userSessionsSchema } from '../../../shared/schemas/sessions';
import { requireUser } from '../../platform/auth/auth-plugin';
import * as sessions from './service';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The user's own sessions (profile page) and the admin's "end all sessions" of a tenant user. */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['account'];

  app.get(
    '/api/account/sessions',
    { schema: { tags, response: { 200: userSessionsSchema, ...errors } } },
    async (request) => sessions.listOwnSessions(app.ctx, requireUser(request)),
  );

  app.post(
    '/api/account/sessions/end-others',
    { schema: { tags, response: { 200: endedSessionsSchema, ...errors } } },
    async (request) => sessions.endOtherSessions(app.ctx, requireUser(request)),
  );

  app.delete(
    '/api/account/sessions/:sessionID',
    { schema: { tags, params: sessionIdParam, response: { 200: okSchema, ...errors } } },
    async (request) => {
      await sessions.endOwnSession(app.ctx, requireUser(request), request.params.sessionID);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/data/:product/tenant-users/:userID/end-sessions',
    {
      schema: {
        tags: ['admin'],
        params: z.object({ product: z.string(), userID: idParam }),
        response: { 200: endedSessionsSchema, ...errors },
      },
    },
    async (request) => sessions.endUserSessions(app.ctx, requireUser(request), request.params.userID),
  );
};
