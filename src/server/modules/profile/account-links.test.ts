import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import crypto from 'node:crypto';
import { MAIL_REQUEST_LIMITS } from '../../platform/http/rate-limit';
import { sessionActors, signInActors } from '../../test/actors';
import { createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createCompanyUser, createProject, createWorld, TEST_PASSWORD } from '../../test/factories';

async function lastMailTo(recipient: string) {
  const db = await getTestDatabase();
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('recipient', '=', recipient)
    .orderBy('mail_id', 'desc')
    .executeTakeFirst();
}

const tokenIn = (text: string, path: string) => new RegExp(`/${path}/([A-Za-z0-9_-]{43})`).exec(text)?.[1];

const MAX_AT_ONCE = MAIL_REQUEST_LIMITS.passwordResetPerClient + 6;

describe('forgotten password and account deletion', () => {
  const clock = createManualClock();
  let app: FastifyInstance;
  beforeAll(async () => {
    // e2eReset keeps the sent mails in memory: the outbox copy has the link tokens blanked out.
    app = await createTestApp({ clock, config: { e2eReset: true } });
  });
  afterAll(() => app.close());
  const sentText = async (to: string) => {
    await app.ctx.mailer.deliverDue(500);
    return [...app.ctx.mailer.recent].reverse().find((m) => m.to === to)?.text ?? '';
  };

  // Each run asks from its own address: the limits per client are kept in the (shared) database.
  const ownAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const request = (login: string, remoteAddress = ownAddress) =>
    app.inject({
      method: 'POST',
      url: '/api/account/password-reset/request',
      headers: xhr,
      payload: { login },
      remoteAddress,
    });
  const confirm = (token: string, pw: string, confirmPw = pw) =>
    app.inject({
      method: 'POST',
      url: '/api/account/password-reset/confirm',
      headers: xhr,
      payload: { token, newPassword: pw, confirmNewPassword: confirmPw },
    });

  it('answers the same whether or not the login exists', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const known = await request(internal.login.toUpperCase());
    const nobody = `nobody-${crypto.randomUUID()}@example.test`;
    const unknown = await request(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await lastMailTo(nobody)).toBeUndefined();
  });

  it('sends at most five reset mails per account an hour, and refuses an unknown login alike', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const nobody = `nobody-${crypto.randomUUID()}@example.test`;
    for (let i = 0; i < MAIL_REQUEST_LIMITS.passwordResetPerLogin; i++) {
      // From changing addresses: the limit per account holds whoever asks.
      const from = `10.77.${i}.${Math.floor(Math.random() * 250)}`;
      expect((await request(internal.login, from)).statusCode).toBe(200);
      expect((await request(nobody, from)).statusCode).toBe(200);
    }
    const mails = async () =>
      (await getTestDatabase())
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('recipient', '=', internal.email!)
        .executeTakeFirstOrThrow();
    expect(Number((await mails()).n)).toBe(MAIL_REQUEST_LIMITS.passwordResetPerLogin);
    const known = await request(internal.login.toUpperCase());
    const unknown = await request(nobody);
    expect(known.statusCode).toBe(429);
    expect(known.body).toBe(unknown.body);
    expect(known.headers['retry-after']).toBe(unknown.headers['retry-after']);
    expect(Number(known.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(known.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(known.json()).toMatchObject({
      status: 429,
      code: 'TooManyAttempts',
      messages: [
        { messageType: 'Error', message: expect.stringMatching(/^ERRORMESSAGES\.TooManyAttempts(Minutes|Seconds)$/) },
      ],
    });
    expect(Number((await mails()).n)).toBe(MAIL_REQUEST_LIMITS.passwordResetPerLogin);
    clock.advance(60 * 60 * 1000);
    expect((await request(internal.login)).statusCode).toBe(200);
  });

  it('limits reset requests per client over many logins, also when they come at once', async () => {
    const from = `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const answers = await Promise.all(
      Array.from({ length: MAX_AT_ONCE }, (_, i) => request(`many-${i}-${crypto.randomUUID()}@example.test`, from)),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAIL_REQUEST_LIMITS.passwordResetPerClient);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(
      MAX_AT_ONCE - MAIL_REQUEST_LIMITS.passwordResetPerClient,
    );
    // Another client is not affected.
    expect((await request(`other-${crypto.randomUUID()}@example.test`)).statusCode).toBe(200);
  });

  it('counts the limits in the database, so they hold across instances', async () => {
    // A second instance on the same database, as behind a load balancer.
    const second = await createTestApp({ clock, config: { e2eReset: true } });
    try {
      const login = `shared-${crypto.randomUUID()}@example.test`;
      const from = `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
      const ask = (on: FastifyInstance) =>
        on.inject({
          method: 'POST',
          url: '/api/account/password-reset/request',
          headers: xhr,
          remoteAddress: from,
          payload: { login },
        });
      const answers = [];
      for (let i = 0; i < MAIL_REQUEST_LIMITS.passwordResetPerLogin + 2; i++)
        answers.push((await ask(i % 2 === 0 ? app : second)).statusCode);
      expect(answers).toEqual([
        ...Array.from({ length: MAIL_REQUEST_LIMITS.passwordResetPerLogin }, () => 200),
        429,
        429,
      ]);
      const counted = await (
        await getTestDatabase()
      )
        .selectFrom('rate_limit_hits')
        .select('hits')
        .where('bucket', '=', 'password-reset-login')
        .where('key', '=', login)
        .executeTakeFirstOrThrow();
      expect(counted.hits).toBe(MAIL_REQUEST_LIMITS.passwordResetPerLogin + 2);
    } finally {
      await second.close();
    }
  });

  it('sets a new password once with a link valid for one hour and ends all sessions', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { internal });
    await request(internal.login);
    const mail = await lastMailTo(internal.email!);
    expect(mail?.subject).toBe('Passwort zurücksetzen');
    const token = tokenIn(await sentText(internal.email!), 'password-reset')!;
    expect(token).toBeTruthy();
    expect(mail!.text_body).not.toContain(token);
    expect(mail!.text_body).toContain('/password-reset/[…]');

    const weak = await confirm(token, 'abcdef');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages[0].message).toBe('VALIDATION.InvalidPasswordRequirements');
    expect((await confirm(token, 'Neu-Pass1', 'Neu-Pass2')).json().messages[0].message).toBe(
      'PROFILE.PasswordDialog.NewPasswordConfirmFail',
    );

    const ok = await confirm(token, 'Neu-Pass1');
    expect(ok.statusCode).toBe(200);
    expect((await call('internal', 'GET', '/api/account/me')).statusCode).toBe(401);
    await signIn(app, internal.login, 'Neu-Pass1');

    const again = await confirm(token, 'Noch-Neuer1');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('InvalidToken');
  });

  it("gives a tenant admin reading the outbox no way to complete another user's reset", async () => {
    const { internal, admin } = await createWorld(await getTestDatabase());
    await request(internal.login);
    const { call } = await signInActors(app, { admin });
    const outbox = await call('admin', 'GET', `/api/data/${app.ctx.config.productKey}/mailoutbox?$top=50`);
    expect(outbox.statusCode).toBe(200);
    const mail = (outbox.json() as { data: { recipient: string; textBody: string }[] }).data.find(
      (m) => m.recipient === internal.email,
    );
    expect(mail?.textBody).toContain('/password-reset/');
    // Whatever follows the link's path in the stored copy is no token.
    const shown = /\/password-reset\/(\S+)/.exec(mail?.textBody ?? '')?.[1] ?? '';
    const res = await confirm(shown, 'Uebernahme-1');
    expect(res.statusCode).toBe(400);
    await signIn(app, internal.login, TEST_PASSWORD);
    expect((await confirm(tokenIn(await sentText(internal.email!), 'password-reset')!, 'Neu-Pass1')).statusCode).toBe(
      200,
    );
  });

  it('refuses an expired reset link', async () => {
    const { internal } = await createWorld(await getTestDatabase());
    await request(internal.login);
    const token = tokenIn(await sentText(internal.email!), 'password-reset')!;
    clock.advance(60 * 60 * 1000 + 1000);
    expect((await confirm(token, 'Neu-Pass1')).json().code).toBe('InvalidToken');
    await signIn(app, internal.login, TEST_PASSWORD);
  });

  it('tells an external-login user by e-mail to use the identity provider', async () => {
    const db = await getTestDatabase();
    const { tenant } = await createWorld(db);
    const sso = await createCompanyUser(db, tenant.tenant_id, { language: 'en' });
    const res = await request(sso.login);
    expect(res.statusCode).toBe(200);
    const mail = await lastMailTo(sso.email!);
    expect(mail?.text_body).toContain('identity provider');
    expect(mail?.text_body).not.toContain('/password-reset/');
  });

  it('deletes an account by a single-use link valid 24 h: data anonymised, sessions ended', async () => {
    const db = await getTestDatabase();
    const { internal } = await createWorld(db);
    await db
      .updateTable('users')
      .set({ office_phone: '123', company_name: 'Firma', profile_image_png: Buffer.from('x'), language: 'nl' })
      .where('user_id', '=', internal.user_id)
      .execute();
    const project = await createProject(db, internal.tenant_id);
    await db
      .insertInto('project_unit_journal')
      .values({
        tenant_id: internal.tenant_id,
        root_project_unit_id: project.project_unit_id,
        project_unit_id: project.project_unit_id,
        created_at: new Date(),
        user_id: internal.user_id,
        user_email: internal.email,
        content_json: JSON.stringify({ oldState: null, newState: 'Structuring' }),
        rule: null,
        reminder_id: null,
      })
      .execute();
    const { call } = await signInActors(app, { internal });
    expect((await app.inject({ method: 'POST', url: '/api/account/delete', headers: xhr })).statusCode).toBe(401);
    expect((await call('internal', 'POST', '/api/account/delete')).statusCode).toBe(200);
    const mail = await lastMailTo(internal.email!);
    expect(mail?.subject).toBe('Account verwijderen');
    const token = tokenIn(await sentText(internal.email!), 'account-delete')!;
    expect(mail!.text_body).not.toContain(token);
    // Still signed in until the link is followed.
    expect((await call('internal', 'GET', '/api/account/me')).statusCode).toBe(200);

    const del = await app.inject({
      method: 'POST',
      url: '/api/account/delete/confirm',
      headers: xhr,
      payload: { token },
    });
    expect(del.statusCode).toBe(200);
    expect((await call('internal', 'GET', '/api/account/me')).statusCode).toBe(401);
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('user_id', '=', internal.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      login: `deleted-${internal.user_id}@deleted.invalid`,
      email: null,
      password_hash: null,
      first_name: null,
      last_name: null,
      office_phone: null,
      company_name: null,
      profile_image_png: null,
    });
    expect(row.deleted_at).not.toBeNull();
    const history = await db
      .selectFrom('project_unit_journal')
      .select(['user_id', 'user_email'])
      .where('root_project_unit_id', '=', project.project_unit_id)
      .execute();
    expect(history).toEqual([{ user_id: internal.user_id, user_email: `deleted-${internal.user_id}@deleted.invalid` }]);
    const reuse = await app.inject({
      method: 'POST',
      url: '/api/account/delete/confirm',
      headers: xhr,
      payload: { token },
    });
    expect(reuse.json().code).toBe('InvalidToken');
  });

  it('refuses an expired deletion link and keeps the account', async () => {
    const db = await getTestDatabase();
    const { external } = await createWorld(db);
    const { call } = await sessionActors(app, { external });
    await call('external', 'POST', '/api/account/delete');
    const link = tokenIn(await sentText(external.email!), 'account-delete')!;
    clock.advance(24 * 60 * 60 * 1000 + 1000);
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/delete/confirm',
      headers: xhr,
      payload: { token: link },
    });
    expect(res.statusCode).toBe(400);
    const row = await db
      .selectFrom('users')
      .select(['deleted_at'])
      .where('user_id', '=', external.user_id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).toBeNull();
  });
});
