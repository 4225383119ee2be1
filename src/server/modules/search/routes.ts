import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  quickSearchQuerySchema,
  quickSearchResponseSchema,
  searchQueryStringSchema,
  searchResponseSchema,
} from '../../../shared/schemas/search';
import { requireUser } from '../../platform/auth/auth-plugin';
import { quickSearch, searchUnits } from './service';

const product = z.string();

/** List service `projectunitssearch` (spec §7) and the quick search of the shell. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/data/:product/projectunitssearch',
    {
      schema: {
        tags: ['search'],
        params: z.object({ product }),
        querystring: searchQueryStringSchema,
        response: { 200: searchResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request) => searchUnits(app.ctx, requireUser(request), request.query),
  );
  app.get(
    '/api/data/:product/quicksearch',
    {
      schema: {
        tags: ['search'],
        params: z.object({ product }),
        querystring: quickSearchQuerySchema,
        response: { 200: quickSearchResponseSchema, 400: errorBodySchema },
      },
    },
    async (request) => quickSearch(app.ctx, requireUser(request), request.query.q),
  );
};
