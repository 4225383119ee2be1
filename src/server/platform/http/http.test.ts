import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';

describe('http platform', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig(), { db: await getTestDatabase(), logger: false });
    app.get('/api/test/boom', { config: { public: true } }, async () => {
      throw new Error('secret internal detail: password=hunter2');
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('names the failing field in a validation error', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: xhr,
      payload: { login: 'a@b.c' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('ValidationFailed');
    expect(body.messages.map((m: { reference: string }) => m.reference)).toContain('password');
  });

  it('hides internals of unexpected errors', async () => {
    const res = await app.inject({ url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toEqual({
      status: 500,
      code: 'Internal',
      messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.Unexpected' }],
    });
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await app.inject({ url: '/api/nothing/here', headers: { cookie: 'planport_session=x' } });
    expect([401, 404]).toContain(res.statusCode);
    expect(res.json().messages).toBeInstanceOf(Array);
  });

  it('sends the security headers on pages, API answers and errors', async () => {
    for (const url of ['/api/health/live', '/api/account/me', '/api/test/boom', '/assets/i18n/de.json']) {
      const res = await app.inject({ url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBeTruthy();
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('reports readiness with database and migrations', async () => {
    const res = await app.inject({ url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', checks: { accepting: true, database: true, migrations: true } });
  });

  it('is not ready while draining, so a balancer stops sending before the instance closes', async () => {
    app.ctx.lifecycle.draining = true;
    try {
      const res = await app.inject({ url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'unavailable',
        checks: { accepting: false, database: false, migrations: false },
      });
      // Requests in flight and new ones are still served until the instance closes.
      expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      app.ctx.lifecycle.draining = false;
    }
  });

  it('serves the translation files for every language', async () => {
    for (const lang of ['de', 'en', 'nl']) {
      const res = await app.inject({ url: `/assets/i18n/${lang}.json?v=123` });
      expect(res.statusCode).toBe(200);
      expect(res.json().SHELL.Logout).toBeTruthy();
    }
  });
});
