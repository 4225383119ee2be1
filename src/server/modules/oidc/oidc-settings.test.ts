import { describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { getTestDatabase } from '../../test/database';
import { createWorld, uniq } from '../../test/factories';
import { useOidcProvider } from './test-oidc';

describe('company sign-in set up by the tenant admin', () => {
  const oidc = useOidcProvider();
  const settings = '/api/data/portal/company-sign-in';
  const input = (overrides: Record<string, unknown> = {}) => ({
    issuer: oidc.issuer,
    clientId: 'planport',
    clientSecret: 'test-secret',
    buttonLabel: 'Mit dem Celona-Konto anmelden',
    enabled: true,
    ...overrides,
  });

  async function adminWorld() {
    const db = await getTestDatabase();
    const world = await createWorld(db);
    const { call } = await signInActors(oidc.app, { admin: world.admin, internal: world.internal });
    const put = (body: Record<string, unknown>) => call('admin', 'PUT', settings, body);
    return { db, ...world, call, put };
  }

  it('only admins of the tenant; the client secret is stored sealed and never returned', async () => {
    const { app } = oidc;
    const w = await adminWorld();
    expect((await w.call('internal', 'GET', settings)).statusCode).toBe(403);
    expect((await w.call('internal', 'PUT', settings, input())).statusCode).toBe(403);
    expect((await w.call('internal', 'POST', `${settings}/test`, { issuer: oidc.issuer })).statusCode).toBe(403);

    const empty = (await w.call('admin', 'GET', settings)).json();
    expect(empty).toMatchObject({ configured: false, hasClientSecret: false });
    expect(empty.redirectUri).toBe(`${app.ctx.config.publicUrl}/api/account/oidc/callback`);

    const noSecret = await w.put(input({ clientSecret: '' }));
    expect(noSecret.statusCode).toBe(400);
    expect(noSecret.json().messages[0].reference).toBe('clientSecret');

    const saved = await w.put(input());
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('test-secret');
    expect(saved.json()).toMatchObject({ configured: true, hasClientSecret: true, enabled: true });
    const row = await w.db
      .selectFrom('tenant_oidc')
      .selectAll()
      .where('tenant_id', '=', w.tenant.tenant_id)
      .executeTakeFirstOrThrow();
    expect(row.client_secret).toMatch(/^enc:v1:/);
    expect(row.client_secret).not.toContain('test-secret');

    // Saving without a secret keeps the stored one.
    await w.put(input({ clientSecret: undefined, buttonLabel: 'Firmenkonto' }));
    const again = await w.db
      .selectFrom('tenant_oidc')
      .select(['client_secret', 'button_label'])
      .where('tenant_id', '=', w.tenant.tenant_id)
      .executeTakeFirstOrThrow();
    expect(again).toEqual({ client_secret: row.client_secret, button_label: 'Firmenkonto' });
    const read = await w.call('admin', 'GET', settings);
    expect(read.body).not.toContain('test-secret');
    expect(read.body).not.toContain('enc:v1');
    const openapi = await app.inject({ url: '/api/openapi.json' });
    expect(JSON.stringify(openapi.json().paths[settings.replace('portal', '{product}')].get)).not.toContain(
      'clientSecret',
    );
  });

  it('signs in an invited company-login user with the sealed secret; off hides it; deactivated is refused', async () => {
    const { app } = oidc;
    const w = await adminWorld();
    expect((await w.put(input())).statusCode).toBe(200);
    const email = `${uniq('firma')}@firma.example`;
    const invited = await w.call('admin', 'POST', '/api/data/portal/tenant-users', {
      email,
      firstName: 'Fiona',
      lastName: 'Firma',
      isInternal: false,
      salesOrgID: null,
      language: 'de',
      companySignInOnly: true,
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json()).toMatchObject({ isExternalLogin: true, status: 'invited' });
    await app.ctx.mailer.deliverDue(500);
    const mail = [...app.ctx.mailer.recent].reverse().find((m) => m.to === email);
    expect(mail?.text).toContain('/login');
    expect(mail?.text).not.toContain('/invitation/');

    const providers = (await app.inject({ url: '/api/account/oidc/providers' })).json();
    expect(providers).toContainEqual({
      tenantKey: w.tenant.tenant_key,
      name: w.tenant.name,
      label: 'Mit dem Celona-Konto anmelden',
    });

    oidc.accounts.set('fiona', { sub: 'fiona', email, email_verified: true });
    const first = await oidc.signInThroughIdp(w.tenant.tenant_key, 'fiona');
    expect(first.done.headers.location).toBe('/home/app/dash');

    await w.call('admin', 'POST', `/api/data/portal/tenant-users/${invited.json().userID}/deactivate`);
    const refused = await oidc.signInThroughIdp(w.tenant.tenant_key, 'fiona');
    expect(refused.done.headers.location).toBe('/login/external-refused?reason=deactivated');

    expect((await w.put(input({ clientSecret: '', enabled: false }))).statusCode).toBe(200);
    const after = (await app.inject({ url: '/api/account/oidc/providers' })).json();
    expect(after.map((p: { tenantKey: string }) => p.tenantKey)).not.toContain(w.tenant.tenant_key);
    const start = await app.inject({ url: `/api/account/oidc/start/${w.tenant.tenant_key}` });
    expect(start.headers.location).toBe('/login/external-refused?reason=no-provider');
  });

  it('tests the connection and says what is wrong', async () => {
    const w = await adminWorld();
    const connectionTest = (issuer: string) => w.call('admin', 'POST', `${settings}/test`, { issuer });
    const probe = (issuer: string) => connectionTest(issuer).then((r) => r.json());
    expect(await probe(oidc.issuer)).toEqual({ ok: true, message: 'ADMIN.CompanySignIn.TestResult.Ok' });
    expect((await probe(`${oidc.issuer}/`)).ok).toBe(true);
    expect(await probe(`${oidc.issuer}/elsewhere`)).toMatchObject({
      ok: false,
      message: 'ADMIN.CompanySignIn.TestResult.HttpStatus',
      detail: '404',
    });
    expect((await probe('http://login.example.com')).message).toBe('ADMIN.CompanySignIn.TestResult.NotHttps');
    expect((await probe('http://127.0.0.1:1')).message).toBe('ADMIN.CompanySignIn.TestResult.Unreachable');
    expect((await connectionTest('ftp://x')).statusCode).toBe(400);
  });
});
