import { describe, expect, it } from 'vitest';
import { webVitalsReportSchema } from '../../shared/schemas/web-vitals';
import { webVitalsReport } from './web-vitals';

describe('webVitalsReport', () => {
  it('names the page by its path pattern, never its address, and keeps only LCP, INP and CLS', () => {
    const report = webVitalsReport(
      '/home/app/project/details/4711/4712/order',
      true,
      new Map([
        ['LCP', 2100],
        ['FCP', 800],
        ['CLS', 0.01],
      ]),
    );
    expect(report).toEqual({
      route: '/home/app/project/details/:rootUnitId/:unitId/order',
      firstScreen: true,
      metrics: [
        { name: 'LCP', value: 2100 },
        { name: 'CLS', value: 0.01 },
      ],
    });
    expect(webVitalsReportSchema.parse(report)).toEqual(report);
  });

  it('reports an address outside the table as other, and nothing without a measurement', () => {
    expect(webVitalsReport('/reset/abc-token', false, new Map([['INP', 64]]))?.route).toBe('other');
    expect(webVitalsReport('/login', false, new Map([['TTFB', 90]]))).toBeUndefined();
  });
});
