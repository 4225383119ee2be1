import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import {
  addMember,
  createProject,
  createSalesOrg,
  createUser,
  createWorld,
  TEST_PASSWORD,
  uniq,
} from '../../test/factories';
import { INVITATION_VALID_MS } from './invitations';
import { USER_CREATION_LIMITS } from './routes';
import { present } from '../../../shared/present';

const base = '/api/data/portal/tenant-users';
const NEW_PASSWORD = 'Neu-Passw0rt';

describe('user administration', () => {
  const clock = createManualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    // e2eReset keeps the unredacted mails in memory, where the tests read the links.
    app = await createTestApp({ clock, config: { e2eReset: true } });
  });
  afterAll(() => app.close());

  async function world() {
    const db = await getTestDatabase();
    const w = await createWorld(db);
    const nord = await createSalesOrg(db, w.tenant.tenant_id, { key: uniq('NORD'), title: 'Vertrieb Nord' });
    const cookie = await signIn(app, w.admin.login, TEST_PASSWORD);
    return { ...w, db, nord, cookie };
  }

  const invitation = (overrides: Record<string, unknown> = {}) => ({
    email: `${uniq('neu')}@Kunde.example`,
    firstName: 'Nora',
    lastName: 'Neu',
    isInternal: false,
    salesOrgID: null,
    language: 'en',
    ...overrides,
  });

  async function invite(cookie: string, body: Record<string, unknown>) {
    return app.inject({ method: 'POST', url: base, headers: { ...xhr, cookie }, payload: body });
  }

  async function lastLink(to: string): Promise<{ link: string; token: string; subject: string; text: string }> {
    await app.ctx.mailer.deliverDue(500);
    const mail = [...app.ctx.mailer.recent].reverse().find((m) => m.to === to);
    if (!mail) throw new Error(`no mail to ${to}`);
    const m = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text);
    if (!m) throw new Error('no invitation link');
    return { link: m[0], token: present(m[1]), subject: mail.subject, text: mail.text };
  }

  const accept = (token: string, password = NEW_PASSWORD, confirm = password) =>
    app.inject({
      method: 'POST',
      url: '/api/account/invitation/accept',
      headers: xhr,
      payload: { token, newPassword: password, confirmNewPassword: confirm },
    });

  it('refuses non-admins with 403 and answers 404 for another tenant’s users', async () => {
    const w = await world();
    const other = await world();
    const internal = await signIn(app, w.internal.login, TEST_PASSWORD);
    expect((await app.inject({ url: base, headers: { cookie: internal } })).statusCode).toBe(403);
    expect((await invite(internal, invitation())).statusCode).toBe(403);
    const external = await signIn(app, w.external.login, TEST_PASSWORD);
    expect((await app.inject({ url: `${base}/${w.internal.user_id}`, headers: { cookie: external } })).statusCode).toBe(
      403,
    );

    const foreign = other.internal.user_id;
    const requests = [
      { method: 'GET' as const, url: `${base}/${foreign}` },
      { method: 'POST' as const, url: `${base}/${foreign}/deactivate` },
      { method: 'POST' as const, url: `${base}/${foreign}/reactivate` },
      { method: 'POST' as const, url: `${base}/${foreign}/invitation` },
    ];
    for (const r of requests) {
      const res = await app.inject({ ...r, headers: { ...xhr, cookie: w.cookie } });
      expect(res.statusCode, r.url).toBe(404);
      expect(res.json().code).toBe('NotFound');
    }
    const put = await app.inject({
      method: 'PUT',
      url: `${base}/${foreign}`,
      headers: { ...xhr, cookie: w.cookie },
      payload: { firstName: 'X', lastName: 'Y', isInternal: true, isAdmin: true, salesOrgID: null, language: 'de' },
    });
    expect(put.statusCode).toBe(404);
    const after = await w.db.selectFrom('users').select('is_admin').where('user_id', '=', foreign).executeTakeFirst();
    expect(after?.is_admin).toBe(false);

    const list = (await app.inject({ url: base, headers: { cookie: w.cookie } })).json();
    expect(list.count).toBe(3);
    expect(list.data.map((u: { userID: number }) => u.userID)).not.toContain(foreign);
  });

  it('invites by e-mail in the invitee’s language; the outbox copy has no usable link', async () => {
    const w = await world();
    const body = invitation({ salesOrgID: w.nord.sales_org_id });
    const res = await invite(w.cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    const user = res.json();
    const email = (body.email as string).toLowerCase();
    expect(user).toMatchObject({ login: email, status: 'invited', isInternal: false, salesOrgID: w.nord.sales_org_id });
    expect(new Date(user.invitationExpiresAt).getTime()).toBe(clock.now().getTime() + INVITATION_VALID_MS);

    const mail = await lastLink(email);
    expect(mail.subject).toContain('Test Tenant');
    expect(mail.text).toContain('Hello Nora Neu');
    const outbox = await w.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(outbox.text_body).not.toContain(mail.token);
    expect(outbox.text_body).toContain('/invitation/[…]');

    // Unknown sales organisation (another tenant's) and a login taken in other letter case.
    const other = await world();
    const bad = await invite(w.cookie, invitation({ salesOrgID: other.nord.sales_org_id }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].reference).toBe('salesOrgID');
    const dup = await invite(w.cookie, invitation({ email: email.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages[0]).toMatchObject({ message: 'ADMIN.Users.LoginTaken', reference: 'email' });
  });

  it('a login of another tenant is answered like a new one; the person gets a notice, nobody is created', async () => {
    const w = await world();
    const other = await world();
    const fresh = await invite(other.cookie, invitation());
    expect(fresh.statusCode).toBe(200);
    const elsewhere = await invite(other.cookie, invitation({ email: w.internal.login.toUpperCase() }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    const answer = elsewhere.json();
    // The same fields, kinds and values as for a new person.
    expect(Object.keys(answer).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(answer).toMatchObject({ login: w.internal.login.toLowerCase(), status: 'invited', isExternalLogin: false });
    expect(answer.userID).toBeGreaterThan(fresh.json().userID);
    expect(new Date(answer.invitationExpiresAt).getTime()).toBe(clock.now().getTime() + INVITATION_VALID_MS);
    // Nobody new: the login is still the one user of the first tenant, and the id answers 404.
    const holders = await w.db
      .selectFrom('users')
      .select(['user_id', 'tenant_id'])
      .where(sql<string>`lower(login)`, '=', w.internal.login.toLowerCase())
      .execute();
    expect(holders).toEqual([{ user_id: w.internal.user_id, tenant_id: w.tenant.tenant_id }]);
    const lookup = await app.inject({ url: `${base}/${answer.userID}`, headers: { cookie: other.cookie } });
    expect(lookup.statusCode).toBe(404);
    // The person is told, in a mail of no tenant (neither admin's outbox shows it), without a link to set a password.
    const notices = await w.db
      .selectFrom('mail_outbox')
      .select(['tenant_id', 'subject', 'text_body'])
      .where('recipient', '=', w.internal.email ?? w.internal.login)
      .execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]?.tenant_id).toBeNull();
    expect(notices[0]?.text_body).not.toContain('/invitation/');
    expect(notices[0]?.text_body).toContain(other.tenant.name);

    // Within the tenant a duplicate still says so: the admin sees those users anyway.
    const dupOwn = await invite(w.cookie, invitation({ email: w.internal.login.toUpperCase() }));
    expect(dupOwn.statusCode).toBe(409);
    expect(dupOwn.json().messages[0]).toMatchObject({ message: 'ADMIN.Users.LoginTaken', reference: 'email' });
  });

  it('limits the users an admin creates per hour', async () => {
    const w = await world();
    for (let i = 0; i < USER_CREATION_LIMITS.perAdmin; i++) {
      const res = await invite(w.cookie, invitation());
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await invite(w.cookie, invitation());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The same count for a member invitation from a project: one limit however users are created.
    const project = await createProject(w.db, w.tenant.tenant_id);
    await addMember(w.db, project.project_unit_id, w.admin.user_id, ['salesPlanner']);
    const viaProject = await app.inject({
      method: 'POST',
      url: `/api/data/portal/projects/${project.project_unit_id}/member-invitations`,
      headers: { ...xhr, cookie: w.cookie },
      payload: { ...invitation(), memberRoleKeys: ['reviewer'] },
    });
    expect(viaProject.statusCode).toBe(429);
    clock.advance(60 * 60 * 1000);
    expect((await invite(w.cookie, invitation())).statusCode).toBe(200);
  });

  it('the admin who invited sees the invitation as theirs and may copy its link; another admin may not', async () => {
    const w = await world();
    const second = await createUser(w.db, w.tenant.tenant_id, { is_admin: true, is_internal: true });
    const secondCookie = await signIn(app, second.login, TEST_PASSWORD);
    const body = invitation();
    const created = await invite(w.cookie, body);
    expect(created.statusCode).toBe(200);
    expect(created.json().invitationByMe).toBe(true);
    const id = created.json().userID as number;
    const listed = async (cookie: string) =>
      (
        (await app.inject({ method: 'GET', url: `${base}?$top=100`, headers: { cookie } })).json().data as {
          userID: number;
          invitationByMe: boolean;
        }[]
      ).find((u) => u.userID === id)?.invitationByMe;
    expect(await listed(w.cookie)).toBe(true);
    expect(await listed(secondCookie)).toBe(false);
    const copy = (cookie: string) =>
      app.inject({ method: 'POST', url: `${base}/${id}/invitation-link`, headers: { ...xhr, cookie } });
    expect((await copy(w.cookie)).statusCode).toBe(200);
    expect((await copy(secondCookie)).statusCode).toBe(403);
  });

  it('the link sets the password with the profile rules, works once and then signs in', async () => {
    const w = await world();
    const body = invitation();
    expect((await invite(w.cookie, body)).statusCode).toBe(200);
    const email = (body.email as string).toLowerCase();
    const { token } = await lastLink(email);

    const info = await app.inject({
      method: 'POST',
      url: '/api/account/invitation/info',
      headers: xhr,
      payload: { token },
    });
    expect(info.json()).toEqual({ login: email, firstName: 'Nora', tenantName: 'Test Tenant' });

    const weak = await accept(token, 'abc');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages[0]).toMatchObject({ reference: 'newPassword' });
    expect((await accept(token, NEW_PASSWORD, 'Other-Passw0rd')).statusCode).toBe(400);

    expect((await accept(token)).statusCode).toBe(200);
    await signIn(app, body.email as string, NEW_PASSWORD);
    const reuse = await accept(token, 'Noch-ein-Passw0rt');
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().messages[0].message).toBe('ACCOUNT.Invitation.InvalidLink');
    await signIn(app, email, NEW_PASSWORD);
    // A cut-off link says "invalid link", not a length rule nobody typed.
    for (const short of [token.slice(0, 10), 'x'.repeat(201)]) {
      const cut = await app.inject({
        method: 'POST',
        url: '/api/account/invitation/info',
        headers: xhr,
        payload: { token: short },
      });
      expect(cut.statusCode).toBe(400);
      expect(cut.json().messages[0]).toMatchObject({ reference: 'token', message: 'ACCOUNT.Invitation.InvalidLink' });
      expect((await accept(short)).json().messages[0].message).toBe('ACCOUNT.Invitation.InvalidLink');
    }

    const list = await app.inject({
      url: `${base}?$filter=${encodeURIComponent(`login eq '${email}'`)}`,
      headers: { cookie: w.cookie },
    });
    expect(list.json().data[0]).toMatchObject({ status: 'active', invitationExpiresAt: null });
    // Accepted: nothing left to resend.
    const resend = await app.inject({
      method: 'POST',
      url: `${base}/${list.json().data[0].userID}/invitation`,
      headers: { ...xhr, cookie: w.cookie },
    });
    expect(resend.statusCode).toBe(409);
  });

  it('expires after 7 days; a resent invitation replaces the old link', async () => {
    const w = await world();
    const body = invitation();
    const user = (await invite(w.cookie, body)).json();
    const email = (body.email as string).toLowerCase();
    const first = (await lastLink(email)).token;

    clock.advance(INVITATION_VALID_MS + 1000);
    expect((await accept(first)).statusCode).toBe(400);

    const cookie = await signIn(app, w.admin.login, TEST_PASSWORD);
    const resent = await app.inject({
      method: 'POST',
      url: `${base}/${user.userID}/invitation`,
      headers: { ...xhr, cookie },
    });
    expect(resent.statusCode).toBe(200);
    const second = (await lastLink(email)).token;
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
  });

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
