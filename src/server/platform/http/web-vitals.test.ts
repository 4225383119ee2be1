import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xhr } from '../../test/app';

const token = 'metrics-token-for-web-vitals-0123456789';

describe('POST /api/web-vitals', () => {
  let app: FastifyInstance;
  // A browser address of its own: the reports' limit counts per address, across test files.
  const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
  const report = (payload: unknown, headers: Record<string, string> = xhr) =>
    app.inject({ method: 'POST', url: '/api/web-vitals', headers, payload: payload as object, remoteAddress });
  const metrics = async () =>
    (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } })).body;

  beforeAll(async () => {
    app = await createTestApp({ config: { metricsToken: token } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('counts what a browser saw, without a session, on /metrics per page pattern and kind of start', async () => {
    const details = '/home/app/project/details/:rootUnitId';
    const sent = await report({
      route: details,
      firstScreen: true,
      metrics: [
        { name: 'LCP', value: 1800 },
        { name: 'INP', value: 120 },
        { name: 'CLS', value: 0.02 },
      ],
    });
    expect(sent.statusCode).toBe(204);
    expect(
      (await report({ route: '/login', firstScreen: false, metrics: [{ name: 'LCP', value: 900 }] })).statusCode,
    ).toBe(204);
    const text = await metrics();
    const labels = `route="${details}",first_screen="true"`;
    // Milliseconds arrive, seconds are counted: 1.8 s falls into the 2 s bucket, not the 1.5 s one.
    expect(text).toContain(`planport_web_vitals_lcp_seconds_bucket{le="1.5",${labels}} 0`);
    expect(text).toContain(`planport_web_vitals_lcp_seconds_bucket{le="2",${labels}} 1`);
    expect(text).toContain(`planport_web_vitals_inp_seconds_bucket{le="0.2",${labels}} 1`);
    expect(text).toContain(`planport_web_vitals_cls_bucket{le="0.05",${labels}} 1`);
    expect(text).toContain(`planport_web_vitals_lcp_seconds_count{route="/login",first_screen="false"} 1`);
  });

  it('refuses an address that is not a page pattern, unknown fields, values out of range and large bodies', async () => {
    const lcp = [{ name: 'LCP', value: 1000 }];
    for (const payload of [
      { route: '/home/app/project/details/123', firstScreen: true, metrics: lcp },
      { route: '/login', firstScreen: true, metrics: lcp, user: 'erika@example.test' },
      { route: '/login', firstScreen: true, metrics: [{ name: 'FID', value: 10 }] },
      { route: '/login', firstScreen: true, metrics: [{ name: 'LCP', value: -1 }] },
      { route: '/login', firstScreen: true, metrics: [] },
    ])
      expect((await report(payload)).statusCode).toBe(400);
    const large = await report({ route: '/login', firstScreen: true, metrics: lcp, padding: 'x'.repeat(2000) });
    expect(large.statusCode).toBe(413);
    // A page of another site cannot post for a visitor (no request header without a script of ours).
    expect((await report({ route: '/login', firstScreen: true, metrics: lcp }, {})).statusCode).toBe(403);
    expect(await metrics()).not.toContain('details/123');
  });

  it('takes a bounded number of reports from one browser address', async () => {
    const one = { route: 'other', firstScreen: false, metrics: [{ name: 'CLS', value: 0 }] };
    const codes = [];
    for (let i = 0; i < 125; i++) codes.push((await report(one)).statusCode);
    // Two reports went in before (the 400s and the 413 count as well, before validation).
    expect(codes.filter((code) => code === 204).length).toBeLessThan(120);
    expect(codes.at(-1)).toBe(429);
  });
});
