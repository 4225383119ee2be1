import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInActors, type Call } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import {
  addMember,
  createChildUnit,
  createProject,
  createSalesOrg,
  createUser,
  createWorld,
} from '../../test/factories';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const day = (n: number) => new Date(Date.UTC(2026, 0, n));

async function setup() {
  const db = await getTestDatabase();
  const world = await createWorld(db);
  const t = world.tenant.tenant_id;
  const so = await createSalesOrg(db, t);
  const structuring = await createProject(db, t, {
    title: 'Lindenhof',
    state_since: day(3),
    sales_org_id: so.sales_org_id,
  });
  const provide = await createProject(db, t, { title: 'Hafenkante', state_key: 'ProvideFiles', state_since: day(5) });
  const closed = await createProject(db, t, { title: 'Sporthalle', state_key: 'Closed', state_since: day(1) });
  const archived = await createProject(db, t, { title: 'Altbau', state_key: 'Archived', state_since: day(2) });
  // A child unit in a current state is never a list row itself.
  await createChildUnit(db, structuring, { title: 'Haus A', state_key: 'ProvideFiles', state_since: day(9) });
  await addMember(db, provide.project_unit_id, world.external.user_id, ['reviewer']);

  const other = await createWorld(db);
  const foreign = await createProject(db, other.tenant.tenant_id, { title: 'Fremdprojekt', state_since: day(4) });
  const guest = await createUser(db, other.tenant.tenant_id, { is_internal: true });
  await addMember(db, structuring.project_unit_id, guest.user_id, ['customer']);
  return { db, world, other, so, structuring, provide, closed, archived, foreign, guest };
}

const list = async <K extends string>(call: Call<K>, who: K, kind: string, query = '') => {
  const res = await call(who, 'GET', `/api/data/portal/projectlist/${kind}${query}`);
  return { status: res.statusCode, body: res.json() };
};
const titles = (body: { data: { title: string }[] }) => body.data.map((r) => r.title);

describe('project lists', () => {
  it('current: roots not Closed/Archived; closed: Closed or Archived; newest state first', async () => {
    const s = await setup();
    const { call } = await signInActors(app, { internal: s.world.internal });
    const current = await list(call, 'internal', 'current', '?$count=true');
    expect(current.status).toBe(200);
    expect(titles(current.body)).toEqual(['Hafenkante', 'Lindenhof']);
    expect(current.body.count).toBe(2);
    expect(current.body.data[1]).toEqual({
      projectUnitID: s.structuring.project_unit_id,
      projectUnitNo: s.structuring.project_unit_no,
      title: 'Lindenhof',
      stateKey: 'Structuring',
      stateSince: day(3).toISOString(),
      parentProjectUnitID: null,
      tenantID: s.world.tenant.tenant_id,
      salesOrgID: s.so.sales_org_id,
    });
    const closed = await list(call, 'internal', 'closed', '?$count=true');
    expect(titles(closed.body)).toEqual(['Altbau', 'Sporthalle']);
    expect(closed.body.count).toBe(2);
  });

  it('shows members, internal users and admins of the tenant their projects, and nobody else anything', async () => {
    const s = await setup();
    const outsider = await createUser(s.db, s.world.tenant.tenant_id, { is_internal: false });
    const { call } = await signInActors(app, {
      admin: s.world.admin,
      external: s.world.external,
      outsider,
      foreignInternal: s.other.internal,
      guest: s.guest,
    });
    expect(titles((await list(call, 'admin', 'current')).body)).toEqual(['Hafenkante', 'Lindenhof']);

    // External user of the same tenant: only the project they are a member of.
    expect(titles((await list(call, 'external', 'current')).body)).toEqual(['Hafenkante']);
    expect((await list(call, 'external', 'closed', '?$count=true')).body).toEqual({ data: [], count: 0 });

    // A non-member external user of the same tenant sees nothing.
    expect((await list(call, 'outsider', 'current', '?$count=true')).body).toEqual({ data: [], count: 0 });

    // Another tenant's internal user sees only their own tenant's projects.
    expect(titles((await list(call, 'foreignInternal', 'current')).body)).toEqual(['Fremdprojekt']);
    expect((await list(call, 'foreignInternal', 'closed')).body.data).toEqual([]);

    // A member from another tenant sees the project they were invited to, next to their own tenant's.
    expect(titles((await list(call, 'guest', 'current')).body)).toEqual(['Fremdprojekt', 'Lindenhof']);
  });

  it('filters, orders and pages with the list options and counts the matches', async () => {
    const s = await setup();
    const { call } = await signInActors(app, { internal: s.world.internal });
    const byTitle = await list(
      call,
      'internal',
      'current',
      `?$filter=${encodeURIComponent("contains(title,'linden')")}&$count=true`,
    );
    expect(byTitle.body).toMatchObject({ count: 1, data: [{ title: 'Lindenhof' }] });
    const paged = await list(call, 'internal', 'current', '?$orderby=title&$top=1&$skip=1&$count=true');
    expect(paged.body).toMatchObject({ count: 2, data: [{ title: 'Lindenhof' }] });
    const noCount = await list(call, 'internal', 'current', '?$top=1');
    expect(noCount.body.count).toBeUndefined();
    expect(noCount.body.data).toHaveLength(1);
  });

  it('answers 400 naming an unknown field, 400 for a bad $top, 404 for another product key, 401 without a session', async () => {
    const s = await setup();
    const { call } = await signInActors(app, { internal: s.world.internal });
    const unknown = await list(
      call,
      'internal',
      'current',
      `?$filter=${encodeURIComponent("tenant_id eq 1 or title eq 'x'")}`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'ValidationFailed',
      messages: [{ message: 'VALIDATION.UnknownField', reference: '$filter', params: { field: 'tenant_id' } }],
    });
    expect((await list(call, 'internal', 'current', '?$orderby=password')).body.messages[0]).toMatchObject({
      message: 'VALIDATION.UnknownField',
      params: { field: 'password' },
    });
    const top = await list(call, 'internal', 'current', '?$top=500');
    expect(top.status).toBe(400);
    expect(top.body.messages[0]).toMatchObject({ message: 'VALIDATION.MaxValueReached', params: { max: 100 } });
    expect(
      (await list(call, 'internal', 'current', `?$filter=${encodeURIComponent("title eq 'x'; drop table users")}`))
        .status,
    ).toBe(400);
    expect((await list(call, 'internal', 'archive')).status).toBe(404);
    const other = await call('internal', 'GET', '/api/data/other/projectlist/current');
    expect(other.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/data/portal/projectlist/current' })).statusCode).toBe(401);
  });
});
