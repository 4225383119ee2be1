import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarFeedCreatedSchema, calendarFeedStatusSchema } from '../../../shared/schemas/calendar';
import { errorBodySchema, okSchema } from '../../../shared/schemas/common';
import { requireUser } from '../../platform/auth/auth-plugin';
import { getFeedStatus, revokeFeed, sendFeed, rotateFeed } from './service';

const errors = { 400: errorBodySchema, 404: errorBodySchema };
const tags = ['calendar'];

/** The delivery dates as an iCalendar feed with a secret address per user, and its management. */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/calendar/:fileName',
    {
      // The token is the credential: no session; the address never reaches the request log.
      config: { public: true, secretUrl: true },
      schema: { tags, params: z.object({ fileName: z.string().max(100) }), response: errors },
    },
    async (request, reply) => sendFeed(app.ctx, request.params.fileName, reply),
  );

  const feed = '/api/data/:product/calendar-feed';
  const params = z.object({ product: z.string() });
  app.get(feed, { schema: { tags, params, response: { 200: calendarFeedStatusSchema, ...errors } } }, async (request) =>
    getFeedStatus(app.ctx, requireUser(request)),
  );
  app.post(
    feed,
    { schema: { tags, params, response: { 200: calendarFeedCreatedSchema, ...errors } } },
    async (request) => rotateFeed(app.ctx, requireUser(request)),
  );
  app.delete(feed, { schema: { tags, params, response: { 200: okSchema, ...errors } } }, async (request) => {
    await revokeFeed(app.ctx, requireUser(request));
    return { ok: true as const };
  });
};
