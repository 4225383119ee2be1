import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createChildUnit, createProject, createWorld } from '../../test/factories';

async function journalWorld(features: Record<string, unknown> = { HasJournal: true }) {
  const db = await getTestDatabase();
  const w = await createWorld(db, features);
  const root = await createProject(db, w.tenant.tenant_id, { title: 'Schule', state_key: 'Preparing' });
  const sub = await createChildUnit(db, root, { title: 'Turnhalle', state_key: 'Preparing' });
  await addMember(db, root.project_unit_id, w.external.user_id, ['reviewer']);
  const entry = (unitId: number, at: string, from: string, to: string, delayed = false) => ({
    tenant_id: w.tenant.tenant_id,
    root_project_unit_id: root.project_unit_id,
    project_unit_id: unitId,
    created_at: new Date(at),
    user_id: w.internal.user_id,
    user_email: w.internal.email,
    content_json: JSON.stringify({ oldState: from, newState: to }),
    delayed,
    rule: delayed ? JSON.stringify({ remindAfterWorkingDays: 3, escalateAfterWorkingDays: 7 }) : null,
  });
  await db
    .insertInto('project_unit_journal')
    .values([
      entry(root.project_unit_id, '2026-11-01T10:00:00Z', 'Structuring', 'Preparing', true),
      entry(sub.project_unit_id, '2026-11-01T10:00:00Z', 'Structuring', 'Preparing'),
      entry(root.project_unit_id, '2026-11-05T10:00:00Z', 'Preparing', 'PendingValidation'),
    ])
    .execute();
  return { ...w, root, sub };
}

describe('journal', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());
  const get = <K extends string>(call: Call<K>, who: K, rootId: number, qs = '') =>
    call(who, 'GET', `/api/data/portal/project-unit-journal/${rootId}${qs}`);

  it('pages and filters the history of a root for internal users, newest first, delayed rows with their rule', async () => {
    const w = await journalWorld();
    const { call } = await signInActors(app, { internal: w.internal });
    const all = await get(call, 'internal', w.root.project_unit_id, '?$top=2');
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(3);
    expect(all.json().data[0]).toMatchObject({
      projectUnitName: 'Schule',
      contentJson: { oldState: 'Preparing', newState: 'PendingValidation' },
      delayed: false,
    });
    const filtered = await get(
      call,
      'internal',
      w.root.project_unit_id,
      `?$filter=${encodeURIComponent("contains(projectUnitName,'turn') and projectUnitType in ('subproject','approvallot')")}`,
    );
    expect(filtered.json()).toMatchObject({
      count: 1,
      data: [{ projectUnitName: 'Turnhalle', projectUnitType: 'subproject' }],
    });
    const delayed = await get(call, 'internal', w.root.project_unit_id, '?$filter=delayed eq true');
    expect(delayed.json().data).toMatchObject([
      { delayed: true, rule: { escalateAfterWorkingDays: 7 }, userEmail: w.internal.email },
    ]);
    expect((await get(call, 'internal', w.root.project_unit_id, "?$filter=bogus eq 'x'")).statusCode).toBe(400);
  });

  it('refuses external members (403), other tenants (404), child ids (404) and tenants without HasJournal (403)', async () => {
    const w = await journalWorld();
    const other = await journalWorld();
    const off = await journalWorld({});
    const { call } = await signInActors(app, {
      external: w.external,
      otherInternal: other.internal,
      internal: w.internal,
      offInternal: off.internal,
    });
    expect((await get(call, 'external', w.root.project_unit_id)).statusCode).toBe(403);
    expect((await get(call, 'otherInternal', w.root.project_unit_id)).statusCode).toBe(404);
    expect((await get(call, 'internal', w.sub.project_unit_id)).statusCode).toBe(404);
    expect((await get(call, 'offInternal', off.root.project_unit_id)).statusCode).toBe(403);
  });
});
