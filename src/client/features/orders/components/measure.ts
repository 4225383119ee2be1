/**
 * Runs the summary computation and records it as a User Timing measure ('order-summary'),
 * so the benchmark script (and the browser's performance panel) can read how long it took.
 */
export function measureSummary<T>(compute: () => T): T {
  const start = performance.now();
  const result = compute();
  performance.measure('order-summary', { start, end: performance.now() });
  return result;
}
