import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { projectListKinds, projectListResponseSchema } from '../../../shared/schemas/project-list';
import { requireUser } from '../../platform/auth/auth-plugin';
import { listQueryStringSchema } from '../../../shared/schemas/list';
import { listProjects } from './service';

/** `GET /api/data/{product}/projectlist/current|closed` with OData-style list options. */
export const projectListRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of projectListKinds) {
    app.get(
      `/api/data/:product/projectlist/${kind}`,
      {
        schema: {
          tags: ['project lists'],
          params: z.object({ product: z.string() }),
          querystring: listQueryStringSchema,
          response: { 200: projectListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => listProjects(app.ctx, requireUser(request), kind, request.query),
    );
  }
};
