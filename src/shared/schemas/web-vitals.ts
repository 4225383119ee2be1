import { z } from 'zod';
import { pages } from '../routes';

/** The measurements a page reports of a visit, as the `web-vitals` package names them. */
const webVitalNames = ['LCP', 'INP', 'CLS'] as const;

/** The page a report is for: a path of the table of pages (never the address itself), or `other`. */
const webVitalsRouteSchema = z.enum([...Object.values(pages).map((page) => page.path), 'other']);

/**
 * `POST /api/web-vitals`: what the browser saw of one visit — the largest contentful paint and the
 * interaction to next paint in milliseconds, the cumulative layout shift without a unit — for the
 * page the visit started on, and whether that page came with a first screen rendered by the server.
 * Nothing names the user or the address.
 */
export const webVitalsReportSchema = z
  .object({
    route: webVitalsRouteSchema,
    firstScreen: z.boolean(),
    metrics: z
      .array(z.object({ name: z.enum(webVitalNames), value: z.number().min(0).max(600_000) }).strict())
      .min(1)
      .max(webVitalNames.length),
  })
  .strict();
export type WebVitalsReport = z.infer<typeof webVitalsReportSchema>;
