import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { requireUser } from '../../platform/auth/auth-plugin';
import { runStream, StreamRegistry, STREAMS_PER_INSTANCE, STREAMS_PER_USER } from './service';

const eventId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export type LiveRouteOptions = { maxPerUser?: number; maxTotal?: number; heartbeatMs?: number };

/**
 * GET /api/events/stream: the live updates of one tab as Server-Sent Events. Written past
 * Fastify's reply (no compression, no buffering), so each event leaves at once.
 */
export const liveRoutes: FastifyPluginAsyncZod<LiveRouteOptions> = async (app, opts) => {
  const registry = new StreamRegistry(opts.maxPerUser ?? STREAMS_PER_USER, opts.maxTotal ?? STREAMS_PER_INSTANCE);
  const open = new Set<() => void>();
  // Open streams end before the server closes, so a shutdown does not wait for idle tabs.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });

  app.get(
    '/api/events/stream',
    {
      config: { longLived: true },
      schema: {
        tags: ['events'],
        querystring: z.object({ lastEventId: eventId.optional() }),
        headers: z.object({ 'last-event-id': eventId.optional() }).passthrough(),
        response: { 401: errorBodySchema, 429: errorBodySchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const release = registry.take(user.userId);
      const lastEventId = request.headers['last-event-id'] ?? request.query.lastEventId ?? null;
      const raw = reply.raw;
      reply.hijack();
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-store, no-transform',
        Connection: 'keep-alive',
        // Proxies such as nginx pass each event on instead of buffering the answer.
        'X-Accel-Buffering': 'no',
        'X-Content-Type-Options': 'nosniff',
      });
      raw.flushHeaders();
      request.socket.setNoDelay(true);
      request.socket.setKeepAlive(true);

      let stop: (() => void) | undefined;
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        stop?.();
        release();
        open.delete(end);
        if (!raw.writableEnded) raw.end();
      };
      open.add(end);
      raw.on('close', end);
      raw.on('error', end);
      try {
        stop = await runStream({
          db: app.ctx.db,
          bus: app.ctx.events,
          user,
          lastEventId,
          now: () => app.ctx.clock.now(),
          heartbeatMs: opts.heartbeatMs,
          sink: { write: (chunk) => !raw.writableEnded && raw.write(chunk), close: end },
        });
        if (ended) stop();
      } catch (err) {
        request.log.error({ err }, 'live stream failed');
        end();
      }
    },
  );
};
