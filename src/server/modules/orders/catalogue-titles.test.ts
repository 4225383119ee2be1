import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { aacOrderItem, openOrderLot, orderingProject, placeOrder } from '../../test/order-world';

/**
 * Catalogue titles and plant names per language (T-29): imported beside the base title, shown in
 * the reader's language, else the tenant's (German here), else the base title — on screens (the
 * order table, the catalogue an order page offers, the product-type assignments) and in mails.
 */
describe('catalogue titles and plant names per language', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const aacHeader =
    'articleNo;title;thicknessMm;widthMm;minLengthMm;maxLengthMm;lengthStepMm;palletCapacity;colorIndex;active;titleDe;titleEn;titleNl';
  const aacCsv = [
    aacHeader,
    // Dutch and English titles.
    'T-100;Basis 100;100;500;1000;4000;20;1.44;0;true;;Panel 100;Element 100',
    // No Dutch title: Dutch readers get the tenant's language (German), which differs from the base.
    'T-200;Basis 200;200;500;1000;4000;20;1.44;1;true;Planelement 200;Panel 200;',
    // No title per language at all: the base title for everyone.
    'T-300;Basis 300;300;500;1000;4000;20;1.44;2;true;;;',
  ].join('\n');

  /** A Dutch customer (`nl`) and an English coordinator (`en`) in a project; the admin imports catalogues. */
  async function setup() {
    const s = await orderingProject({ customer: 'nl', coordinator: 'en' });
    const { call } = await signInActors(app, { admin: s.w.admin, nl: s.customer, en: s.coordinator });
    const upload = (kind: 'aac' | 'lintel', csv: string) =>
      call('admin', 'POST', `/api/data/portal/catalogues/${kind}/import`, { csv });
    return { ...s, call, upload };
  }

  it('imports titles per language and shows each reader theirs in the order table and the order mail', async () => {
    const s = await setup();
    const imported = await s.upload('aac', aacCsv);
    expect(imported.json()).toMatchObject({ applied: true, inserted: 3, problems: [] });
    const stored = await s.db
      .selectFrom('aac_products')
      .select(['article_no', 'title', 'title_by_language'])
      .where('tenant_id', '=', s.t)
      .orderBy('article_no')
      .execute();
    expect(stored).toEqual([
      { article_no: 'T-100', title: 'Basis 100', title_by_language: { en: 'Panel 100', nl: 'Element 100' } },
      { article_no: 'T-200', title: 'Basis 200', title_by_language: { de: 'Planelement 200', en: 'Panel 200' } },
      { article_no: 'T-300', title: 'Basis 300', title_by_language: {} },
    ]);

    const lot = await openOrderLot(s.db, s.root, {
      project_unit_type: 'aacorderlot',
      project_unit_type_variant: 'aac_elements',
      title: 'Levering BG',
    });
    const ids = new Map(
      (
        await s.db
          .selectFrom('aac_products')
          .select(['article_no', 'aac_product_id'])
          .where('tenant_id', '=', s.t)
          .execute()
      ).map((p) => [p.article_no, p.aac_product_id]),
    );
    for (const no of ['T-100', 'T-200', 'T-300']) {
      const res = await s.call(
        'nl',
        'POST',
        '/api/data/portal/aacorderlotitems',
        aacOrderItem(lot.project_unit_id, ids.get(no), { qty: 2 }),
      );
      expect(res.statusCode, no).toBe(200);
      if (no === 'T-100') expect(res.json().product.title).toBe('Element 100');
    }

    const titles = async (who: 'nl' | 'en', path: string) =>
      (await s.call(who, 'GET', `/api/data/portal/${path}?projectUnitID=${lot.project_unit_id}`))
        .json()
        .data.map((r: { title?: string; product?: { title: string } }) => r.product?.title ?? r.title);
    expect(await titles('nl', 'aacorderlotitems')).toEqual(['Element 100', 'Planelement 200', 'Basis 300']);
    expect(await titles('en', 'aacorderlotitems')).toEqual(['Panel 100', 'Panel 200', 'Basis 300']);
    expect((await titles('nl', 'aacproducts')).sort()).toEqual(['Basis 300', 'Element 100', 'Planelement 200']);

    const placed = await placeOrder(s.call, 'nl', lot.project_unit_id);
    expect(placed.json()).toMatchObject({ stateKey: 'Finalized' });
    const mailTo = async (email: string | null) =>
      s.db
        .selectFrom('mail_outbox')
        .select(['text_body', 'html_body'])
        .where('recipient', '=', email!)
        .where('text_body', 'like', '%/order-confirmation%')
        .executeTakeFirstOrThrow();
    const nl = await mailTo(s.customer.email);
    for (const body of [nl.text_body, nl.html_body]) {
      expect(body).toContain('Element 100');
      expect(body).toContain('Planelement 200');
      expect(body).toContain('Basis 300');
      expect(body).not.toContain('Panel 100');
    }
    const en = await mailTo(s.coordinator.email);
    expect(en.text_body).toContain('Panel 100');
    expect(en.text_body).not.toContain('Element 100');
  });

  it('takes the title columns for lintels too, and refuses an over-long title naming its column', async () => {
    const s = await setup();
    const lintelHeader = 'itemNo;title;type;thicknessMm;lengthMm;heightMm;piecesPerPallet;active;titleNl';
    const ok = await s.upload(
      'lintel',
      `${lintelHeader}\nL-1;Sturz 175/124/1250;standard;175;1250;124;26;true;Latei 175/124/1250`,
    );
    expect(ok.json()).toMatchObject({ applied: true, inserted: 1 });
    const tooLong = await s.upload(
      'lintel',
      `${lintelHeader}\nL-1;Sturz 175/124/1250;standard;175;1250;124;26;true;${'x'.repeat(201)}`,
    );
    expect(tooLong.json()).toMatchObject({
      applied: false,
      problems: [{ row: 2, column: 'titleNl', reason: 'CATALOGUE.Problems.TooLong' }],
    });
    const row = await s.db
      .selectFrom('lintel_products')
      .select('title_by_language')
      .where('tenant_id', '=', s.t)
      .executeTakeFirstOrThrow();
    expect(row.title_by_language).toEqual({ nl: 'Latei 175/124/1250' });
  });

  it("names the plant of a product-type assignment in the reader's language, else the base name", async () => {
    const s = await setup();
    const plant = await s.db
      .insertInto('plants')
      .values({ tenant_id: s.t, name: 'Werk Nord', name_by_language: JSON.stringify({ nl: 'Fabriek Noord' }) })
      .returning('plant_id')
      .executeTakeFirstOrThrow();
    const type = await s.db
      .insertInto('product_types')
      .values({ tenant_id: s.t, title: 'Elemente' })
      .returning('product_type_id')
      .executeTakeFirstOrThrow();
    await s.db
      .insertInto('project_unit_product_type_assignments')
      .values({
        project_unit_id: s.root.project_unit_id,
        product_type_id: type.product_type_id,
        plant_id: plant.plant_id,
      })
      .execute();
    const plantOf = async (who: 'nl' | 'en') =>
      (await s.call(who, 'GET', `/api/data/portal/projects/${s.root.project_unit_id}/product-type-assignments`)).json();
    expect((await plantOf('nl')).data[0].plant).toBe('Fabriek Noord');
    // No English name, none in the tenant's language (German): the base name.
    const en = await plantOf('en');
    expect(en.data[0].plant).toBe('Werk Nord');
    // The choice list of an internal user who may change the assignment, in the same language.
    expect(en.canEdit).toBe(true);
    expect(en.plants).toEqual([{ plantID: plant.plant_id, name: 'Werk Nord' }]);
  });
});
