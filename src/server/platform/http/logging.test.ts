import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createWorld, TEST_PASSWORD } from '../../test/factories';

describe('structured logs', () => {
  it('carry request, tenant and user ids and never passwords or cookies', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const db = await getTestDatabase();
    const app = await buildApp(testConfig({ logLevel: 'info' }), { db, logStream: stream });
    app.post('/api/test/echo', async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'echo');
      return { ok: true };
    });
    await app.ready();
    const { internal, tenant } = await createWorld(db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: xhr,
      payload: { login: internal.login, password: TEST_PASSWORD },
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...xhr, cookie, authorization: 'Bearer secret-token' },
      payload: { password: 'Geheim-123', note: 'hello' },
    });
    await app.close();

    const all = lines.join('');
    expect(all).not.toContain(TEST_PASSWORD);
    expect(all).not.toContain('Geheim-123');
    expect(all).not.toContain(cookie?.split('=')[1]);
    expect(all).not.toContain('secret-token');
    const echo = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'echo');
    expect(echo).toMatchObject({ userId: internal.user_id, tenantId: tenant.tenant_id });
    expect(echo.reqId).toBeTruthy();
    expect(echo.body.note).toBe('hello');
    // One line per request, with the route's pattern and without the query string.
    const requests = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(requests).toHaveLength(2);
    expect(requests[1]).toMatchObject({
      method: 'POST',
      url: '/api/test/echo',
      route: '/api/test/echo',
      statusCode: 200,
      userId: internal.user_id,
    });
    expect(lines.some((l) => l.includes('incoming request') || l.includes('request completed'))).toBe(false);
  }, 120_000);
});
