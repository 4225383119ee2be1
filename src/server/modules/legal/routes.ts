import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operatorSchema } from '../../../shared/schemas/legal';

/** Operator details for the imprint and privacy pages; public like the pages themselves. */
export const legalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/legal/operator',
    { config: { public: true }, schema: { tags: ['legal'], response: { 200: operatorSchema } } },
    async () => app.ctx.config.operator,
  );
};
