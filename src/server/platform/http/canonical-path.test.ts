import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createWorld } from '../../test/factories';

/** Spellings of a path that decode to the same route: an unreserved character percent-encoded. */
function encodedVariants(path: string): string[] {
  const variants = new Set<string>();
  const hex = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  const segments = path.split('/');
  segments.forEach((segment, i) => {
    if (!segment) return;
    const first = segment[0] ?? '';
    const upper = [...segments];
    upper[i] = hex(first) + segment.slice(1);
    variants.add(upper.join('/'));
    const lower = [...segments];
    lower[i] = hex(first).toLowerCase() + segment.slice(1);
    variants.add(lower.join('/'));
  });
  return [...variants];
}

describe('security decisions on the matched route', () => {
  let app: FastifyInstance;
  let doc: { paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    app = await createTestApp();
    doc = (await app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(() => app.close());

  const sample = (path: string) => path.replace(/\{product\}/g, app.ctx.config.productKey).replace(/\{[^}]+\}/g, '1');

  it('refuses every percent-encoded spelling of every route with 400, before session or body', async () => {
    let checked = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        for (const url of encodedVariants(sample(path))) {
          const res = await app.inject({ method: method.toUpperCase() as 'GET', url });
          expect(res.statusCode, `${method} ${url}`).toBe(400);
          // A HEAD answer has no body (tus progress).
          if (method !== 'head') expect(res.json().code, url).toBe('ValidationFailed');
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
  });

  it('keeps the CSRF header check and the session lookup for /%41ccount/SignOut and /%61pi/…', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { cookies, call } = await signInActors(app, { internal });
    // The session's cookie alone, without the CSRF header, on purpose.
    const cookie = cookies.internal;
    for (const url of ['/%41ccount/SignOut', '/%61ccount/SignOut', '/Acc%6Funt/SignOut', '/Account/Sign%4Fut']) {
      expect((await app.inject({ method: 'POST', url, headers: { cookie } })).statusCode, url).toBe(400);
    }
    // The session is still valid: none of the spellings signed the user out without the header.
    expect((await call('internal', 'GET', '/api/account/me')).statusCode).toBe(200);
    expect((await app.inject({ url: '/%61pi/account/me' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/account/%6De' })).statusCode).toBe(400);
    // Broken escapes are refused too; reserved characters stay allowed where a value needs them.
    expect((await app.inject({ url: '/api/account/me%' })).statusCode).toBe(400);
    expect((await app.inject({ url: '/api/account/me%zz' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: '/Account/SignOut', headers: { cookie } })).statusCode).toBe(403);
    expect((await call('internal', 'POST', '/Account/SignOut')).statusCode).toBe(200);
  });

  it('sends Cache-Control: no-store on API answers, also errors and unknown API paths', async () => {
    for (const url of ['/api/health/live', '/api/account/me', '/api/nothing-here']) {
      expect((await app.inject({ url })).headers['cache-control'], url).toBe('no-store');
    }
  });
});
