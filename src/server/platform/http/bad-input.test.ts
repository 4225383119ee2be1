import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCatalogueCsv } from '../../modules/orders/catalogue-csv';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createProject, createWorld } from '../../test/factories';

/** Input that used to answer 500: every refusal is a 400 in the error shape, naming the field. */
describe('bad input answers 400 naming the field', () => {
  let app: FastifyInstance;
  let call: Call<'internal'>;
  let rootId: number;
  const base = '/api/data/portal';
  beforeAll(async () => {
    app = await createTestApp();
    const db = await getTestDatabase();
    const { internal, tenant } = await createWorld(db);
    const root = await createProject(db, tenant.tenant_id);
    await addMember(db, root.project_unit_id, internal.user_id, ['projectAdminCSC', 'member']);
    rootId = root.project_unit_id;
    ({ call } = await signInActors(app, { internal }));
  });
  afterAll(() => app.close());

  const refusal = (res: { statusCode: number; json: () => unknown }) => {
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; messages: { message: string; reference?: string | null }[] };
    expect(body.code).toBe('ValidationFailed');
    return body.messages.map((m) => [m.reference, m.message]);
  };

  it('accepts ids only as digits 1…2147483647, in paths and query strings', async () => {
    for (const id of ['2147483648', '99999999999999999999', '1.5', '0x10', '%202', '0', '01', '-1', '1e3', '%00']) {
      const path = refusal(await call('internal', 'GET', `/api/tasks/${id}`));
      expect(path[0]?.[0], id).toBe('id');
      const query = refusal(await call('internal', 'GET', `${base}/projectunitparams?projectUnitID=${id}`));
      expect(query[0]?.[0], id).toBe('projectUnitID');
    }
    expect((await call('internal', 'GET', '/api/tasks/2147483647')).statusCode).toBe(404);
    const body = refusal(
      await call('internal', 'POST', `${base}/projects`, {
        parentProjectUnitID: 2147483648,
        projectUnitType: 'subproject',
        title: 'Haus',
      }),
    );
    expect(body).toContainEqual(['parentProjectUnitID', 'VALIDATION.InvalidId']);
  });

  it('refuses NUL, lone surrogates, control and invisible format characters in titles and names', async () => {
    const put = (title: string) => call('internal', 'PUT', `${base}/projects/${rootId}`, { title });
    for (const bad of [
      'a\u0000b',
      'x\uD800y',
      '\uDC00',
      'a\u202Eb',
      'zero\u200Bwidth',
      'bell\u0007',
      'line\u2028sep',
    ]) {
      expect(refusal(await put(bad)), JSON.stringify(bad)).toEqual([['title', 'VALIDATION.InvalidCharacters']]);
    }
    for (const empty of ['   ', '\u3000', '\u0301']) {
      expect(refusal(await put(empty)), JSON.stringify(empty)).toEqual([['title', 'VALIDATION.IsRequired']]);
    }
    // NUL anywhere else (a password, a filter) is refused before any schema, naming where it was.
    const login = await app.inject({
      method: 'POST',
      url: '/api/account/login',
      headers: xhr,
      payload: { login: 'someone', password: 'pa\u0000ss' },
    });
    expect(refusal(login)).toEqual([['password', 'VALIDATION.InvalidCharacters']]);
  });

  it('stores names NFC-normalised and keeps line breaks in notes', async () => {
    const profile = await call('internal', 'POST', `${base}/profileuserprofile`, {
      firstName: 'Rene\u0301',
      lastName: 'Mu\u0308ller',
    });
    expect(profile.statusCode).toBe(200);
    const { data } = (await call('internal', 'GET', `${base}/profile`)).json();
    expect(data.userProfile).toMatchObject({ firstName: 'Ren\u00e9', lastName: 'M\u00fcller' });
    const notes = await call('internal', 'PUT', `${base}/projects/${rootId}`, { notes: 'Zeile 1\nZeile 2\tmit Tab' });
    expect(notes.statusCode).toBe(200);
    expect(notes.json().notes).toBe('Zeile 1\nZeile 2\tmit Tab');
  });

  it('accepts only days that exist, years 1900…2999', async () => {
    for (const day of [
      '2027-02-30',
      '2026-13-01',
      '0000-01-01',
      '2026-1-5',
      '20260105',
      '2026-02-29',
      '08.12.2026',
      '8.1.',
    ]) {
      const res = await call('internal', 'PUT', `${base}/projects/${rootId}`, { deliveryDate: day });
      expect(refusal(res), day).toEqual([['deliveryDate', 'VALIDATION.InvalidDate']]);
    }
  });

  it('checks $filter values against the column type and range, and $top/$skip as digits', async () => {
    for (const filter of [
      'projectUnitID eq 2147483648',
      'projectUnitID eq 1.5',
      'salesOrgID eq -99999999999',
      "stateSince ge '0000-01-01'",
      "stateSince ge '2027-02-30'",
      "stateSince ge datetime'0000-01-01T00:00:00Z'",
    ]) {
      const res = await call('internal', 'GET', `${base}/projectlist/current?$filter=${encodeURIComponent(filter)}`);
      expect(refusal(res)[0]?.[0], filter).toBe('$filter');
    }
    for (const [name, value] of [
      ['$top', '1.5'],
      ['$top', '0x10'],
      ['$skip', '-1'],
      ['$skip', '99999999999'],
    ] as const) {
      const res = await call('internal', 'GET', `${base}/projectlist/current?${name}=${value}`);
      expect(refusal(res)[0]?.[0], `${name}=${value}`).toBe(name);
    }
  });

  it('checks catalogue cells against their column range and characters', () => {
    const header =
      'articleNo;title;thicknessMm;widthMm;minLengthMm;maxLengthMm;lengthStepMm;palletCapacity;colorIndex;active';
    const report = readCatalogueCsv(
      'aac',
      [header, 'N-1;Neu\u200B1;99999999999;625;1000;6000;20;100000;2147483648;true'].join('\n'),
    );
    expect(report.problems.map((p) => [p.column, p.reason])).toEqual([
      ['title', 'CATALOGUE.Problems.InvalidCharacters'],
      ['thicknessMm', 'CATALOGUE.Problems.TooLarge'],
      ['palletCapacity', 'CATALOGUE.Problems.TooLarge'],
      ['colorIndex', 'CATALOGUE.Problems.TooLarge'],
    ]);
  });
});
