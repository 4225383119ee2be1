import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { signIn, xhr } from '../../test/app';
import { addMember, createProject, createUser } from '../../test/factories';
import { INVITATION_VALID_MS } from './invitations';
import { USER_CREATION_LIMITS } from './routes';
import { base, NEW_PASSWORD, userAdminApp } from './test-users';

describe('user administration', () => {
  let t: Awaited<ReturnType<typeof userAdminApp>>;
  let app: FastifyInstance;
  let clock: typeof t.clock;
  beforeAll(async () => {
    t = await userAdminApp();
    ({ app, clock } = t);
  });
  afterAll(() => app.close());
  const world = () => t.world();
  const invitation = (overrides?: Record<string, unknown>) => t.invitation(overrides);
  const lastLink = (to: string) => t.lastLink(to);
  const accept = (token: string, password?: string, confirm?: string) => t.accept(token, password, confirm);

  it('refuses non-admins with 403 and answers 404 for another tenant’s users', async () => {
    const w = await world();
    const other = await world();
    const { call } = await signInActors(app, { internal: w.internal, external: w.external });
    expect((await call('internal', 'GET', base)).statusCode).toBe(403);
    expect((await call('internal', 'POST', base, invitation())).statusCode).toBe(403);
    expect((await call('external', 'GET', `${base}/${w.internal.user_id}`)).statusCode).toBe(403);

    const foreign = other.internal.user_id;
    const requests = [
      { method: 'GET' as const, url: `${base}/${foreign}` },
      { method: 'POST' as const, url: `${base}/${foreign}/deactivate` },
      { method: 'POST' as const, url: `${base}/${foreign}/reactivate` },
      { method: 'POST' as const, url: `${base}/${foreign}/invitation` },
    ];
    for (const r of requests) {
      const res = await w.call('admin', r.method, r.url);
      expect(res.statusCode, r.url).toBe(404);
      expect(res.json().code).toBe('NotFound');
    }
    const put = await w.call('admin', 'PUT', `${base}/${foreign}`, {
      firstName: 'X',
      lastName: 'Y',
      isInternal: true,
      isAdmin: true,
      salesOrgID: null,
      language: 'de',
    });
    expect(put.statusCode).toBe(404);
    const after = await w.db.selectFrom('users').select('is_admin').where('user_id', '=', foreign).executeTakeFirst();
    expect(after?.is_admin).toBe(false);

    const list = (await w.call('admin', 'GET', base)).json();
    expect(list.count).toBe(3);
    expect(list.data.map((u: { userID: number }) => u.userID)).not.toContain(foreign);
  });

  it('invites by e-mail in the invitee’s language; the outbox copy has no usable link', async () => {
    const w = await world();
    const body = invitation({ salesOrgID: w.nord.sales_org_id });
    const res = await w.call('admin', 'POST', base, body);
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
    const bad = await w.call('admin', 'POST', base, invitation({ salesOrgID: other.nord.sales_org_id }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0].reference).toBe('salesOrgID');
    const dup = await w.call('admin', 'POST', base, invitation({ email: email.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().messages[0]).toMatchObject({ message: 'ADMIN.Users.LoginTaken', reference: 'email' });
  });

  it('a login of another tenant is answered like a new one; the person gets a notice, nobody is created', async () => {
    const w = await world();
    const other = await world();
    const fresh = await other.call('admin', 'POST', base, invitation());
    expect(fresh.statusCode).toBe(200);
    const elsewhere = await other.call('admin', 'POST', base, invitation({ email: w.internal.login.toUpperCase() }));
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
    const lookup = await other.call('admin', 'GET', `${base}/${answer.userID}`);
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
    const dupOwn = await w.call('admin', 'POST', base, invitation({ email: w.internal.login.toUpperCase() }));
    expect(dupOwn.statusCode).toBe(409);
    expect(dupOwn.json().messages[0]).toMatchObject({ message: 'ADMIN.Users.LoginTaken', reference: 'email' });
  });

  it('limits the users an admin creates per hour', async () => {
    const w = await world();
    for (let i = 0; i < USER_CREATION_LIMITS.perAdmin; i++) {
      const res = await w.call('admin', 'POST', base, invitation());
      expect(res.statusCode, res.body).toBe(200);
    }
    const refused = await w.call('admin', 'POST', base, invitation());
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // The same count for a member invitation from a project: one limit however users are created.
    const project = await createProject(w.db, w.tenant.tenant_id);
    await addMember(w.db, project.project_unit_id, w.admin.user_id, ['salesPlanner']);
    const viaProject = await w.call(
      'admin',
      'POST',
      `/api/data/portal/projects/${project.project_unit_id}/member-invitations`,
      {
        ...invitation(),
        memberRoleKeys: ['reviewer'],
      },
    );
    expect(viaProject.statusCode).toBe(429);
    clock.advance(60 * 60 * 1000);
    expect((await w.call('admin', 'POST', base, invitation())).statusCode).toBe(200);
  });

  it('the admin who invited sees the invitation as theirs and may copy its link; another admin may not', async () => {
    const w = await world();
    const second = await createUser(w.db, w.tenant.tenant_id, { is_admin: true, is_internal: true });
    const { call } = await signInActors(app, { second });
    const body = invitation();
    const created = await w.call('admin', 'POST', base, body);
    expect(created.statusCode).toBe(200);
    expect(created.json().invitationByMe).toBe(true);
    const id = created.json().userID as number;
    const invitationByMe = async (res: Promise<LightMyRequestResponse>) =>
      ((await res).json().data as { userID: number; invitationByMe: boolean }[]).find((u) => u.userID === id)
        ?.invitationByMe;
    expect(await invitationByMe(w.call('admin', 'GET', `${base}?$top=100`))).toBe(true);
    expect(await invitationByMe(call('second', 'GET', `${base}?$top=100`))).toBe(false);
    expect((await w.call('admin', 'POST', `${base}/${id}/invitation-link`)).statusCode).toBe(200);
    expect((await call('second', 'POST', `${base}/${id}/invitation-link`)).statusCode).toBe(403);
  });

  it('the link sets the password with the profile rules, works once and then signs in', async () => {
    const w = await world();
    const body = invitation();
    expect((await w.call('admin', 'POST', base, body)).statusCode).toBe(200);
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

    const list = await w.call('admin', 'GET', `${base}?$filter=${encodeURIComponent(`login eq '${email}'`)}`);
    expect(list.json().data[0]).toMatchObject({ status: 'active', invitationExpiresAt: null });
    // Accepted: nothing left to resend.
    const resend = await w.call('admin', 'POST', `${base}/${list.json().data[0].userID}/invitation`);
    expect(resend.statusCode).toBe(409);
  });

  it('expires after 7 days; a resent invitation replaces the old link', async () => {
    const w = await world();
    const body = invitation();
    const user = (await w.call('admin', 'POST', base, body)).json();
    const email = (body.email as string).toLowerCase();
    const first = (await lastLink(email)).token;

    clock.advance(INVITATION_VALID_MS + 1000);
    expect((await accept(first)).statusCode).toBe(400);

    // The admin's first session has expired meanwhile.
    const { call } = await signInActors(app, { admin: w.admin });
    const resent = await call('admin', 'POST', `${base}/${user.userID}/invitation`);
    expect(resent.statusCode).toBe(200);
    const second = (await lastLink(email)).token;
    expect(second).not.toBe(first);
    expect((await accept(first)).statusCode).toBe(400);
    expect((await accept(second)).statusCode).toBe(200);
  });
});
