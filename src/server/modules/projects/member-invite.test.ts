import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { callAs, signInActors } from '../../test/actors';
import { createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createSalesOrg, createUser, createWorld, uniq } from '../../test/factories';
import { base, defaultFeatures } from './test-world';
import { present } from '../../../shared/present';

const PASSWORD = 'Willkommen-2026';

describe('inviting a new user from a project', () => {
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  let app: FastifyInstance;
  beforeAll(async () => {
    // e2eReset keeps the unredacted mails in memory, where the tests read the links.
    app = await createTestApp({ clock, config: { e2eReset: true } });
  });
  afterAll(() => app.close());

  /** A tenant with a sales planner's project, an external reviewer in it, an outsider and another tenant. */
  async function world() {
    const db = await getTestDatabase();
    const w = await createWorld(db, defaultFeatures);
    const tenantId = w.tenant.tenant_id;
    const salesOrg = await createSalesOrg(db, tenantId);
    const planner = await createUser(db, tenantId, {
      is_internal: true,
      role_keys: ['salesPlanner'],
      first_name: 'Paula',
      last_name: 'Planer',
      sales_org_id: salesOrg.sales_org_id,
    });
    const reviewer = await createUser(db, tenantId, { role_keys: ['reviewer'] });
    const outsider = await createUser(db, tenantId);
    const other = await createWorld(db, defaultFeatures);
    const otherPlanner = await createUser(db, other.tenant.tenant_id, {
      is_internal: true,
      role_keys: ['salesPlanner'],
    });
    const actors = {
      planner,
      reviewer,
      outsider,
      internal: w.internal,
      admin: w.admin,
      otherPlanner,
      otherAdmin: other.admin,
    };
    const { call } = await signInActors(app, actors);
    const created = await call('planner', 'POST', `${base}/root-projects`, {
      title: uniq('Wohnpark'),
      salesOrgID: salesOrg.sales_org_id,
      members: [{ userID: reviewer.user_id, memberRoleKeys: ['reviewer'] }],
    });
    expect(created.statusCode).toBe(200);
    const project = created.json() as { projectUnitID: number; projectUnitNo: string };
    const usersWith = (email: string) =>
      db
        .selectFrom('users')
        .selectAll()
        .where(sql<string>`lower(login)`, '=', email.toLowerCase())
        .execute();
    return { db, ...w, other, planner, reviewer, outsider, call, project, usersWith };
  }

  const invitation = (overrides: Record<string, unknown> = {}) => ({
    email: `${uniq('nina')}@Kunde.example`,
    firstName: 'Nina',
    lastName: 'Neu',
    isInternal: false,
    language: 'en',
    memberRoleKeys: ['reviewer', 'process planner'],
    ...overrides,
  });

  // The outbox worker hands the queued mails to the transport; then they are in `recent`.
  const mailsTo = async (to: string) => {
    await app.ctx.mailer.deliverDue(500);
    return app.ctx.mailer.recent.filter((m) => m.to === to);
  };
  const tokenOf = (text: string) => /\/invitation\/([A-Za-z0-9_-]+)/.exec(text)?.[1];
  const accept = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/account/invitation/accept',
      headers: xhr,
      payload: { token, newPassword: PASSWORD, confirmNewPassword: PASSWORD },
    });

  it('creates the user, makes them a member with the roles and their task, journals and mails once in their language', async () => {
    const w = await world();
    const id = w.project.projectUnitID;
    const body = invitation({ isAdmin: true });
    const res = await w.call('planner', 'POST', `${base}/projects/${id}/member-invitations`, body);
    expect(res.statusCode).toBe(200);
    const email = body.email.toLowerCase();
    const row = present((await w.usersWith(email))[0], 'the invited user');
    expect(res.json()).toEqual({ userID: row.user_id });
    // An invitee never becomes an admin nor gets roles in the tenant (those decide who creates projects).
    expect(row).toMatchObject({
      tenant_id: w.tenant.tenant_id,
      login: email,
      email,
      password_hash: null,
      is_internal: false,
      is_admin: false,
      role_keys: [],
      language: 'en',
      sales_org_id: null,
    });

    const members = (await w.call('planner', 'GET', `${base}/projects/${id}/members`)).json().data as {
      userID: number;
      memberRoleKeys: string[];
    }[];
    expect(members.find((m) => m.userID === row.user_id)?.memberRoleKeys).toEqual(['reviewer', 'process planner']);
    // The processor side holds the Structuring task.
    const tasks = await w.db
      .selectFrom('tasks')
      .select(['user_id', 'task_key'])
      .where('project_unit_id', '=', id)
      .where('closed_at', 'is', null)
      .execute();
    expect(tasks).toContainEqual({ user_id: row.user_id, task_key: 'Structuring' });

    const journal = await w.db
      .selectFrom('project_unit_journal')
      .select(['content_json', 'user_id'])
      .where('root_project_unit_id', '=', id)
      .orderBy('project_units_journal_id', 'desc')
      .executeTakeFirstOrThrow();
    expect(journal.user_id).toBe(w.planner.user_id);
    expect(journal.content_json.additionalMessage).toBe(
      `Eingeladen und hinzugefügt: Nina Neu, ${email} (Prüfer, Verarbeiter)`,
    );

    // One mail: the invitation, in English, naming the project, the inviting person and the roles.
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const mail = present(mails[0], 'the invitation mail');
    expect(mail.subject).toBe(
      `Invitation to project ${w.project.projectUnitNo} ${await titleOf(w, id)} – ${w.tenant.name}`,
    );
    expect(mail.text).toContain('Hello Nina Neu,');
    expect(mail.text).toContain(`Paula Planer has added you to project ${w.project.projectUnitNo}`);
    expect(mail.text).toContain('Your roles: Reviewer, Contractor.');
    expect(mail.text).toContain(`/home/app/project/details/${id}`);
    // The project's link follows the sign-in link, before the closing line.
    expect(mail.text.indexOf('/invitation/')).toBeLessThan(mail.text.indexOf('/home/app/project/details/'));
    expect(mail.text.indexOf('/home/app/project/details/')).toBeLessThan(mail.text.indexOf('If you did not expect'));
    const token = tokenOf(mail.text);
    expect(token).toBeDefined();
    const outbox = await w.db
      .selectFrom('mail_outbox')
      .select('text_body')
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(outbox.text_body).not.toContain(token);
    expect(outbox.text_body).toContain(`/home/app/project/details/${id}`);

    // Before accepting, the invitee is "invited" on the admin page; the link sets the password once.
    const listed = await w.call('admin', 'GET', `/api/data/portal/tenant-users/${row.user_id}`);
    expect(listed.json()).toMatchObject({ status: 'invited', isInternal: false });
    expect((await accept(token!)).statusCode).toBe(200);
    expect((await accept(token!)).statusCode).toBe(400);
    const call = callAs(app, { invitee: await signIn(app, email, PASSWORD) });
    const project = await call('invitee', 'GET', `${base}/projects/${id}`);
    expect(project.statusCode).toBe(200);
    const myTasks = await call('invitee', 'GET', '/api/tasks');
    expect(JSON.stringify(myTasks.json())).toContain('Structuring');
  });

  async function titleOf(w: Awaited<ReturnType<typeof world>>, id: number) {
    const row = await w.db
      .selectFrom('project_units')
      .select('title')
      .where('project_unit_id', '=', id)
      .executeTakeFirstOrThrow();
    return row.title;
  }

  it('without a mail server the inviter hands the invitation on: copy the link (a new copy ends the old one) or send it again', async () => {
    const w = await world();
    const id = w.project.projectUnitID;
    const body = invitation();
    const invited = (await w.call('planner', 'POST', `${base}/projects/${id}/member-invitations`, body)).json()
      .userID as number;
    const byMe = async (actor: 'planner' | 'admin') =>
      (
        (await w.call(actor, 'GET', `${base}/projects/${id}/members`)).json().data as {
          userID: number;
          invitationByMe?: boolean;
        }[]
      ).find((m) => m.userID === invited)?.invitationByMe;
    expect(await byMe('planner')).toBe(true);
    expect(await byMe('admin')).toBe(false);

    const copy = (actor: 'planner' | 'admin' | 'internal' | 'otherAdmin') =>
      w.call(actor, 'POST', `${base}/tenant-users/${invited}/invitation-link`);
    // Only the person who invited: not another colleague, not even an admin; another tenant does not find the user.
    expect((await copy('internal')).json()).toMatchObject({
      status: 403,
      messages: [{ message: 'ACCOUNT.Invitation.OnlyInviter' }],
    });
    expect((await copy('admin')).statusCode).toBe(403);
    expect((await copy('otherAdmin')).statusCode).toBe(404);

    const first = await copy('planner');
    expect(first.statusCode).toBe(200);
    const firstToken = present(tokenOf(first.json().link), 'a link with a token');
    expect(first.json().link.startsWith(app.ctx.config.publicUrl.replace(/\/$/, ''))).toBe(true);
    expect(first.json().validUntil).toBe('2026-11-28T10:00:00.000Z');
    const info = (token: string) =>
      app.inject({ method: 'POST', url: '/api/account/invitation/info', headers: xhr, payload: { token } });
    expect((await info(firstToken)).statusCode).toBe(200);
    const second = present(tokenOf((await copy('planner')).json().link), 'a second link');
    expect((await info(firstToken)).statusCode).toBe(400);

    // Send again: the inviter may, though not an admin; the mail goes to the invited person.
    const before = (await mailsTo(body.email.toLowerCase())).length;
    expect((await w.call('planner', 'POST', `${base}/tenant-users/${invited}/invitation`)).statusCode).toBe(200);
    expect((await w.call('internal', 'POST', `${base}/tenant-users/${invited}/invitation`)).statusCode).toBe(403);
    const mails = await mailsTo(body.email.toLowerCase());
    expect(mails.length).toBe(before + 1);
    const mailed = present(tokenOf(present(mails.at(-1), 'the mail').text), 'the mailed link');
    expect((await info(second)).statusCode).toBe(400);

    expect((await accept(mailed)).statusCode).toBe(200);
    // Signed up: nothing left to hand on.
    expect(await byMe('planner')).toBe(false);
    expect((await copy('planner')).json()).toMatchObject({
      status: 409,
      messages: [{ message: 'ADMIN.Users.NotInvited' }],
    });
  });

  it('an internal invitee in German; the link expires after 7 days', async () => {
    const w = await world();
    const id = w.project.projectUnitID;
    const body = invitation({ isInternal: true, language: 'de', memberRoleKeys: ['drafter'] });
    expect((await w.call('internal', 'POST', `${base}/projects/${id}/member-invitations`, body)).statusCode).toBe(200);
    const email = body.email.toLowerCase();
    const row = present((await w.usersWith(email))[0], 'the invited user');
    expect(row).toMatchObject({ is_internal: true, is_admin: false, language: 'de' });
    const mail = present((await mailsTo(email))[0], 'the invitation mail');
    expect(mail.subject).toMatch(/^Einladung zum Projekt \d{4}-\d{4} /);
    expect(mail.text).toContain('Ihre Rollen: Zeichner.');
    expect(mail.text).toContain('Nach der Anmeldung finden Sie das Projekt hier:');
    clock.advance(7 * 24 * 60 * 60 * 1000 + 1000);
    try {
      expect((await accept(tokenOf(mail.text)!)).statusCode).toBe(400);
    } finally {
      clock.set(new Date('2026-11-21T10:00:00Z'));
    }
  });

  it('access: external members 403, non-members and other tenants 404, child units 404; nothing created or sent', async () => {
    const w = await world();
    const id = w.project.projectUnitID;
    const sub = (
      await w.call('planner', 'POST', `${base}/projects`, {
        parentProjectUnitID: id,
        projectUnitType: 'subproject',
        title: 'Haus A',
      })
    ).json().projectUnitID as number;
    const attempts = [
      ['reviewer', id, 403],
      ['outsider', id, 404],
      ['otherPlanner', id, 404],
      ['otherAdmin', id, 404],
      ['planner', sub, 404],
      ['planner', 999999999, 404],
    ] as const;
    for (const [who, target, status] of attempts) {
      const body = invitation();
      const res = await w.call(who, 'POST', `${base}/projects/${target}/member-invitations`, body);
      expect(res.statusCode, `${who} → ${target}`).toBe(status);
      expect(res.json().code).toBe(status === 403 ? 'NotAllowed' : 'NotFound');
      expect(await w.usersWith(body.email)).toHaveLength(0);
      expect(await mailsTo(body.email.toLowerCase())).toHaveLength(0);
    }
  });

  it('refuses a known address of the tenant in any letter case and bad input, creating nothing', async () => {
    const w = await world();
    const id = w.project.projectUnitID;
    const invite = (body: Record<string, unknown>) =>
      w.call('planner', 'POST', `${base}/projects/${id}/member-invitations`, body);
    const membersBefore = (await w.call('planner', 'GET', `${base}/projects/${id}/members`)).json().data.length;
    const res = await invite(invitation({ email: w.outsider.login.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'Conflict',
      messages: [{ message: 'ADMIN.Users.LoginTaken', reference: 'email' }],
    });
    // Another tenant's login is answered like a new one: nobody is created or added, the person is told.
    const elsewhere = await invite(invitation({ email: w.other.external.login.toUpperCase() }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect(Object.keys(elsewhere.json())).toEqual(['userID']);
    expect(await w.usersWith(w.other.external.login)).toHaveLength(1);
    const notice = await w.db
      .selectFrom('mail_outbox')
      .select(['tenant_id', 'text_body'])
      .where('recipient', '=', w.other.external.email ?? w.other.external.login)
      .execute();
    expect(notice.map((m) => m.tenant_id)).toEqual([null]);
    expect(notice[0]?.text_body).not.toContain('/invitation/');
    const bad = [
      invitation({ email: 'kein-mail' }),
      invitation({ memberRoleKeys: [] }),
      invitation({ memberRoleKeys: ['boss'] }),
      invitation({ firstName: ' ' }),
      invitation({ language: 'fr' }),
    ];
    for (const body of bad) {
      const res = await invite(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('ValidationFailed');
      expect(await w.usersWith(String(body.email))).toHaveLength(0);
    }
    // The same address twice at once: one invitation, one refusal.
    const same = invitation();
    const results = await Promise.all([invite(same), invite({ ...same, email: same.email.toUpperCase() })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await w.usersWith(same.email)).toHaveLength(1);
    const membersAfter = (await w.call('planner', 'GET', `${base}/projects/${id}/members`)).json().data.length;
    expect(membersAfter).toBe(membersBefore + 1);
  });
  it('a deactivated user is no candidate, cannot be added, is listed as inactive and gets no handed-over task', async () => {
    const w = await world();
    const id = w.project.projectUnitID;
    const deactivate = (userId: number) =>
      w.call('admin', 'POST', `/api/data/portal/tenant-users/${userId}/deactivate`);
    expect((await deactivate(w.outsider.user_id)).statusCode).toBe(200);
    expect((await deactivate(w.reviewer.user_id)).statusCode).toBe(200);

    const candidates = (await w.call('planner', 'GET', `${base}/projects/${id}/member-candidates?$top=50`)).json();
    expect(candidates.data.map((c: { userID: number }) => c.userID)).not.toContain(w.outsider.user_id);
    const add = await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
      userID: w.outsider.user_id,
      memberRoleKeys: ['reviewer'],
    });
    expect(add.statusCode).toBe(409);
    expect(add.json().messages[0].message).toBe('MEMBER.Manage.Deactivated');
    const create = await w.call('planner', 'POST', `${base}/root-projects`, {
      title: uniq('Ohne'),
      salesOrgID: w.planner.sales_org_id,
      members: [{ userID: w.outsider.user_id, memberRoleKeys: ['reviewer'] }],
    });
    expect(create.statusCode).toBe(409);

    const members = (await w.call('planner', 'GET', `${base}/projects/${id}/members`)).json().data as {
      userID: number;
      isActive: boolean;
    }[];
    expect(members.find((m) => m.userID === w.reviewer.user_id)?.isActive).toBe(false);
    expect(members.find((m) => m.userID === w.planner.user_id)?.isActive).toBe(true);

    // A leaving member's task goes past a deactivated holder of the same role (one who joined
    // before the deactivation, here without a task of their own).
    const active = await createUser(w.db, w.tenant.tenant_id, { last_name: 'Aktiv' });
    const joined = await w.call('planner', 'POST', `${base}/projects/${id}/members`, {
      userID: active.user_id,
      memberRoleKeys: ['process planner'],
    });
    expect(joined.statusCode).toBe(200);
    await w.db
      .insertInto('members')
      .values({ root_project_unit_id: id, user_id: w.outsider.user_id, role_keys: ['process planner'] })
      .execute();
    const removed = await w.call('planner', 'DELETE', `${base}/projects/${id}/members/${active.user_id}`);
    expect(removed.json()).toEqual({ movedTasks: 1 });
    const holders = await w.db
      .selectFrom('tasks')
      .select('user_id')
      .where('project_unit_id', '=', id)
      .where('closed_at', 'is', null)
      .execute();
    expect(holders.map((h) => h.user_id)).toEqual([w.planner.user_id]);
  });
});
