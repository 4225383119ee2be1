import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import {
  addMember,
  createChildUnit,
  createProject,
  createSalesOrg,
  createUser,
  createWorld,
} from '../../test/factories';

import { MAIL_REQUEST_LIMITS } from '../../platform/http/rate-limit';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = async <K extends string>(call: Call<K>, who: K, path: string) => {
  const res = await call(who, 'GET', `/api/data/portal/${path}`);
  return { status: res.statusCode, body: res.json() };
};

async function withSalesOrgs() {
  const db = await getTestDatabase();
  const world = await createWorld(db);
  const nord = await createSalesOrg(db, world.tenant.tenant_id, { title: 'Vertrieb Nord' });
  await db
    .updateTable('sales_orgs')
    .set({
      additional_info: JSON.stringify({ homepage: 'https://nord.example', contactmail: 'Nord@Vertrieb.example' }),
      logo_png: Buffer.from('png'),
    })
    .where('sales_org_id', '=', nord.sales_org_id)
    .execute();
  const sued = await createSalesOrg(db, world.tenant.tenant_id, { title: 'Vertrieb Süd' });
  await db
    .updateTable('sales_orgs')
    .set({ additional_info: JSON.stringify({ homepage: 'javascript:alert(1)', contactmail: 'sued@vertrieb.example' }) })
    .where('sales_org_id', '=', sued.sales_org_id)
    .execute();
  const other = await createWorld(db);
  const foreign = await createSalesOrg(db, other.tenant.tenant_id, { title: 'Fremdvertrieb' });
  await db
    .updateTable('sales_orgs')
    .set({ additional_info: JSON.stringify({ contactmail: 'fremd@vertrieb.example' }) })
    .where('sales_org_id', '=', foreign.sales_org_id)
    .execute();
  return { db, world, other, nord, sued };
}

const requestMail = (userId: number, recipient: string, login: string) => ({
  SenderMail: login,
  RecipientMail: recipient,
  SenderUserID: userId,
  FirstName: 'Erika',
  LastName: 'Muster',
  Company: 'Bau GmbH',
  Street1: 'Hauptstraße 1',
  Street2: 'N/A',
  ZIP: '30159',
  City: 'Hannover',
  Phone: '',
});

const outbox = async (tenantId: number) => {
  const db = await getTestDatabase();
  return db
    .selectFrom('mail_outbox')
    .select(['recipient', 'subject', 'text_body'])
    .where('tenant_id', '=', tenantId)
    .execute();
};

describe('dashboard counters', () => {
  it('projectCount counts the current projects the user may read', async () => {
    const db = await getTestDatabase();
    const world = await createWorld(db);
    const t = world.tenant.tenant_id;
    const a = await createProject(db, t);
    await createProject(db, t, { state_key: 'ProvideFiles' });
    await createProject(db, t, { state_key: 'Closed' });
    await createChildUnit(db, a);
    await addMember(db, a.project_unit_id, world.external.user_id);
    const { call } = await signInActors(app, {
      internal: world.internal,
      external: world.external,
      stranger: (await createWorld(db)).internal,
    });
    expect(await get(call, 'internal', 'dashboard/projectCount')).toEqual({ status: 200, body: { count: 2 } });
    expect((await get(call, 'external', 'dashboard/projectCount')).body).toEqual({ count: 1 });
    expect((await get(call, 'stranger', 'dashboard/projectCount')).body).toEqual({ count: 0 });
  });

  it('taskCount counts the open tasks of the user only', async () => {
    const db = await getTestDatabase();
    const world = await createWorld(db);
    const p = await createProject(db, world.tenant.tenant_id);
    const lot = await createChildUnit(db, p, { project_unit_type: 'approvallot' });
    const task = (userId: number, unitId: number, closed: boolean) =>
      db
        .insertInto('tasks')
        .values({
          tenant_id: world.tenant.tenant_id,
          root_project_unit_id: p.project_unit_id,
          project_unit_id: unitId,
          user_id: userId,
          task_key: closed ? 'Old' : 'ProvideFiles',
          state_key: 'ProvideFiles',
          closed_at: closed ? new Date() : null,
        })
        .execute();
    await task(world.external.user_id, p.project_unit_id, false);
    await task(world.external.user_id, lot.project_unit_id, false);
    await task(world.external.user_id, lot.project_unit_id, true);
    await task(world.internal.user_id, lot.project_unit_id, false);
    const { call } = await signInActors(app, { external: world.external, admin: world.admin });
    expect(await get(call, 'external', 'dashboard/taskCount')).toEqual({ status: 200, body: { count: 2 } });
    expect((await get(call, 'admin', 'dashboard/taskCount')).body).toEqual({ count: 0 });
    expect((await app.inject({ method: 'GET', url: '/api/data/portal/dashboard/taskCount' })).statusCode).toBe(401);
  });
});

describe('sales organisations and the new-project request', () => {
  it('lists the sales organisations of the own tenant with homepage, contact and logo', async () => {
    const s = await withSalesOrgs();
    const { call } = await signInActors(app, {
      external: s.world.external,
      lonely: (await createWorld(s.db)).internal,
    });
    const res = await get(call, 'external', 'salesorganisations');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([
      {
        salesOrgID: s.nord.sales_org_id,
        title: 'Vertrieb Nord',
        descript: null,
        hasImage: true,
        imageUrl: `/api/data/portal/tenantfiles/${s.world.tenant.tenant_id}_${s.nord.sales_org_id}/thumbnail.png`,
        salesOrgUrl: 'https://nord.example',
        contactMail: 'Nord@Vertrieb.example',
      },
      // A homepage that is not http(s) is never offered as a link.
      {
        salesOrgID: s.sued.sales_org_id,
        title: 'Vertrieb Süd',
        descript: null,
        hasImage: false,
        imageUrl: null,
        salesOrgUrl: null,
        contactMail: 'sued@vertrieb.example',
      },
    ]);
    expect((await get(call, 'lonely', 'salesorganisations')).body).toEqual({ data: [] });
  });

  it('mails the request to the sales organisation contact address with „k. A.“ for missing values', async () => {
    const s = await withSalesOrgs();
    const { call } = await signInActors(app, { external: s.world.external });
    const res = await call(
      'external',
      'POST',
      '/api/data/portal/email/send',
      requestMail(s.world.external.user_id, 'nord@vertrieb.example', s.world.external.login),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const mails = await outbox(s.world.tenant.tenant_id);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.recipient).toBe('Nord@Vertrieb.example');
    expect(mails[0]?.subject).toBe('Anfrage für ein neues Projekt an Vertrieb Nord');
    expect(mails[0]?.text_body).toContain('Name: Erika Muster');
    expect(mails[0]?.text_body).toContain(`E-Mail: ${s.world.external.login}`);
    expect(mails[0]?.text_body).toContain('Firma: Bau GmbH');
    expect(mails[0]?.text_body).toContain('Telefon: k. A.');
    expect(mails[0]?.text_body).toContain('Straße (Zusatz): k. A.');
    expect(mails[0]?.text_body).toContain('Über Planport ist eine Anfrage');
    // The internal recipient opens the create-project dialog with the requester as the first member.
    expect(mails[0]?.text_body).toMatch(
      new RegExp(`/home/app/current-projects-list\\?create=1&member=${s.world.external.user_id}$`, 'm'),
    );
  });

  it('sends at most five requests per user an hour, then refuses with 429 and Retry-After', async () => {
    const s = await withSalesOrgs();
    const { call } = await signInActors(app, { external: s.world.external, internal: s.world.internal });
    const send = () =>
      call(
        'external',
        'POST',
        '/api/data/portal/email/send',
        requestMail(s.world.external.user_id, 'nord@vertrieb.example', s.world.external.login),
      );
    const answers = await Promise.all(Array.from({ length: MAIL_REQUEST_LIMITS.salesOrgRequestPerUser + 3 }, send));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(MAIL_REQUEST_LIMITS.salesOrgRequestPerUser);
    const refused = answers.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(3);
    expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused[0]?.json()).toMatchObject({ status: 429, code: 'TooManyAttempts' });
    expect(await outbox(s.world.tenant.tenant_id)).toHaveLength(MAIL_REQUEST_LIMITS.salesOrgRequestPerUser);
    // Another user of the tenant still sends.
    const res = await call(
      'internal',
      'POST',
      '/api/data/portal/email/send',
      requestMail(s.world.internal.user_id, 'nord@vertrieb.example', s.world.internal.login),
    );
    expect(res.statusCode).toBe(200);
  });

  it('never mails an address that is not a sales organisation of the own tenant', async () => {
    const s = await withSalesOrgs();
    const { cookies, call } = await signInActors(app, { internal: s.world.internal });
    const send = (payload: object) => call('internal', 'POST', '/api/data/portal/email/send', payload);
    const own = s.world.internal.login;
    expect((await send(requestMail(s.world.internal.user_id, 'fremd@vertrieb.example', own))).statusCode).toBe(404);
    expect((await send(requestMail(s.world.internal.user_id, 'anyone@evil.example', own))).statusCode).toBe(404);
    const spoofed = await send(requestMail(s.world.external.user_id, 'nord@vertrieb.example', own));
    expect(spoofed.statusCode).toBe(400);
    expect(spoofed.json().messages[0].reference).toBe('SenderUserID');
    const otherSender = await send(
      requestMail(s.world.internal.user_id, 'nord@vertrieb.example', s.world.external.login),
    );
    expect(otherSender.statusCode).toBe(400);
    expect(otherSender.json().messages[0].reference).toBe('SenderMail');
    expect((await send({ RecipientMail: 'nord@vertrieb.example' })).statusCode).toBe(400);
    // The session's cookie without the X-Requested-With header.
    const noCsrf = await app.inject({
      method: 'POST',
      url: '/api/data/portal/email/send',
      headers: { cookie: cookies.internal },
      payload: requestMail(s.world.internal.user_id, 'nord@vertrieb.example', own),
    });
    expect(noCsrf.statusCode).toBe(403);
    expect(await outbox(s.world.tenant.tenant_id)).toEqual([]);
    expect(await outbox(s.other.tenant.tenant_id)).toEqual([]);
    const anonymous = await app.inject({
      method: 'POST',
      url: '/api/data/portal/email/send',
      headers: xhr,
      payload: requestMail(1, 'nord@vertrieb.example', own),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('writes the request in the sender language', async () => {
    const s = await withSalesOrgs();
    const dutch = await createUser(s.db, s.world.tenant.tenant_id, { language: 'nl' });
    const { call } = await signInActors(app, { dutch });
    const res = await call(
      'dutch',
      'POST',
      '/api/data/portal/email/send',
      requestMail(dutch.user_id, 'sued@vertrieb.example', dutch.login),
    );
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(s.world.tenant.tenant_id);
    expect(mail?.subject).toBe('Aanvraag voor een nieuw project aan Vertrieb Süd');
    expect(mail?.text_body).toContain('Telefoon: n.v.t.');
    expect(mail?.text_body).toContain('Via Planport is een aanvraag');
  });
});
