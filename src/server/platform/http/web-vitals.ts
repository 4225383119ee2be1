import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Histogram, type Registry } from 'prom-client';
import { webVitalsReportSchema } from '../../../shared/schemas/web-vitals';

/** Reports per browser address, in ten minutes: about one per page a visitor opens and leaves. */
const REPORTS_PER_CLIENT = 120;
const WINDOW_MS = 10 * 60 * 1000;

/**
 * `POST /api/web-vitals`: what browsers saw of their visits (src/client/lib/web-vitals.ts), counted
 * on `/metrics` as histograms per page (its path pattern) and per kind of start (with or without a
 * first screen rendered by the server). Anyone may report, signed in or not; a report is a few
 * numbers of a fixed shape (at most 1 kB), nothing of it names a user or an address, and each
 * browser address may send a bounded number. Without a metrics registry (`METRICS_TOKEN` unset)
 * reports are accepted and dropped.
 */
export function webVitalsRoutes(registry: Registry | undefined): FastifyPluginAsyncZod {
  return async (app) => {
    const labelNames = ['route', 'first_screen'] as const;
    const histograms = registry && {
      LCP: new Histogram({
        name: 'planport_web_vitals_lcp_seconds',
        help: "Largest contentful paint in visitors' browsers, by the page a visit started on",
        labelNames,
        buckets: [0.5, 1, 1.5, 2, 2.5, 3, 4, 5, 7.5, 10, 20],
        registers: [registry],
      }),
      INP: new Histogram({
        name: 'planport_web_vitals_inp_seconds',
        help: "Interaction to next paint in visitors' browsers, by the page a visit started on",
        labelNames,
        buckets: [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 2, 5],
        registers: [registry],
      }),
      CLS: new Histogram({
        name: 'planport_web_vitals_cls',
        help: "Cumulative layout shift in visitors' browsers, by the page a visit started on",
        labelNames,
        buckets: [0.01, 0.05, 0.1, 0.15, 0.25, 0.5, 1],
        registers: [registry],
      }),
    };

    app.post(
      '/api/web-vitals',
      {
        bodyLimit: 1024,
        config: {
          public: true,
          rateLimits: [{ name: 'web-vitals', max: REPORTS_PER_CLIENT, windowMs: WINDOW_MS, key: 'client' }],
        },
        // The app's own reports, like /metrics: not part of the API's description.
        schema: { hide: true, body: webVitalsReportSchema },
      },
      async (request, reply) => {
        const { route, firstScreen, metrics } = request.body;
        for (const { name, value } of metrics) {
          // Milliseconds from the browser, seconds on /metrics (layout shift has no unit).
          histograms?.[name].observe(
            { route, first_screen: String(firstScreen) },
            name === 'CLS' ? value : value / 1000,
          );
        }
        return reply.status(204).send();
      },
    );
  };
}
