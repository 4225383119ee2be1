import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { migrationsCurrent } from '../../platform/db/migrate';
import { pingDatabase } from './repository';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), checks: z.record(z.string(), z.boolean()) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Migrations run at start; once they are seen current they stay so for this process.
  let migrationsSeen = false;
  const migrationsReady = async () =>
    migrationsSeen || (migrationsSeen = await migrationsCurrent(app.ctx.db).catch(() => false));
  // Probes arriving together share one ping, and its answer holds for a second: a balancer's
  // probes never queue behind users' queries for the only connection, nor add their own.
  let ping: { at: number; result: Promise<boolean> } | null = null;
  const databaseReady = () => {
    const now = performance.now();
    if (!ping || now - ping.at > 1000) ping = { at: now, result: pingDatabase(app.ctx.db) };
    return ping.result;
  };

  app.get(
    '/api/health/live',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const, checks: { process: true } }),
  );

  app.get(
    '/api/health/ready',
    { config: { public: true }, schema: { tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
    async (_request, reply) => {
      // A draining instance is not ready, so the balancer stops sending before it closes.
      const accepting = !app.ctx.lifecycle.draining;
      const database = accepting && (await databaseReady());
      const migrations = database && (await migrationsReady());
      const ok = accepting && database && migrations;
      return reply
        .status(ok ? 200 : 503)
        .send({ status: ok ? 'ok' : 'unavailable', checks: { accepting, database, migrations } });
    },
  );
};
