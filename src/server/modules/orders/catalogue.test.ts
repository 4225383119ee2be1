import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalogues } from '../../seed/orders';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { createWorld } from '../../test/factories';
import { parseCsv, readCatalogueCsv, type AacCsvRow } from './catalogue-csv';
import { replaceCatalogue } from './catalogue-repository';

const base = '/api/data/portal/catalogues';
const header =
  'articleNo;title;thicknessMm;widthMm;minLengthMm;maxLengthMm;lengthStepMm;palletCapacity;colorIndex;active';

describe('catalogue import', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  const upload = <K extends string>(call: Call<K>, who: K, kind: string, csv: string) =>
    call(who, 'POST', `${base}/${kind}/import`, { csv });

  it('parses quoted cells, both separators and CRLF', () => {
    expect(parseCsv('a;b\r\n"x;1";"say ""hi"""\r\n\r\n')).toEqual([
      ['a', 'b'],
      ['x;1', 'say "hi"'],
    ]);
    expect(parseCsv('a,b\n1,2')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
  });

  it('refuses a file that is not CSV as a whole, naming the reason', () => {
    const report = readCatalogueCsv('aac', `${header}\n"N-1;Neu 1;240;625;1000;6000;20;1.8;0;true`);
    expect(report).toMatchObject({ rows: [], problems: [{ row: 1, reason: 'CATALOGUE.Problems.Malformed' }] });
  });

  it('reports every refused row and replaces nothing unless the whole file is valid', async () => {
    const db = await getTestDatabase();
    const { admin, tenant } = await createWorld(db);
    await seedCatalogues(db, tenant.tenant_id, 'celona');
    const before = await db
      .selectFrom('aac_products')
      .selectAll()
      .where('tenant_id', '=', tenant.tenant_id)
      .orderBy('aac_product_id')
      .execute();
    const { call } = await signInActors(app, { admin });
    const csv = [
      header,
      'N-1;Neu 1;240;625;1000;6000;20;1.8;0;true',
      'N-2;Neu 2;abc;625;1000;6000;20;1.8;0;true',
      'N-3;Neu 3;240;625;3000;2000;20;1.8;0;true',
      'N-1;Doppelt;240;625;1000;6000;20;1.8;0;true',
      'N-4;;240;625;1000;6000;20;0;0;vielleicht',
      'N-5;Neu 5;240;625;1010;6000;20;1.8;0;true',
    ].join('\n');
    const res = await upload(call, 'admin', 'aac', csv);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report).toMatchObject({ applied: false, rows: 6, inserted: 0 });
    expect(
      report.problems.map((p: { row: number; column: string; reason: string }) => [p.row, p.column, p.reason]),
    ).toEqual([
      [3, 'thicknessMm', 'CATALOGUE.Problems.NotAWholeNumber'],
      [4, 'maxLengthMm', 'CATALOGUE.Problems.MaxBelowMin'],
      [5, 'articleNo', 'CATALOGUE.Problems.Duplicate'],
      [6, 'title', 'CATALOGUE.Problems.Required'],
      [6, 'palletCapacity', 'CATALOGUE.Problems.NotPositive'],
      [6, 'active', 'CATALOGUE.Problems.NotABoolean'],
      [7, 'minLengthMm', 'CATALOGUE.Problems.LengthOffGrid'],
    ]);
    const after = await db
      .selectFrom('aac_products')
      .selectAll()
      .where('tenant_id', '=', tenant.tenant_id)
      .orderBy('aac_product_id')
      .execute();
    expect(after).toEqual(before);
  });

  it('applies a valid file: updates by article number, inserts new ones, deactivates the missing ones', async () => {
    const db = await getTestDatabase();
    const { admin, tenant } = await createWorld(db);
    const other = await createWorld(db);
    await seedCatalogues(db, tenant.tenant_id, 'celona');
    await seedCatalogues(db, other.tenant.tenant_id, 'celona');
    const { call } = await signInActors(app, { admin });
    const res = await upload(
      call,
      'admin',
      'aac',
      [header, 'PE-240-625;Umbenannt;240;625;1000;6000;20;2;3;true', 'NEU-1;Neu;300;750;1200;5000;20;2.1;1;true'].join(
        '\n',
      ),
    );
    expect(res.json()).toMatchObject({ applied: true, rows: 2, inserted: 1, updated: 1, problems: [] });
    expect(res.json().deactivated).toBeGreaterThan(20);
    const list = await call('admin', 'GET', `${base}/aacproducts`);
    const products = list.json().data as { articleNo: string; title: string; active: boolean }[];
    expect(
      products
        .filter((p) => p.active)
        .map((p) => p.articleNo)
        .sort(),
    ).toEqual(['NEU-1', 'PE-240-625']);
    expect(products.find((p) => p.articleNo === 'PE-240-625')?.title).toBe('Umbenannt');
    // The other tenant's catalogue is untouched.
    const otherActive = await db
      .selectFrom('aac_products')
      .select('article_no')
      .where('tenant_id', '=', other.tenant.tenant_id)
      .where('active', '=', true)
      .execute();
    expect(otherActive.length).toBeGreaterThan(20);
  });

  it('imports lintels with their type and refuses unknown types', async () => {
    const db = await getTestDatabase();
    const { admin } = await createWorld(db);
    const { call } = await signInActors(app, { admin });
    const head = 'itemNo;title;type;thicknessMm;lengthMm;heightMm;piecesPerPallet;active';
    const bad = await upload(
      call,
      'admin',
      'lintel',
      [head, 'X-1;Sturz;standard;175;1250;124;40;true', 'X-2;Sturz;Bogen;175;1250;124;40;true'].join('\n'),
    );
    expect(bad.json()).toMatchObject({
      applied: false,
      problems: [{ row: 3, column: 'type', reason: 'CATALOGUE.Problems.UnknownLintelType', value: 'Bogen' }],
    });
    const missing = await upload(call, 'admin', 'lintel', 'itemNo;title\nX;Y');
    expect(missing.json().problems.map((p: { column: string }) => p.column)).toEqual([
      'type',
      'thicknessMm',
      'lengthMm',
      'heightMm',
      'piecesPerPallet',
    ]);
    const ok = await upload(
      call,
      'admin',
      'lintel',
      [head, 'X-1;Sturz;standard;175;1250;124;40;true', 'X-2;Flachsturz;FS;115;1000;71;60;'].join('\n'),
    );
    expect(ok.json()).toMatchObject({ applied: true, inserted: 2 });
  });

  it('is for admins only', async () => {
    const db = await getTestDatabase();
    const { internal } = await createWorld(db);
    const { call } = await signInActors(app, { internal });
    expect((await upload(call, 'internal', 'aac', `${header}\nA;B;240;625;1000;6000;20;1.8;0;true`)).statusCode).toBe(
      403,
    );
    expect((await call('internal', 'GET', `${base}/lintelproducts`)).statusCode).toBe(403);
  });

  it('merges in chunks, yet readers see the old or the new catalogue, never half of it', async () => {
    const db = await getTestDatabase();
    const { admin, tenant } = await createWorld(db);
    await seedCatalogues(db, tenant.tenant_id, 'celona');
    const { call } = await signInActors(app, { admin });
    const oldActive = (
      await db
        .selectFrom('aac_products')
        .select('article_no')
        .where('tenant_id', '=', tenant.tenant_id)
        .where('active', '=', true)
        .execute()
    ).map((p) => p.article_no);
    const n = 4_500;
    const lines = Array.from({ length: n }, (_, i) => `HALF-${i};Stein ${i};240;625;1000;6000;20;1.8;0;true`);
    // The first product of the old catalogue stays, renamed; the others go.
    const csv = [header, `${oldActive[0]};Umbenannt;240;625;1000;6000;20;1.8;0;true`, ...lines].join('\n');
    let done = false;
    const importing = upload(call, 'admin', 'aac', csv).finally(() => {
      done = true;
    });
    const seen = new Set<string>();
    while (!done) {
      const list = await call('admin', 'GET', `${base}/aacproducts`);
      const products = list.json().data as { articleNo: string; title: string; active: boolean }[];
      const active = products.filter((p) => p.active);
      const fresh = active.filter((p) => p.articleNo.startsWith('HALF-')).length;
      const renamed = products.find((p) => p.articleNo === oldActive[0])?.title === 'Umbenannt';
      if (fresh === 0 && !renamed && active.length === oldActive.length) seen.add('old');
      else if (fresh === n && renamed && active.length === n + 1) seen.add('new');
      else seen.add(`half: ${fresh} new, renamed ${renamed}, ${active.length} active`);
      await new Promise((r) => setTimeout(r, 2));
    }
    expect((await importing).json()).toMatchObject({ applied: true, inserted: n, updated: 1 });
    expect([...seen].filter((s) => s.startsWith('half'))).toEqual([]);
    expect(seen.has('old')).toBe(true);
    // Nothing of the import is left behind.
    const left = await db
      .selectFrom('aac_products')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tenant_id', '=', tenant.tenant_id)
      .where('import_id', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  }, 120_000);

  it('refuses a second import of the same catalogue while one is under way', async () => {
    const db = await getTestDatabase();
    const { admin, tenant } = await createWorld(db);
    const { call } = await signInActors(app, { admin });
    const lines = Array.from({ length: 3_000 }, (_, i) => `RUN-${i};Stein ${i};240;625;1000;6000;20;1.8;0;true`);
    const first = upload(call, 'admin', 'aac', [header, ...lines].join('\n'));
    for (;;) {
      const running = await db
        .selectFrom('catalogue_imports')
        .select('import_id')
        .where('tenant_id', '=', tenant.tenant_id)
        .executeTakeFirst();
      if (running) break;
      await new Promise((r) => setTimeout(r, 2));
    }
    const second = await upload(call, 'admin', 'aac', `${header}\nX-1;Neu;240;625;1000;6000;20;1.8;0;true`);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'Conflict',
      messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.CatalogueImportRunning' }],
    });
    // Lintels are another catalogue: not refused.
    const lintel = await upload(
      call,
      'admin',
      'lintel',
      'itemNo;title;type;thicknessMm;lengthMm;heightMm;piecesPerPallet;active\nL-1;Sturz;standard;175;1250;124;40;true',
    );
    expect(lintel.json()).toMatchObject({ applied: true, inserted: 1 });
    expect((await first).json()).toMatchObject({ applied: true, inserted: 3_000 });
    expect((await upload(call, 'admin', 'aac', `${header}\nX-1;Neu;240;625;1000;6000;20;1.8;0;true`)).statusCode).toBe(
      200,
    );
  }, 120_000);

  it('changes nothing visible when the switch fails, and leaves nothing behind', async () => {
    const db = await getTestDatabase();
    const { tenant } = await createWorld(db);
    await seedCatalogues(db, tenant.tenant_id, 'celona');
    const snapshot = () =>
      db
        .selectFrom('aac_products')
        .selectAll()
        .where('tenant_id', '=', tenant.tenant_id)
        .orderBy('aac_product_id')
        .execute();
    const before = await snapshot();
    const rows: AacCsvRow[] = Array.from({ length: 2_500 }, (_, i) => ({
      article_no: `FAIL-${i}`,
      title: `Stein ${i}`,
      title_by_language: {},
      thickness_mm: 240,
      width_mm: 625,
      min_length_mm: 1000,
      max_length_mm: 6000,
      length_step_mm: 20,
      pallet_capacity: 1.8,
      color_index: 0,
      active: true,
    }));
    await expect(
      replaceCatalogue(db, 'aac_products', tenant.tenant_id, rows, new Date(), async () => {
        throw new Error('the switch failed');
      }),
    ).rejects.toThrow('the switch failed');
    expect(await snapshot()).toEqual(before);
    const imports = await db
      .selectFrom('catalogue_imports')
      .select('import_id')
      .where('tenant_id', '=', tenant.tenant_id)
      .execute();
    expect(imports).toEqual([]);
  });

  it('imports 20,000 rows without holding the database: other requests keep a short latency', async () => {
    const { admin } = await createWorld(await getTestDatabase());
    const { call } = await signInActors(app, { admin });
    const lines = Array.from(
      { length: 20_000 },
      (_, i) => `BIG-${i};Stein ${i};${100 + (i % 30) * 10};625;1000;6000;20;1.8;${i % 5};true`,
    );
    const csv = [header, ...lines].join('\n');
    let done = false;
    const started = performance.now();
    const importing = upload(call, 'admin', 'aac', csv).finally(() => {
      done = true;
    });
    // The embedded database runs on this thread: a request's wait is the time from when it could
    // have been sent (the previous one answered, plus 5 ms) to its answer.
    const latencies: number[] = [];
    let ready = performance.now();
    while (!done) {
      await new Promise((r) => setTimeout(r, 5));
      const me = await call('admin', 'GET', '/api/account/me');
      expect(me.statusCode).toBe(200);
      const now = performance.now();
      latencies.push(now - ready - 5);
      ready = now;
    }
    const res = await importing;
    const total = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, rows: 20_000, inserted: 20_000, updated: 0 });
    const worst = Math.max(...latencies);
    console.log(
      `import of 20,000 rows: ${Math.round(total)} ms; ${latencies.length} requests meanwhile, worst ${Math.round(worst)} ms`,
    );
    // Requests are answered while the file is read (in a worker) and the rows are staged; the
    // final merge holds the embedded database for one stretch.
    expect(latencies.length).toBeGreaterThan(10);
    expect(worst).toBeLessThan(total / 2);

    // A second import of the same file changes nothing and is reported as updates.
    const again = await upload(call, 'admin', 'aac', csv);
    expect(again.json()).toMatchObject({ applied: true, inserted: 0, updated: 20_000, deactivated: 0 });
    const staged = await (
      await getTestDatabase()
    )
      .selectFrom('catalogue_import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(staged.n)).toBe(0);

    // A large file is read in a worker thread; its problems come back with their line numbers.
    const broken = [header, ...lines.slice(0, 5_000), 'BIG-X;Stein X;abc;625;1000;6000;20;1.8;0;true'].join('\n');
    const refused = await upload(call, 'admin', 'aac', broken);
    expect(refused.json()).toMatchObject({
      applied: false,
      problems: [{ row: 5_002, column: 'thicknessMm', reason: 'CATALOGUE.Problems.NotAWholeNumber', value: 'abc' }],
    });
  }, 120_000);
});
