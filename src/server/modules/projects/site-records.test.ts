import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { MAX_SITE_RECORDS } from './site-service';
import { base, createProjectWorld, type ProjectWorld } from './test-world';

/** Site address and contact follow the unit edit rule; changes are journaled; units carry a version. */
describe('site records: edit rule, journal, cap and versions', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const journalLines = async (w: ProjectWorld) =>
    (
      await w.db
        .selectFrom('project_unit_journal')
        .select('content_json')
        .where('root_project_unit_id', '=', w.root.project_unit_id)
        .orderBy('project_units_journal_id')
        .execute()
    ).map((j) => j.content_json.additionalMessage ?? '');

  it('refuses an external reviewer on the project (not its unit editor): no create, update, link or unlink', async () => {
    const w = await createProjectWorld(app, { state: 'Preparing' });
    const rootId = w.root.project_unit_id;
    const addr = await w.call('planner', 'POST', `${base}/addresses`, { projectUnitID: rootId, city: 'Hannover' });
    expect(addr.statusCode).toBe(200);
    const id = addr.json().addressID;

    const created = await w.call('member', 'POST', `${base}/addresses`, { projectUnitID: rootId, city: 'Fremd' });
    expect(created.statusCode).toBe(403);
    const contact = await w.call('member', 'POST', `${base}/contacts`, { projectUnitID: rootId, name: 'Fremd' });
    expect(contact.statusCode).toBe(403);
    const update = await w.call('member', 'PUT', `${base}/addresses/${id}`, {
      projectUnitID: rootId,
      city: 'Überschrieben',
      version: 1,
    });
    expect(update.statusCode).toBe(403);
    const unlink = await w.call('member', 'PUT', `${base}/projectunitadditionaldata/${rootId}`, {
      projectUnitID: rootId,
      siteAddressID: null,
    });
    expect(unlink.statusCode).toBe(403);
    // Nothing changed, and no record was left behind.
    const unit = (await w.call('member', 'GET', `${base}/projects/${rootId}`)).json();
    expect(unit).toMatchObject({ siteAddressID: id, siteAddress: { city: 'Hannover', version: 1 } });
    const count = await w.db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_unit_id', '=', rootId)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
    // The reviewer still reads them.
    expect((await w.call('member', 'GET', `${base}/addresses/${id}`)).statusCode).toBe(200);
  });

  it('refuses every write on a Closed or Archived project, also for the sales planner', async () => {
    for (const state of ['Closed', 'Archived'] as const) {
      const w = await createProjectWorld(app);
      const rootId = w.root.project_unit_id;
      const addr = await w.call('planner', 'POST', `${base}/addresses`, { projectUnitID: rootId, city: 'Hannover' });
      const contact = await w.call('planner', 'POST', `${base}/contacts`, { projectUnitID: rootId, name: 'Bau' });
      await w.db.updateTable('project_units').set({ state_key: state }).where('project_unit_id', '=', rootId).execute();
      for (const who of ['planner', 'admin', 'member'] as const) {
        const writes = [
          await w.call(who, 'POST', `${base}/addresses`, { projectUnitID: rootId, city: 'X' }),
          await w.call(who, 'POST', `${base}/contacts`, { projectUnitID: w.lot.project_unit_id, name: 'X' }),
          await w.call(who, 'PUT', `${base}/addresses/${addr.json().addressID}`, {
            projectUnitID: rootId,
            city: 'X',
            version: 1,
          }),
          await w.call(who, 'PUT', `${base}/contacts/${contact.json().contactID}`, {
            projectUnitID: rootId,
            name: 'X',
            version: 1,
          }),
          await w.call(who, 'PUT', `${base}/projectunitadditionaldata/${rootId}`, {
            projectUnitID: rootId,
            siteAddressID: null,
            siteContactID: null,
          }),
        ];
        expect(
          writes.map((r) => r.statusCode),
          `${who} on ${state}`,
        ).toEqual([403, 403, 403, 403, 403]);
      }
      const unit = (await w.call('planner', 'GET', `${base}/projects/${rootId}`)).json();
      expect(unit).toMatchObject({ siteAddress: { city: 'Hannover' }, siteContactID: contact.json().contactID });
    }
  });

  it('journals every change of a site address or contact, old → new, and of a link', async () => {
    const w = await createProjectWorld(app);
    const rootId = w.root.project_unit_id;
    const first = await w.call('planner', 'POST', `${base}/addresses`, {
      projectUnitID: rootId,
      street1: 'Weg 1',
      zip: '30159',
      city: 'Hannover',
    });
    const addressId = first.json().addressID;
    await w.call('planner', 'PUT', `${base}/addresses/${addressId}`, {
      projectUnitID: rootId,
      street1: 'Weg 2',
      zip: '30159',
      city: 'Hannover',
      version: 1,
    });
    const contact = await w.call('planner', 'POST', `${base}/contacts`, { projectUnitID: rootId, name: 'Frau Bau' });
    await w.call('planner', 'PUT', `${base}/contacts/${contact.json().contactID}`, {
      projectUnitID: rootId,
      name: 'Herr Bau',
      version: 1,
    });
    await w.call('planner', 'PUT', `${base}/projectunitadditionaldata/${rootId}`, {
      projectUnitID: rootId,
      siteContactID: null,
    });
    // The test users write in German.
    expect(await journalLines(w)).toEqual([
      `Baustellenadresse von ${w.root.title}: (keine) → Weg 1, 30159 Hannover`,
      `Baustellenadresse von ${w.root.title}: Weg 1, 30159 Hannover → Weg 2, 30159 Hannover`,
      `Ansprechpartner Baustelle von ${w.root.title}: (keine) → Frau Bau`,
      `Ansprechpartner Baustelle von ${w.root.title}: Frau Bau → Herr Bau`,
      `Ansprechpartner Baustelle von ${w.root.title}: Herr Bau → (keine)`,
    ]);
  });

  it(`holds at most ${MAX_SITE_RECORDS} addresses and contacts per unit`, async () => {
    const w = await createProjectWorld(app);
    const lotId = w.lot.project_unit_id;
    for (let i = 1; i <= MAX_SITE_RECORDS; i++) {
      const res = await w.call('member', 'POST', `${base}/addresses`, { projectUnitID: lotId, city: `Ort ${i}` });
      expect(res.statusCode).toBe(200);
    }
    const over = await w.call('member', 'POST', `${base}/addresses`, { projectUnitID: lotId, city: 'zu viel' });
    expect(over.statusCode).toBe(409);
    expect(over.json().messages[0]).toMatchObject({
      message: 'PROJECT.Site.TooManyRecords',
      params: { max: MAX_SITE_RECORDS },
    });
    // The last one created is the linked one.
    const lot = (await w.call('member', 'GET', `${base}/projects/${lotId}`)).json();
    expect(lot.siteAddress.city).toBe(`Ort ${MAX_SITE_RECORDS}`);
    // Contacts count apart.
    expect((await w.call('member', 'POST', `${base}/contacts`, { projectUnitID: lotId, name: 'A' })).statusCode).toBe(
      200,
    );
  });

  it('answers a stale save of an address, a contact or a unit with 409 and the stored record', async () => {
    const w = await createProjectWorld(app);
    const rootId = w.root.project_unit_id;
    const addr = (await w.call('planner', 'POST', `${base}/addresses`, { projectUnitID: rootId, city: 'A' })).json();
    const contact = (await w.call('planner', 'POST', `${base}/contacts`, { projectUnitID: rootId, name: 'A' })).json();

    const saveAddress = (city: string, version: number) =>
      w.call('planner', 'PUT', `${base}/addresses/${addr.addressID}`, { projectUnitID: rootId, city, version });
    expect((await saveAddress('B', 1)).json()).toMatchObject({ city: 'B', version: 2 });
    const staleAddress = await saveAddress('C', 1);
    expect(staleAddress.statusCode).toBe(409);
    expect(staleAddress.json()).toMatchObject({
      code: 'Conflict',
      messages: [{ message: 'ERRORMESSAGES.StaleSave' }],
      current: { addressID: addr.addressID, city: 'B', version: 2 },
    });
    // Without a version the save is refused as bad input.
    expect(
      (await w.call('planner', 'PUT', `${base}/addresses/${addr.addressID}`, { projectUnitID: rootId, city: 'D' }))
        .statusCode,
    ).toBe(400);

    const saveContact = (name: string, version: number) =>
      w.call('planner', 'PUT', `${base}/contacts/${contact.contactID}`, { projectUnitID: rootId, name, version });
    expect((await saveContact('B', 1)).statusCode).toBe(200);
    const staleContact = await saveContact('C', 1);
    expect(staleContact.statusCode).toBe(409);
    expect(staleContact.json().current).toMatchObject({ contactID: contact.contactID, name: 'B', version: 2 });

    const lotUrl = `${base}/projects/${w.lot.project_unit_id}`;
    const version = (await w.call('member', 'GET', lotUrl)).json().version;
    const saveUnit = (title: string, v: number) => w.call('member', 'PUT', lotUrl, { title, version: v });
    expect((await saveUnit('EG neu', version)).json()).toMatchObject({ title: 'EG neu', version: version + 1 });
    const staleUnit = await saveUnit('EG alt', version);
    expect(staleUnit.statusCode).toBe(409);
    expect(staleUnit.json().current).toMatchObject({
      projectUnitID: w.lot.project_unit_id,
      title: 'EG neu',
      version: version + 1,
    });
    // Linking with an older unit version is refused too.
    const link = await w.call('planner', 'PUT', `${base}/projectunitadditionaldata/${w.lot.project_unit_id}`, {
      projectUnitID: w.lot.project_unit_id,
      siteAddressID: addr.addressID,
      version,
    });
    expect(link.statusCode).toBe(409);
    expect(link.json().current).toMatchObject({ title: 'EG neu', siteAddressID: null });
  });
});
