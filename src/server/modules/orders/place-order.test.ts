import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogues } from '../../seed/orders';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { addMember } from '../../test/factories';
import { aacOrderItem, openOrderLot, orderingProject, placeOrder } from '../../test/order-world';
import { freePort, smtpSink } from '../../test/smtp';

describe('placing an order', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  /**
   * An English customer who orders, a Dutch coordinator and an external reviewer in a project with
   * the Celona catalogues and an order lot of the given kind; `call` acts as the customer on `on`.
   */
  async function setup(type: 'aacorderlot' | 'lintelorderlot', on: FastifyInstance = app) {
    const { db, w, t, customer, coordinator, root } = await orderingProject({ customer: 'en', coordinator: 'nl' });
    await seedCatalogues(db, t, 'celona');
    await addMember(db, root.project_unit_id, w.external.user_id, ['reviewer']);
    const lot = await openOrderLot(db, root, { project_unit_type: type, title: 'Lieferung EG' });
    const { call } = await signInActors(on, { customer });
    const product = async (key: string) =>
      type === 'aacorderlot'
        ? (
            await db
              .selectFrom('aac_products')
              .select('aac_product_id as id')
              .where('tenant_id', '=', t)
              .where('article_no', '=', key)
              .executeTakeFirstOrThrow()
          ).id
        : (
            await db
              .selectFrom('lintel_products')
              .select('lintel_product_id as id')
              .where('tenant_id', '=', t)
              .where('item_no', '=', key)
              .executeTakeFirstOrThrow()
          ).id;
    /** The customer orders AAC elements PE-240-625 (one of 2.5 m unless overridden). */
    const orderPanels = async (overrides: Record<string, unknown> = {}) =>
      call(
        'customer',
        'POST',
        '/api/data/portal/aacorderlotitems',
        aacOrderItem(lot.project_unit_id, await product('PE-240-625'), overrides),
      );
    const place = () => placeOrder(call, 'customer', lot.project_unit_id);
    return { db, w, customer, coordinator, root, lot, call, product, orderPanels, place };
  }

  it('needs items, then finalizes the lot, freezes the table, journals it and mails a confirmation', async () => {
    const s = await setup('aacorderlot');
    const empty = await s.place();
    expect(empty.statusCode).toBe(422);
    expect(empty.json().messages[0].message).toBe('WORKFLOW.Guard.orderItemsComplete');

    const item = await s.orderPanels({ sublotName: 'Bad', floorName: 'EG', qty: 10 });
    expect(item.statusCode).toBe(200);
    // The external reviewer turned the mails of placed orders off (external default: immediately).
    await s.db
      .insertInto('mail_preferences')
      .values({ user_id: s.w.external.user_id, kind: 'order.placed', delivery: 'off' })
      .execute();
    // Before placing: the facts without order time and orderer; with the lot's delivery date and the project's site.
    await s.db
      .updateTable('project_units')
      .set({ delivery_date: '2030-03-14' })
      .where('project_unit_id', '=', s.lot.project_unit_id)
      .execute();
    const address = await s.db
      .insertInto('addresses')
      .values({
        tenant_id: s.w.tenant.tenant_id,
        name: 'Baustelle Süd',
        street1: 'Am Hang 7',
        zip: '30159',
        city: 'Hannover',
      })
      .returning('address_id')
      .executeTakeFirstOrThrow();
    await s.db
      .updateTable('project_units')
      .set({ site_address_id: address.address_id })
      .where('project_unit_id', '=', s.lot.root_project_unit_id!)
      .execute();
    const confirmation = () => s.call('customer', 'GET', `/api/orders/${s.lot.project_unit_id}/confirmation`);
    expect((await confirmation()).json()).toMatchObject({
      placedAt: null,
      placedBy: null,
      deliveryDate: '2030-03-14',
      siteAddress: { street1: 'Am Hang 7', city: 'Hannover' },
      siteContact: null,
    });

    const res = await s.place();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ oldState: 'PlaceOrder', stateKey: 'Finalized' });
    const placed = (await confirmation()).json();
    expect(placed.placedAt).toEqual(expect.any(String));
    expect(placed.placedBy).toBe(
      [s.customer.first_name, s.customer.last_name].filter(Boolean).join(' ') || s.customer.email,
    );
    // Not an order lot, or not readable: 404.
    const notLot = await s.call('customer', 'GET', `/api/orders/${s.lot.root_project_unit_id}/confirmation`);
    expect(notLot.statusCode).toBe(404);

    const list = await s.call(
      'customer',
      'GET',
      `/api/data/portal/aacorderlotitems?projectUnitID=${s.lot.project_unit_id}`,
    );
    expect(list.json().canEdit).toBe(false);
    const journal = await s.db
      .selectFrom('project_unit_journal')
      .select('content_json')
      .where('project_unit_id', '=', s.lot.project_unit_id)
      .execute();
    expect(journal.map((j) => j.content_json)).toContainEqual(
      expect.objectContaining({ oldState: 'PlaceOrder', newState: 'Finalized' }),
    );

    const mails = await s.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('tenant_id', '=', s.w.tenant.tenant_id)
      .where('text_body', 'like', '%/order-confirmation%')
      .orderBy('mail_id')
      .execute();
    const byRecipient = new Map(mails.map((m) => [m.recipient, m]));
    expect(mails).toHaveLength(2);
    // The user who ordered (English) and the internal member (Dutch), by their default (immediately);
    // not the external reviewer, who turned these mails off. Each can unsubscribe in one click.
    expect(mails.every((m) => m.headers?.['List-Unsubscribe-Post'] === 'List-Unsubscribe=One-Click')).toBe(true);
    expect([...byRecipient.keys()].sort()).toEqual([s.customer.email, s.coordinator.email].sort());
    const en = byRecipient.get(s.customer.email!)!;
    expect(en.subject).toContain('Order confirmation');
    expect(en.html_body).toContain('PE-240-625');
    expect(en.text_body).toContain('2.08');
    // The mail says what the confirmation page says: orderer, delivery date, site.
    expect(en.text_body).toContain('Delivery date: 14 Mar 2030');
    expect(en.text_body).toContain('Am Hang 7');
    expect(en.text_body).toContain(`Ordered by: ${placed.placedBy}`);
    const nl = byRecipient.get(s.coordinator.email!)!;
    expect(nl.subject).toContain('Bestelbevestiging');
    expect(nl.text_body).toContain('2,08');
  });

  it('places a lintel order with a valid cut', async () => {
    const s = await setup('lintelorderlot');
    const item = await s.call('customer', 'POST', '/api/data/portal/lintelorderlotitems', {
      projectUnitID: s.lot.project_unit_id,
      sublotName: null,
      floorName: null,
      thickness: 175,
      length: 1250,
      height: 110,
      productNo: await s.product('C-ST-175-1250-124'),
      qty: 4,
    });
    expect(item.json()).toMatchObject({ hasCut: true });
    expect((await s.place()).json()).toMatchObject({
      stateKey: 'Finalized',
    });
    const mail = await s.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('recipient', '=', s.customer.email!)
      .executeTakeFirstOrThrow();
    expect(mail.html_body).toContain('C-ST-175-1250-124');
  });

  it('sends one confirmation, however many apps the process has built', async () => {
    for (let i = 0; i < 2; i++) await (await createTestApp()).close();
    const s = await setup('aacorderlot');
    const item = await s.orderPanels();
    expect(item.statusCode).toBe(200);
    expect((await s.place()).statusCode).toBe(200);
    const mails = await s.db
      .selectFrom('mail_outbox')
      .select('mail_id')
      .where('recipient', '=', s.customer.email!)
      .execute();
    expect(mails).toHaveLength(1);
  });

  it('places an order fast while the mail server is down; two apps in one process deliver the confirmation once', async () => {
    // A mail server that is not there (nothing listens on the port), then one that is.
    const smtp = smtpSink(await freePort());
    const config = { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, e2eReset: true };
    const apps = [await createTestApp({ config }), await createTestApp({ config })];
    try {
      const s = await setup('aacorderlot', apps[1]!);
      const item = await s.orderPanels();
      expect(item.statusCode).toBe(200);
      const started = performance.now();
      const placed = await s.place();
      const ms = performance.now() - started;
      expect(placed.statusCode).toBe(200);
      expect(ms).toBeLessThan(3000);
      const outbox = () =>
        s.db
          .selectFrom('mail_outbox')
          .select(['status', 'attempts', 'last_error'])
          .where('recipient', '=', s.customer.email!)
          .execute();
      expect(await outbox()).toMatchObject([{ status: 'pending', attempts: 0 }]);
      await Promise.all(apps.map((a) => a.ctx.mailer.deliverDue(500)));
      expect(await outbox()).toMatchObject([{ status: 'pending', attempts: 1 }]);
      expect((await outbox())[0]?.last_error).toBeTruthy();

      // The server is up; the retry is due after its delay; both apps' workers try at once.
      await smtp.up();
      try {
        // The delivery work is due when the database's clock has passed its delay.
        await s.db
          .updateTable('work_items')
          .set({ run_after: sql`now()` })
          .where('status', '=', 'waiting')
          .where(
            'dedupe_key',
            'in',
            s.db
              .selectFrom('mail_outbox')
              .select(sql<string>`'m' || mail_id`.as('key'))
              .where('recipient', 'in', [s.customer.email!, s.coordinator.email!]),
          )
          .execute();
        await Promise.all(apps.map((a) => a.ctx.mailer.deliverDue(500)));
        await Promise.all(apps.map((a) => a.ctx.mailer.deliverDue(500)));
        expect(smtp.recipients().filter((r) => r === s.customer.email)).toHaveLength(1);
        expect(smtp.recipients().filter((r) => r === s.coordinator.email)).toHaveLength(1);
        expect(apps.flatMap((a) => a.ctx.mailer.recent).filter((m) => m.to === s.customer.email)).toHaveLength(1);
        expect(await outbox()).toMatchObject([{ status: 'sent', attempts: 2, last_error: null }]);
      } finally {
        await smtp.down();
      }
    } finally {
      for (const a of apps) await a.close();
    }
  });
});
