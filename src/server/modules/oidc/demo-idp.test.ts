import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { DEMO_CLIENT_ID, DEMO_IDP_PATH } from './demo-idp';

function expectAppHeaders(res: LightMyRequestResponse) {
  expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(res.headers['permissions-policy']).toContain('camera=()');
}

describe('demo identity provider', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ config: { demoIdp: true } });
  });
  afterAll(() => app.close());

  it('answers its pages with the same security headers as the app', async () => {
    const discovery = await app.inject({ url: `${DEMO_IDP_PATH}/.well-known/openid-configuration` });
    expect(discovery.statusCode).toBe(200);
    expectAppHeaders(discovery);

    const auth = await app.inject({
      url:
        `${DEMO_IDP_PATH}/auth?` +
        new URLSearchParams({
          client_id: DEMO_CLIENT_ID,
          response_type: 'code',
          scope: 'openid email',
          redirect_uri: `${app.ctx.config.publicUrl}/api/account/oidc/callback`,
          code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
          code_challenge_method: 'S256',
          state: 's1',
          nonce: 'n1',
        }).toString(),
    });
    expect([302, 303]).toContain(auth.statusCode);
    expectAppHeaders(auth);
    const location = String(auth.headers.location);
    expect(location).toContain(`${DEMO_IDP_PATH}/interaction/`);

    const cookies = ([] as string[])
      .concat(auth.headers['set-cookie'] ?? [])
      .map((c) => c.split(';')[0])
      .join('; ');
    const form = await app.inject({
      url: new URL(location, app.ctx.config.publicUrl).pathname,
      headers: { cookie: cookies },
    });
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<form');
    expectAppHeaders(form);
    // The page speaks the browser's language (German when none of ours is asked for).
    expect(form.body).toContain('<html lang="de">');
    expect(form.body).toContain('<label for="password">Passwort</label>');
    const dutch = await app.inject({
      url: new URL(location, app.ctx.config.publicUrl).pathname,
      headers: { cookie: cookies, 'accept-language': 'nl-BE,nl;q=0.9,en;q=0.5' },
    });
    expect(dutch.body).toContain('<html lang="nl">');
    expect(dutch.body).toContain('<h1>Demo-aanmelddienst</h1>');
    expect(dutch.body).toContain('<button type="submit">Aanmelden</button>');
    expect(dutch.body).not.toMatch(/Password|Sign in/);

    const wrong = await app.inject({
      method: 'POST',
      url: new URL(location, app.ctx.config.publicUrl).pathname,
      headers: { cookie: cookies, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'login=nobody%40example.test&password=wrong',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Unbekanntes Konto oder falsches Passwort.');
    expectAppHeaders(wrong);

    const unknown = await app.inject({ url: `${DEMO_IDP_PATH}/no-such-page` });
    expectAppHeaders(unknown);
  });
});
