import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createManualClock } from '../../platform/clock';
import { createTestApp } from '../../test/app';
import { addMember, createUser } from '../../test/factories';
import { base, createProjectWorld, defaultFeatures } from '../projects/test-world';

/** Delivery lots: the overview list, create/edit/delete by internal users, confirmation with journal and mail. */
describe('delivery lots', () => {
  let app: FastifyInstance;
  const clock = createManualClock(new Date('2026-11-21T10:00:00Z'));
  beforeAll(async () => {
    app = await createTestApp({ clock });
  });
  afterAll(() => app.close());

  async function world(features: Record<string, unknown> = { ...defaultFeatures, DeliveryOverview: true }) {
    const w = await createProjectWorld(app, { state: 'ProvideFiles', features });
    const purchaser = await createUser(w.db, w.tenant.tenant_id, {
      email: `einkauf-${w.root.project_unit_id}@kunde.test`,
    });
    await addMember(w.db, w.root.project_unit_id, purchaser.user_id, ['customer', 'purchaser']);
    const contact = await w.db
      .insertInto('contacts')
      .values({
        tenant_id: w.tenant.tenant_id,
        project_unit_id: w.root.project_unit_id,
        name: 'Polier',
        office_email: `polier-${w.root.project_unit_id}@bau.test`,
      })
      .returning('contact_id')
      .executeTakeFirstOrThrow();
    await w.db
      .updateTable('project_units')
      .set({ site_contact_id: contact.contact_id })
      .where('project_unit_id', '=', w.root.project_unit_id)
      .execute();
    const overview = `${base}/delivery-overview/${w.root.project_unit_id}`;
    const create = (
      title: string,
      requestedDate: string,
      deliveryType: 0 | 1 | 2,
      confirmedDate: string | null = null,
    ) =>
      w.call('planner', 'POST', overview, {
        title,
        requestedDate,
        confirmedDate,
        deliveryType,
        approvalLotIDs: [w.lot.project_unit_id],
        walls: [{ globalId: '2O2Fr$t4X7Zf8NOew3FLOH', name: 'Wand-001' }],
      });
    return { ...w, overview, create, purchaser, contactMail: `polier-${w.root.project_unit_id}@bau.test` };
  }

  it('lists a project lots ordered by date, 20 a page, with the past hidden by the filter', async () => {
    const w = await world();
    for (const [title, date, type] of [
      ['Lieferung 3', '2026-12-20', 2],
      ['Lieferung 1', '2026-11-10', 0],
      ['Lieferung 2', '2026-12-01', 1],
    ] as const)
      expect((await w.create(title, date, type)).statusCode).toBe(200);
    const all = (await w.call('member', 'GET', w.overview)).json();
    expect(all.count).toBe(3);
    expect(all.data.map((l: { title: string }) => l.title)).toEqual(['Lieferung 1', 'Lieferung 2', 'Lieferung 3']);
    expect(all.data[0]).toMatchObject({
      deliveryDate: '2026-11-10',
      groups: 'EG',
      projectUnitIDs: String(w.lot.project_unit_id),
      wallNos: 'Wand-001',
      wallGlobalIds: ['2O2Fr$t4X7Zf8NOew3FLOH'],
      deliveryType: 0,
      dateDiverges: false,
    });
    const upcoming = (
      await w.call(
        'member',
        'GET',
        `${w.overview}?$filter=${encodeURIComponent("deliveryDate ge '2026-11-21'")}&$top=10`,
      )
    ).json();
    expect(upcoming.data.map((l: { title: string }) => l.title)).toEqual(['Lieferung 2', 'Lieferung 3']);
    expect((await w.call('member', 'GET', `${w.overview}?$top=101`)).statusCode).toBe(400);
    const info = (await w.call('member', 'GET', `${w.overview}/info`)).json();
    expect(info).toMatchObject({
      canManage: false,
      canConfirm: false,
      approvalLots: [{ projectUnitID: w.lot.project_unit_id, title: 'EG' }],
    });
    expect((await w.call('planner', 'GET', `${w.overview}/info`)).json()).toMatchObject({
      canManage: true,
      canConfirm: true,
    });
  });

  it('keeps the requested and the confirmed date apart and flags a divergence', async () => {
    const w = await world();
    const lot = (await w.create('Abruf', '2026-12-10', 1, '2026-12-14')).json();
    expect(lot).toMatchObject({
      requestedDate: '2026-12-10',
      confirmedDate: '2026-12-14',
      deliveryDate: '2026-12-14',
      dateDiverges: true,
    });
  });

  it('confirms an OnCall or Planned lot: Fixed, journaled, mailed to the members who chose it and the site contact; not twice', async () => {
    const w = await world();
    // Only the purchaser keeps confirmed deliveries "immediately"; the other members chose otherwise.
    const others = await w.db
      .selectFrom('members')
      .select('user_id')
      .where('root_project_unit_id', '=', w.root.project_unit_id)
      .where('user_id', '!=', w.purchaser.user_id)
      .execute();
    if (others.length)
      await w.db
        .insertInto('mail_preferences')
        .values(others.map((o) => ({ user_id: o.user_id, kind: 'delivery.confirmed', delivery: 'digest' as const })))
        .execute();
    const lot = (await w.create('Geplant', '2026-12-10', 2)).json();
    expect((await w.call('member', 'POST', `${base}/delivery-lots/${lot.deliveryLotID}/confirm`)).statusCode).toBe(403);
    const res = await w.call('planner', 'POST', `${base}/delivery-lots/${lot.deliveryLotID}/confirm`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ deliveryType: 0, confirmedDate: '2026-12-10', dateDiverges: false });
    const mails = await w.db
      .selectFrom('mail_outbox')
      .select(['recipient', 'subject', 'text_body', 'headers'])
      .where('tenant_id', '=', w.tenant.tenant_id)
      .where('subject', 'like', '%Liefertermin bestätigt%')
      .execute();
    expect(mails.map((m) => m.recipient).sort()).toEqual([w.purchaser.email, w.contactMail].sort());
    // The user's mail carries the one-click unsubscribe; the site contact is no user and has none.
    const byTo = new Map(mails.map((m) => [m.recipient, m]));
    expect(byTo.get(w.purchaser.email!)?.headers?.['List-Unsubscribe']).toMatch(/unsubscribe\?token=/);
    expect(byTo.get(w.contactMail)?.headers).toBeNull();
    expect(mails[0]?.subject).toContain('Liefertermin bestätigt');
    const journal = await w.db
      .selectFrom('project_unit_journal')
      .select('content_json')
      .where('root_project_unit_id', '=', w.root.project_unit_id)
      .execute();
    expect(journal.map((j) => j.content_json.additionalMessage)).toContain(
      'Lieferlos bestätigt (fest): Geplant, 2026-12-10',
    );
    const again = await w.call('planner', 'POST', `${base}/delivery-lots/${lot.deliveryLotID}/confirm`);
    expect(again.statusCode).toBe(409);
    expect(again.json().messages[0].message).toBe('DELIVERY.Lots.AlreadyFixed');
  });

  it('access: internal users manage, members read, strangers get 404; approval lots of other projects are refused', async () => {
    const w = await world();
    expect(
      (
        await w.call('member', 'POST', w.overview, {
          title: 'x',
          requestedDate: '2026-12-01',
          confirmedDate: null,
          deliveryType: 1,
          approvalLotIDs: [w.lot.project_unit_id],
          walls: [],
        })
      ).statusCode,
    ).toBe(403);
    const lot = (await w.create('Fest', '2026-12-10', 0)).json();
    for (const who of ['outsider', 'foreign', 'foreignAdmin'] as const) {
      expect((await w.call(who, 'GET', w.overview)).statusCode).toBe(404);
      expect((await w.call(who, 'DELETE', `${base}/delivery-lots/${lot.deliveryLotID}`)).statusCode).toBe(404);
      expect((await w.call(who, 'POST', `${base}/delivery-lots/${lot.deliveryLotID}/confirm`)).statusCode).toBe(404);
    }
    expect((await w.call('member', 'DELETE', `${base}/delivery-lots/${lot.deliveryLotID}`)).statusCode).toBe(403);
    // A Fixed lot goes back to OnCall only through an internal user's edit.
    const unconfirm = {
      title: 'Fest',
      requestedDate: '2026-12-10',
      confirmedDate: null,
      deliveryType: 1,
      approvalLotIDs: [w.lot.project_unit_id],
      walls: [],
    };
    expect((await w.call('member', 'PUT', `${base}/delivery-lots/${lot.deliveryLotID}`, unconfirm)).statusCode).toBe(
      403,
    );
    expect((await w.call('outsider', 'PUT', `${base}/delivery-lots/${lot.deliveryLotID}`, unconfirm)).statusCode).toBe(
      404,
    );
    expect((await w.call('member', 'GET', w.overview)).json().data[0].deliveryType).toBe(0);
    const other = await world();
    const foreignLot = await w.call('planner', 'POST', w.overview, {
      title: 'x',
      requestedDate: '2026-12-01',
      confirmedDate: null,
      deliveryType: 1,
      approvalLotIDs: [other.lot.project_unit_id],
      walls: [],
    });
    expect(foreignLot.statusCode).toBe(400);
    const edited = await w.call('planner', 'PUT', `${base}/delivery-lots/${lot.deliveryLotID}`, {
      title: 'Fest, geändert',
      requestedDate: '2026-12-11',
      confirmedDate: '2026-12-11',
      deliveryType: 1,
      approvalLotIDs: [w.lot.project_unit_id],
      walls: [],
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ title: 'Fest, geändert', deliveryType: 1, wallNos: '' });
    expect((await w.call('planner', 'DELETE', `${base}/delivery-lots/${lot.deliveryLotID}`)).statusCode).toBe(200);
    expect((await w.call('planner', 'DELETE', `${base}/delivery-lots/${lot.deliveryLotID}`)).statusCode).toBe(404);
    expect((await w.call('member', 'GET', `${base}/delivery-overview/${w.sub.project_unit_id}`)).statusCode).toBe(404);
  });

  it('answers 404 on every overview call when the tenant has no DeliveryOverview feature', async () => {
    const on = await world();
    const lot = (await on.create('Fest', '2026-12-10', 2)).json();
    // The same tenant switches the feature off.
    await on.db
      .updateTable('tenants')
      .set({ features: JSON.stringify(defaultFeatures) })
      .where('tenant_id', '=', on.tenant.tenant_id)
      .execute();
    const off = await world(defaultFeatures);
    for (const w of [on, off]) {
      expect((await w.call('planner', 'GET', w.overview)).statusCode).toBe(404);
      expect((await w.call('planner', 'GET', `${w.overview}/info`)).statusCode).toBe(404);
      expect((await w.create('Neu', '2026-12-12', 1)).statusCode).toBe(404);
    }
    const url = `${base}/delivery-lots/${lot.deliveryLotID}`;
    expect((await on.call('planner', 'POST', `${url}/confirm`)).statusCode).toBe(404);
    expect((await on.call('planner', 'DELETE', url)).statusCode).toBe(404);
    expect(
      await on.db
        .selectFrom('delivery_lots')
        .select('delivery_type')
        .where('delivery_lot_id', '=', lot.deliveryLotID)
        .executeTakeFirst(),
    ).toEqual({ delivery_type: 2 });
  });

  it('the dashboard lists upcoming lots with diverging dates of the projects the user is a member of', async () => {
    const w = await world();
    const other = await world();
    await w.create('Abweichend', '2026-12-01', 1, '2026-12-04');
    await w.create('Gleich', '2026-12-02', 0, '2026-12-02');
    await w.create('Ohne Bestätigung', '2026-12-03', 2);
    await w.create('Vorbei', '2026-11-01', 0, '2026-11-03');
    await other.create('Fremd abweichend', '2026-12-01', 1, '2026-12-05');
    const url = `${base}/dashboard/diverging-deliveries`;
    const res = await w.call('member', 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          deliveryLotID: expect.any(Number),
          rootProjectUnitID: w.root.project_unit_id,
          projectUnitNo: w.root.project_unit_no,
          projectTitle: w.root.title,
          title: 'Abweichend',
          requestedDate: '2026-12-01',
          confirmedDate: '2026-12-04',
        },
      ],
      count: 1,
    });
    expect((await w.call('planner', 'GET', url)).json().count).toBe(1);
    // Not concerned: not a member (even internal), or another tenant.
    for (const who of ['outsider', 'internal', 'foreign', 'foreignAdmin'] as const) {
      expect((await w.call(who, 'GET', url)).json()).toEqual({ data: [], count: 0 });
    }
    // Without the DeliveryOverview feature the card lists none of the tenant's lots.
    await w.db
      .updateTable('tenants')
      .set({ features: JSON.stringify(defaultFeatures) })
      .where('tenant_id', '=', w.tenant.tenant_id)
      .execute();
    expect((await w.call('member', 'GET', url)).json()).toEqual({ data: [], count: 0 });
  });
});
