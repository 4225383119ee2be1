import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam, okSchema } from '../../../shared/schemas/common';
import { listQueryStringSchema } from '../../../shared/schemas/list';
import { notificationPageSchema, unreadCountSchema } from '../../../shared/schemas/notifications';
import { requireUser } from '../../platform/auth/auth-plugin';
import { addEventWriter } from '../../platform/events';
import { useEventMails, writeEventMails } from './event-mails';
import { mailPreferenceRoutes } from './mail-preference-routes';
import * as service from './service';

const errors = { 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** The notification centre of the signed-in user: list, unread count, mark read; the mail preferences. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  // The mails of events, by each recipient's preference, in the transaction of the change.
  addEventWriter(writeEventMails);
  const stopEventMails = useEventMails(app.ctx);
  app.addHook('onClose', async () => stopEventMails());
  await app.register(mailPreferenceRoutes);
  app.get(
    '/api/notifications',
    { schema: { tags, querystring: listQueryStringSchema, response: { 200: notificationPageSchema, ...errors } } },
    async (request) => service.listNotifications(app.ctx, requireUser(request), request.query),
  );
  app.get(
    '/api/notifications/unread-count',
    { schema: { tags, response: { 200: unreadCountSchema, ...errors } } },
    async (request) => service.unreadCount(app.ctx, requireUser(request)),
  );
  app.post(
    '/api/notifications/:id/read',
    { schema: { tags, params: z.object({ id: idParam }), response: { 200: okSchema, ...errors } } },
    async (request) => {
      await service.markRead(app.ctx, requireUser(request), request.params.id);
      return { ok: true as const };
    },
  );
  app.post(
    '/api/notifications/read-all',
    { schema: { tags, response: { 200: z.object({ marked: z.number().int() }), ...errors } } },
    async (request) => service.markAllRead(app.ctx, requireUser(request)),
  );
};
