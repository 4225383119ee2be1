import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, idParam } from '../../../shared/schemas/common';
import { journalPageSchema } from '../../../shared/schemas/journal';
import { requireUser } from '../../platform/auth/auth-plugin';
import { listQueryStringSchema } from '../../../shared/schemas/list';
import { listJournal } from './service';

/** List service project-unit-journal (spec §7): filter, order, page over one root's history. */
export const journalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/:product/project-unit-journal/:rootUnitId',
    {
      schema: {
        tags: ['journal'],
        params: z.object({ product: z.string(), rootUnitId: idParam }),
        querystring: listQueryStringSchema,
        response: { 200: journalPageSchema, 400: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => listJournal(app.ctx, requireUser(request), request.params.rootUnitId, request.query),
  );
};
