import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, xhr } from '../../test/app';
import { addMember, createProject, createUser, TEST_PASSWORD } from '../../test/factories';
import { base, userAdminApp } from './test-users';

describe('user administration', () => {
  let t: Awaited<ReturnType<typeof userAdminApp>>;
  let app: FastifyInstance;
  beforeAll(async () => {
    t = await userAdminApp();
    ({ app } = t);
  });
  afterAll(() => app.close());
  const world = () => t.world();
  const invitation = (overrides?: Record<string, unknown>) => t.invitation(overrides);
  const invite = (cookie: string, body: Record<string, unknown>) => t.invite(cookie, body);

  it('deactivation ends sessions at once and refuses sign-in; reactivation lets the user in again', async () => {
    const w = await world();
    const userCookie = await signIn(app, w.external.login, TEST_PASSWORD);
    expect((await app.inject({ url: '/api/account/me', headers: { cookie: userCookie } })).statusCode).toBe(200);

    const res = await app.inject({
      method: 'POST',
      url: `${base}/${w.external.user_id}/deactivate`,
      headers: { ...xhr, cookie: w.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('deactivated');
    expect((await app.inject({ url: '/api/account/me', headers: { cookie: userCookie } })).statusCode).toBe(401);
    const sessions = await w.db
      .selectFrom('sessions')
      .select('session_id')
      .where('user_id', '=', w.external.user_id)
      .execute();
    expect(sessions).toEqual([]);

    const refused = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: xhr,
      payload: { login: w.external.login, password: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages[0].message).toBe('ERRORMESSAGES.AccountDeactivated');
    // A wrong password still says only that the credentials are wrong.
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: xhr,
      payload: { login: w.external.login, password: 'Wrong-Passw0rd' },
    });
    expect(wrong.statusCode).toBe(401);

    const project = await createProject(w.db, w.tenant.tenant_id);
    await addMember(w.db, project.project_unit_id, w.external.user_id, ['reviewer']);
    const internalCookie = await signIn(app, w.internal.login, TEST_PASSWORD);
    const members = await app.inject({
      url: `/api/data/portal/projects/${project.project_unit_id}/members`,
      headers: { cookie: internalCookie },
    });
    expect(members.json().data).toEqual([expect.objectContaining({ userID: w.external.user_id, isActive: false })]);

    const filtered = await app.inject({
      url: `${base}?$filter=${encodeURIComponent("status eq 'deactivated'")}`,
      headers: { cookie: w.cookie },
    });
    expect(filtered.json().data.map((u: { userID: number }) => u.userID)).toEqual([w.external.user_id]);

    const back = await app.inject({
      method: 'POST',
      url: `${base}/${w.external.user_id}/reactivate`,
      headers: { ...xhr, cookie: w.cookie },
    });
    expect(back.json().status).toBe('active');
    await signIn(app, w.external.login, TEST_PASSWORD);
  });

  it('an admin cannot deactivate themself nor take away the last admin', async () => {
    const w = await world();
    const self = await app.inject({
      method: 'POST',
      url: `${base}/${w.admin.user_id}/deactivate`,
      headers: { ...xhr, cookie: w.cookie },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().messages[0].message).toBe('ADMIN.Users.NotSelf');

    const demote = {
      firstName: 'Ada',
      lastName: 'Admin',
      isInternal: true,
      isAdmin: false,
      salesOrgID: null,
      language: 'de',
    };
    const last = await app.inject({
      method: 'PUT',
      url: `${base}/${w.admin.user_id}`,
      headers: { ...xhr, cookie: w.cookie },
      payload: demote,
    });
    expect(last.statusCode).toBe(409);
    expect(last.json().messages[0].message).toBe('ADMIN.Users.LastAdmin');

    // With a second admin the first may step down; the second then is the last one.
    const second = await createUser(w.db, w.tenant.tenant_id, { is_internal: true, is_admin: true });
    const ok = await app.inject({
      method: 'PUT',
      url: `${base}/${w.admin.user_id}`,
      headers: { ...xhr, cookie: w.cookie },
      payload: demote,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ isAdmin: false, firstName: 'Ada' });
    const secondCookie = await signIn(app, second.login, TEST_PASSWORD);
    const lastAgain = await app.inject({
      method: 'PUT',
      url: `${base}/${second.user_id}`,
      headers: { ...xhr, cookie: secondCookie },
      payload: demote,
    });
    expect(lastAgain.statusCode).toBe(409);
  });

  it('two admins deactivating each other at once: one wins, one admin stays', async () => {
    const w = await world();
    const second = await createUser(w.db, w.tenant.tenant_id, { is_internal: true, is_admin: true });
    const secondCookie = await signIn(app, second.login, TEST_PASSWORD);
    const [a, b] = await Promise.all([
      app.inject({
        method: 'POST',
        url: `${base}/${second.user_id}/deactivate`,
        headers: { ...xhr, cookie: w.cookie },
      }),
      app.inject({
        method: 'POST',
        url: `${base}/${w.admin.user_id}/deactivate`,
        headers: { ...xhr, cookie: secondCookie },
      }),
    ]);
    // The loser is either refused as the last admin, or already signed out by the winner.
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const active = await w.db
      .selectFrom('users')
      .select('user_id')
      .where('tenant_id', '=', w.tenant.tenant_id)
      .where('is_admin', '=', true)
      .where('deactivated_at', 'is', null)
      .execute();
    expect(active).toHaveLength(1);
  });

  it('lists with search, filters and paging', async () => {
    const w = await world();
    for (const name of ['Anton', 'Berta', 'Carla']) {
      expect((await invite(w.cookie, invitation({ firstName: name, isInternal: name !== 'Carla' }))).statusCode).toBe(
        200,
      );
    }
    const get = (q: string) => app.inject({ url: `${base}?${q}`, headers: { cookie: w.cookie } }).then((r) => r.json());
    const search = await get(`$filter=${encodeURIComponent("contains(name,'bert') or contains(login,'bert')")}`);
    expect(search.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Berta']);
    const invitedExternal = await get(`$filter=${encodeURIComponent("status eq 'invited' and isInternal eq false")}`);
    expect(invitedExternal.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Carla']);
    const page = await get('$top=2&$skip=2&$orderby=login');
    expect(page.count).toBe(6);
    expect(page.data).toHaveLength(2);
    expect((await get(`$filter=${encodeURIComponent('isExternalLogin eq true')}`)).count).toBe(0);
    expect(
      (await app.inject({ url: `${base}?$filter=password_hash eq null`, headers: { cookie: w.cookie } })).statusCode,
    ).toBe(400);
  });
});
