import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../shared/errors';
import { seedDemoIfEmpty } from '../../seed/demo';
import { restoreSnapshot, saveSnapshot, truncateAllTables } from './repository';
import { kickConversions } from '../viewer/conversion-service';

/**
 * Browser journeys start each spec file from the demo data as shipped. Registered only
 * when E2E_RESET=true (the Playwright server), answered only on the loopback interface.
 */
export const testingRoutes: FastifyPluginAsyncZod = async (app) => {
  // The journeys read single-use links here: the outbox keeps only a redacted copy.
  app.get('/api/testing/mails', { config: { public: true }, schema: { hide: true } }, async (request) => {
    const peer = request.socket.remoteAddress ?? '';
    if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(peer)) throw new AppError('NotFound');
    return app.ctx.mailer.recent.map((m) => ({ to: m.to, subject: m.subject, text: m.text }));
  });

  app.post('/api/testing/reset-demo', { config: { public: true }, schema: { hide: true } }, async (request) => {
    const peer = request.socket.remoteAddress ?? '';
    if (!['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(peer)) throw new AppError('NotFound');
    // The first reset seeds and keeps a copy; later ones put the copy back (a fraction of the time).
    // The stored files stay: only a purge after the retention period removes bytes.
    if (!(await restoreSnapshot(app.ctx.db))) {
      await truncateAllTables(app.ctx.db);
      await seedDemoIfEmpty(app.ctx.db, undefined, app.ctx.storage);
      await saveSnapshot(app.ctx.db);
    }
    // The demo models are converted for the viewer (stored by content, so after the first reset at once).
    void kickConversions(app.ctx);
    return { ok: true };
  });
};
