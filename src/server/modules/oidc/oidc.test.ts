import { describe, expect, it } from 'vitest';
import { callAs } from '../../test/actors';
import { useOidcProvider } from './test-oidc';

describe('external sign-in (OpenID Connect) against a real provider', () => {
  const oidc = useOidcProvider();
  const { accounts, tenantWithOidc, signInThroughIdp } = oidc;

  it('lists the tenants with a provider and refuses an unknown one', async () => {
    const { tenant } = await tenantWithOidc();
    const list = (await oidc.app.inject({ url: '/api/account/oidc/providers' })).json();
    expect(list).toContainEqual({ tenantKey: tenant.tenant_key, name: tenant.name, label: null });
    const unknown = await oidc.app.inject({ url: '/api/account/oidc/start/no-such-tenant' });
    expect(unknown.headers.location).toBe('/login/external-refused?reason=no-provider');
  });

  it('links the first sign-in by verified e-mail, then signs in by subject', async () => {
    const { db, tenant, newcomer: user } = await tenantWithOidc();
    accounts.set('idp-user-1', { sub: 'idp-user-1', email: user.email!.toUpperCase(), email_verified: true });

    const { done } = await signInThroughIdp(tenant.tenant_key, 'idp-user-1');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/home/app/dash');
    const cookies = ([] as string[]).concat(done.headers['set-cookie'] ?? []);
    const session = cookies.find((c) => c.startsWith('planport_session='))!.split(';')[0];
    expect(session).toMatch(/^planport_session=[A-Za-z0-9_-]{43}$/);
    const me = await callAs(oidc.app, { sso: session ?? '' })('sso', 'GET', '/api/account/me');
    expect(me.json()).toMatchObject({ userID: user.user_id, isExternalLogin: true });
    const row = await db
      .selectFrom('users')
      .select('external_subject')
      .where('user_id', '=', user.user_id)
      .executeTakeFirstOrThrow();
    expect(row.external_subject).toBe('idp-user-1');

    // Later sign-ins go by subject, even with another e-mail at the provider.
    accounts.set('idp-user-1', { sub: 'idp-user-1', email: 'changed@elsewhere.test', email_verified: true });
    const again = await signInThroughIdp(tenant.tenant_key, 'idp-user-1');
    expect(again.done.headers.location).toBe('/home/app/dash');
  });
});
