import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { createChildUnit } from '../../test/factories';
import { HOUR_MS, MAIL_REQUEST_LIMITS } from '../../platform/http/rate-limit';
import { base, createProjectWorld, defaultFeatures } from './test-world';

describe('approval-lot materials', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('saves materials within 350 m³ and the sibling-available volume; the lot takes the first date', async () => {
    const w = await createProjectWorld(app);
    const url = `/api/materials/${w.lot.project_unit_id}`;
    const saved = await w.call('member', 'POST', url, [
      { type: 'aac', volume: 200, deliveryDate: '2026-12-10' },
      { type: 'lintel', volume: 5.5, deliveryDate: '2026-12-04' },
    ]);
    expect(saved.statusCode).toBe(200);
    expect((await w.call('member', 'GET', url)).json()).toEqual([
      { type: 'aac', volume: 200, deliveryDate: '2026-12-10' },
      { type: 'lintel', volume: 5.5, deliveryDate: '2026-12-04' },
    ]);
    const lot = (await w.call('member', 'GET', `${base}/projects/${w.lot.project_unit_id}`)).json();
    expect(lot).toMatchObject({ deliveryDate: '2026-12-04', earliestDeliveryDate: '2026-12-03' });

    const sibling = await createChildUnit(w.db, w.sub, { project_unit_type: 'approvallot', title: 'OG' });
    const ctx = (
      await w.call(
        'member',
        'GET',
        `${base}/projects/${w.sub.project_unit_id}/approval-lot-context?excludeUnitId=${sibling.project_unit_id}`,
      )
    ).json();
    expect(ctx).toMatchObject({ today: '2026-11-21', preliminaryDays: 12, earliestDeliveryDate: '2026-12-03' });
    expect(ctx.siblingMaterials).toEqual([
      { type: 'aac', volume: 200 },
      { type: 'lintel', volume: 5.5 },
    ]);
    const over = await w.call('member', 'POST', `/api/materials/${sibling.project_unit_id}`, [
      { type: 'aac', volume: 150.01, deliveryDate: '2026-12-10' },
    ]);
    expect(over.statusCode).toBe(400);
    // 350 − 200 aac would leave 150 m³, but the subproject has only 350 − 205.5 = 144.5 m³ left.
    expect(over.json().messages[0]).toEqual({
      messageType: 'Error',
      message: 'VALIDATION.MaxValueReached',
      reference: 'materials[0].volume:144.5',
      params: { max: 144.5 },
    });
    const exact = await w.call('member', 'POST', `/api/materials/${sibling.project_unit_id}`, [
      { type: 'aac', volume: 144.5, deliveryDate: '2026-12-10' },
    ]);
    expect(exact.statusCode).toBe(200);
  });

  it('refuses volumes above 350, negative volumes, dates before the earliest and a subproject total above 350', async () => {
    const w = await createProjectWorld(app);
    const post = (body: unknown) => w.call('member', 'POST', `/api/materials/${w.lot.project_unit_id}`, body);
    expect(
      (await post([{ type: 'aac', volume: 351, deliveryDate: '2026-12-10' }]))
        .json()
        .messages.map((m: { message: string }) => m.message),
    ).toEqual(['VALIDATION.MaxValueReached', 'PROJECT.Materials.LimitReached']);
    expect((await post([{ type: 'aac', volume: -1, deliveryDate: '2026-12-10' }])).statusCode).toBe(400);
    const early = await post([{ type: 'aac', volume: 10, deliveryDate: '2026-12-02' }]);
    expect(early.json().messages[0]).toMatchObject({
      message: 'VALIDATION.MinDate',
      reference: 'materials[0].deliveryDate:2026-12-03',
      params: { date: '2026-12-03' },
    });
    expect((await post([{ type: 'aac', volume: 10, deliveryDate: null }])).statusCode).toBe(400);
    const total = await post([
      { type: 'aac', volume: 200, deliveryDate: '2026-12-10' },
      { type: 'cs', volume: 151, deliveryDate: '2026-12-10' },
    ]);
    expect(total.json().messages).toEqual([
      {
        messageType: 'Error',
        message: 'VALIDATION.MaxValueReached',
        reference: 'materials[0].volume:199',
        params: { max: 199 },
      },
      {
        messageType: 'Error',
        message: 'VALIDATION.MaxValueReached',
        reference: 'materials[1].volume:150',
        params: { max: 150 },
      },
      {
        messageType: 'Error',
        message: 'PROJECT.Materials.LimitReached',
        reference: 'materials',
        params: { max: 350, total: 351 },
      },
    ]);
    // Only the tenant's material types.
    const wood = await post([{ type: 'wood', volume: 1, deliveryDate: '2026-12-10' }]);
    expect(wood.json().messages).toEqual([
      { messageType: 'Error', message: 'VALIDATION.UnknownMaterialType', reference: 'materials[0].type' },
    ]);
    // Materials belong to approval lots only.
    expect((await w.call('member', 'POST', `/api/materials/${w.sub.project_unit_id}`, [])).statusCode).toBe(400);
  });

  it('keeps a stored date that has since become early', async () => {
    const w = await createProjectWorld(app);
    await w.db
      .insertInto('materials')
      .values({ project_unit_id: w.lot.project_unit_id, type: 'aac', volume: 10, delivery_date: '2026-11-25' })
      .execute();
    const res = await w.call('member', 'POST', `/api/materials/${w.lot.project_unit_id}`, [
      { type: 'aac', volume: 20, deliveryDate: '2026-11-25' },
    ]);
    expect(res.statusCode).toBe(200);
  });
});

describe('site address, contact, tools, tenant info and logo', () => {
  let app: FastifyInstance;
  const clock = createManualClock();
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  it('creates an address and a contact linked to the unit in one call, and updates them at their version', async () => {
    const w = await createProjectWorld(app);
    const rootId = w.root.project_unit_id;
    const addr = await w.call('planner', 'POST', `${base}/addresses`, {
      projectUnitID: rootId,
      name: 'Baustelle',
      street1: 'Weg 1',
      zip: '30159',
      city: 'Hannover',
    });
    expect(addr.statusCode).toBe(200);
    expect(addr.json()).toMatchObject({ projectUnitID: rootId, version: 1 });
    const contact = await w.call('planner', 'POST', `${base}/contacts`, {
      projectUnitID: rootId,
      name: 'Bauleitung',
      officeEMail: 'bau@example.com',
      companyMobile: '0170',
    });
    expect(contact.json()).toMatchObject({ name: 'Bauleitung', officeEMail: 'bau@example.com' });
    const unit = (await w.call('member', 'GET', `${base}/projects/${rootId}`)).json();
    expect(unit).toMatchObject({
      siteAddressID: addr.json().addressID,
      siteContactID: contact.json().contactID,
      siteAddress: { city: 'Hannover', version: 1 },
    });

    const upd = await w.call('planner', 'PUT', `${base}/addresses/${addr.json().addressID}`, {
      projectUnitID: rootId,
      name: 'Baustelle',
      street1: 'Weg 2',
      zip: '30159',
      city: 'Hannover',
      version: 1,
    });
    expect(upd.json()).toMatchObject({ street1: 'Weg 2', version: 2 });
    expect((await w.call('member', 'GET', `${base}/contacts/${contact.json().contactID}`)).json().companyMobile).toBe(
      '0170',
    );
    expect(
      (await w.call('planner', 'POST', `${base}/contacts`, { projectUnitID: rootId, officeEMail: 'kein-mail' }))
        .statusCode,
    ).toBe(400);

    // An address of another project cannot be linked.
    const other = await createProjectWorld(app);
    const foreignAddr = await other.call('planner', 'POST', `${base}/addresses`, {
      projectUnitID: other.root.project_unit_id,
      city: 'X',
    });
    const bad = await w.call('planner', 'PUT', `${base}/projectunitadditionaldata/${rootId}`, {
      projectUnitID: rootId,
      siteAddressID: foreignAddr.json().addressID,
    });
    expect(bad.statusCode).toBe(404);
  });

  it('e-mails a reviewer change request to the internal members only, each in their language', async () => {
    const w = await createProjectWorld(app);
    await w.db.updateTable('users').set({ language: 'nl' }).where('user_id', '=', w.internalMember.user_id).execute();
    const res = await w.call('member', 'POST', '/api/project-tools/execute', {
      name: 'reviewer-change-request',
      data: { rootUnitId: w.root.project_unit_id, email: 'neu@pruefer.example' },
    });
    expect(res.statusCode).toBe(200);
    const mails = await w.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual([w.planner.email, w.internalMember.email].sort());
    expect(mails[0]?.text_body).toContain('neu@pruefer.example');
    expect(mails[0]?.subject).toContain(w.root.project_unit_no);
    const dutch = mails.find((m) => m.recipient === w.internalMember.email)!;
    const german = mails.find((m) => m.recipient === w.planner.email)!;
    expect(dutch.subject).toBe(`Wijziging van controleur aangevraagd: ${w.root.project_unit_no} ${w.root.title}`);
    expect(dutch.text_body).toMatch(
      /^Beste .+,\n\n.+ vraagt om de controleur van project .+ te wijzigen\.\nNieuwe controleur: neu@pruefer\.example/,
    );
    expect(german.subject).toBe(`Prüferwechsel angefragt: ${w.root.project_unit_no} ${w.root.title}`);
    expect(german.text_body).toContain('Neuer Prüfer: neu@pruefer.example');
    expect(german.text_body).not.toContain('Reviewer');

    const invalid = await w.call('member', 'POST', '/api/project-tools/execute', {
      name: 'reviewer-change-request',
      data: { rootUnitId: w.root.project_unit_id, email: 'nope' },
    });
    expect(invalid.statusCode).toBe(400);
    const notRoot = await w.call('member', 'POST', '/api/project-tools/execute', {
      name: 'reviewer-change-request',
      data: { rootUnitId: w.sub.project_unit_id, email: 'a@b.example' },
    });
    expect(notRoot.statusCode).toBe(404);

    const off = await createProjectWorld(app, {
      features: { ...defaultFeatures, ProjectTools: ['edit-site-address'] },
    });
    const refused = await off.call('member', 'POST', '/api/project-tools/execute', {
      name: 'reviewer-change-request',
      data: { rootUnitId: off.root.project_unit_id, email: 'a@b.example' },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('sends at most five reviewer change requests per user an hour', async () => {
    // At the start of an hour's window, so the refusal names minutes whatever the time of the run
    // (in a window's last two minutes it names seconds).
    clock.set(new Date(Math.ceil(clock.now().getTime() / HOUR_MS) * HOUR_MS + 1000));
    const w = await createProjectWorld(app);
    const ask = () =>
      w.call('member', 'POST', '/api/project-tools/execute', {
        name: 'reviewer-change-request',
        data: { rootUnitId: w.root.project_unit_id, email: 'neu@pruefer.example' },
      });
    for (let i = 0; i < MAIL_REQUEST_LIMITS.reviewerChangePerUser; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      status: 429,
      code: 'TooManyAttempts',
      messages: [{ message: 'ERRORMESSAGES.TooManyAttemptsMinutes', params: { minutes: expect.any(Number) } }],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const sent = await w.db
      .selectFrom('mail_outbox')
      .select('recipient')
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    expect(sent).toHaveLength(2 * MAIL_REQUEST_LIMITS.reviewerChangePerUser);
    clock.advance(60 * 60 * 1000);
    expect((await ask()).statusCode).toBe(200);
  });

  it('returns the tenant information html when ShowTenantInfo is on', async () => {
    const w = await createProjectWorld(app);
    await w.db
      .updateTable('tenants')
      .set({ general_info_by_language: JSON.stringify({ de: '<p>Hallo</p>' }) })
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    expect((await w.call('member', 'GET', `/api/tenant-infos/${w.root.project_unit_id}`)).json()).toEqual({
      html: '<p>Hallo</p>',
    });
    const off = await createProjectWorld(app, { features: { AllowCreateProjectUnits: true } });
    await off.db
      .updateTable('tenants')
      .set({ general_info_by_language: JSON.stringify({ de: '<p>Hallo</p>' }) })
      .where('tenant_id', '=', off.tenant.tenant_id)
      .execute();
    expect((await off.call('member', 'GET', `/api/tenant-infos/${off.root.project_unit_id}`)).json()).toEqual({
      html: '',
    });
  });

  it('returns the tenant information in the user language, else in the tenant language, else in any', async () => {
    const w = await createProjectWorld(app);
    const tenant = w.db.updateTable('tenants').where('tenant_id', '=', w.tenant.tenant_id);
    const setTexts = (texts: Record<string, string>) =>
      tenant.set({ general_info_by_language: JSON.stringify(texts), language: 'de' }).execute();
    const infoFor = async (language: 'de' | 'en' | 'nl') => {
      await w.db.updateTable('users').set({ language }).where('user_id', '=', w.external.user_id).execute();
      return (await w.call('member', 'GET', `/api/tenant-infos/${w.root.project_unit_id}`)).json();
    };
    await setTexts({ de: '<p>Ihr Team</p>', en: '<p>Your team</p>', nl: '<p>Uw team</p>' });
    expect(await infoFor('nl')).toEqual({ html: '<p>Uw team</p>' });
    expect(await infoFor('en')).toEqual({ html: '<p>Your team</p>' });
    expect(await infoFor('de')).toEqual({ html: '<p>Ihr Team</p>' });
    // No Dutch text (an empty one counts as none): the tenant's own language.
    await setTexts({ de: '<p>Ihr Team</p>', en: '<p>Your team</p>', nl: ' ' });
    expect(await infoFor('nl')).toEqual({ html: '<p>Ihr Team</p>' });
    // Neither the user's nor the tenant's language: any text there is.
    await setTexts({ en: '<p>Your team</p>' });
    expect(await infoFor('nl')).toEqual({ html: '<p>Your team</p>' });
    await setTexts({});
    expect(await infoFor('nl')).toEqual({ html: '' });
    // Only the three languages are stored.
    await expect(setTexts({ fr: '<p>Votre équipe</p>' })).rejects.toThrow();
  });

  it('serves the logo of the own tenant and its sales organisations only, cacheable', async () => {
    const w = await createProjectWorld(app);
    const png = Buffer.from('89504e470d0a1a0a', 'hex');
    await w.db.updateTable('tenants').set({ logo_png: png }).where('tenant_id', '=', w.tenant.tenant_id).execute();
    const org = await w.db
      .insertInto('sales_orgs')
      .values({ tenant_id: w.tenant.tenant_id, sales_org_key: 'N', title: 'Nord', additional_info: '{}' })
      .returning('sales_org_id')
      .executeTakeFirstOrThrow();
    const res = await w.call('member', 'GET', `${base}/tenantfiles/${w.tenant.tenant_id}/thumbnail.png`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.rawPayload.equals(png)).toBe(true);
    expect(
      (await w.call('member', 'GET', `${base}/tenantfiles/${w.tenant.tenant_id}_${org.sales_org_id}/thumbnail.png`))
        .statusCode,
    ).toBe(200);
    expect((await w.call('foreign', 'GET', `${base}/tenantfiles/${w.tenant.tenant_id}/thumbnail.png`)).statusCode).toBe(
      404,
    );
    expect(
      (await w.call('member', 'GET', `${base}/tenantfiles/${w.other.tenant.tenant_id}/thumbnail.png`)).statusCode,
    ).toBe(404);
    expect((await w.call('member', 'GET', `${base}/tenantfiles/abc/thumbnail.png`)).statusCode).toBe(404);
  });
});
