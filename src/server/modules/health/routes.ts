import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsCurrent } from '../../platform/db/migrate';
import { pingDatabase } from './repository';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.boolean()) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health/live',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const, checks: { process: true } }),
  );

  app.get(
    '/api/health/ready',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      const database = await pingDatabase(app.db);
      const migrations = database && (await migrationsCurrent(app.db).catch(() => false));
      const ok = database && migrations;
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks: { database, migrations } });
    },
  );
};
