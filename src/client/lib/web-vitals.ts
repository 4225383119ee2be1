import type { Metric } from 'web-vitals';
import { pageOf } from '../../shared/routes';
import type { WebVitalsReport } from '../../shared/schemas/web-vitals';

/** The report of a visit that started at `pathname`: the page's path pattern, never the address (ids stay home). */
export function webVitalsReport(
  pathname: string,
  firstScreen: boolean,
  metrics: ReadonlyMap<Metric['name'], number>,
): WebVitalsReport | undefined {
  const measured = [...metrics].flatMap(([name, value]) =>
    name === 'LCP' || name === 'INP' || name === 'CLS' ? [{ name, value }] : [],
  );
  if (measured.length === 0) return undefined;
  return { route: pageOf(pathname)?.path ?? 'other', firstScreen, metrics: measured };
}

/**
 * Measures what the user sees of this visit — the largest contentful paint, the interaction to next
 * paint, the cumulative layout shift — and posts it to the server when the page is hidden (closed,
 * left, switched away from), where `/metrics` counts it per page (docs/first-screen.md). The
 * package's code (3 kB) loads now, after the first screen: it reads the paints the browser buffered.
 */
export function reportWebVitals(pathname: string, firstScreen: boolean): void {
  const measured = new Map<Metric['name'], number>();
  const send = () => {
    const report = webVitalsReport(pathname, firstScreen, measured);
    measured.clear();
    if (!report) return;
    // `keepalive`: the request outlives the page that is being closed.
    void fetch('/api/web-vitals', {
      method: 'POST',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: JSON.stringify(report),
    }).catch(() => undefined);
  };
  void import('web-vitals')
    .then(({ onCLS, onINP, onLCP }) => {
      const record = (metric: Metric) => measured.set(metric.name, metric.value);
      onLCP(record);
      onINP(record);
      onCLS(record);
      // Added after the package's own listeners, which report the final values when the page is hidden.
      addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'hidden') send();
      });
      addEventListener('pagehide', send);
    })
    .catch(() => undefined);
}
