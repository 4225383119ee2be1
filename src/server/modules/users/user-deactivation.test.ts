import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
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

  it('deactivation ends sessions at once and refuses sign-in; reactivation lets the user in again', async () => {
    const w = await world();
    const { call } = await signInActors(app, { external: w.external, internal: w.internal });
    expect((await call('external', 'GET', '/api/account/me')).statusCode).toBe(200);

    const res = await w.call('admin', 'POST', `${base}/${w.external.user_id}/deactivate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('deactivated');
    expect((await call('external', 'GET', '/api/account/me')).statusCode).toBe(401);
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
    const members = await call('internal', 'GET', `/api/data/portal/projects/${project.project_unit_id}/members`);
    expect(members.json().data).toEqual([expect.objectContaining({ userID: w.external.user_id, isActive: false })]);

    const filtered = await w.call('admin', 'GET', `${base}?$filter=${encodeURIComponent("status eq 'deactivated'")}`);
    expect(filtered.json().data.map((u: { userID: number }) => u.userID)).toEqual([w.external.user_id]);

    const back = await w.call('admin', 'POST', `${base}/${w.external.user_id}/reactivate`);
    expect(back.json().status).toBe('active');
    await signIn(app, w.external.login, TEST_PASSWORD);
  });

  it('an admin cannot deactivate themself nor take away the last admin', async () => {
    const w = await world();
    const self = await w.call('admin', 'POST', `${base}/${w.admin.user_id}/deactivate`);
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
    const last = await w.call('admin', 'PUT', `${base}/${w.admin.user_id}`, demote);
    expect(last.statusCode).toBe(409);
    expect(last.json().messages[0].message).toBe('ADMIN.Users.LastAdmin');

    // With a second admin the first may step down; the second then is the last one.
    const second = await createUser(w.db, w.tenant.tenant_id, { is_internal: true, is_admin: true });
    const ok = await w.call('admin', 'PUT', `${base}/${w.admin.user_id}`, demote);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ isAdmin: false, firstName: 'Ada' });
    const { call } = await signInActors(app, { second });
    const lastAgain = await call('second', 'PUT', `${base}/${second.user_id}`, demote);
    expect(lastAgain.statusCode).toBe(409);
  });

  it('two admins deactivating each other at once: one wins, one admin stays', async () => {
    const w = await world();
    const second = await createUser(w.db, w.tenant.tenant_id, { is_internal: true, is_admin: true });
    const { call } = await signInActors(app, { second });
    const [a, b] = await Promise.all([
      w.call('admin', 'POST', `${base}/${second.user_id}/deactivate`),
      call('second', 'POST', `${base}/${w.admin.user_id}/deactivate`),
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
      const body = invitation({ firstName: name, isInternal: name !== 'Carla' });
      expect((await w.call('admin', 'POST', base, body)).statusCode).toBe(200);
    }
    const get = (q: string) => w.call('admin', 'GET', `${base}?${q}`).then((r) => r.json());
    const search = await get(`$filter=${encodeURIComponent("contains(name,'bert') or contains(login,'bert')")}`);
    expect(search.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Berta']);
    const invitedExternal = await get(`$filter=${encodeURIComponent("status eq 'invited' and isInternal eq false")}`);
    expect(invitedExternal.data.map((u: { firstName: string }) => u.firstName)).toEqual(['Carla']);
    const page = await get('$top=2&$skip=2&$orderby=login');
    expect(page.count).toBe(6);
    expect(page.data).toHaveLength(2);
    expect((await get(`$filter=${encodeURIComponent('isExternalLogin eq true')}`)).count).toBe(0);
    expect((await w.call('admin', 'GET', `${base}?$filter=password_hash eq null`)).statusCode).toBe(400);
  });
});
