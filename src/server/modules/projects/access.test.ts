import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { base, createProjectWorld, type ProjectWorld } from './test-world';

/**
 * Access matrix (DESIGN.md §2): on every endpoint of the project details area, a user of
 * another tenant (even its admin) and an external non-member of the same tenant get 404 and
 * learn nothing; the project's data stays untouched.
 */
describe('project details: access matrix', () => {
  let app: FastifyInstance;
  let w: ProjectWorld;
  let addressId: number;
  let contactId: number;
  beforeAll(async () => {
    app = await createTestApp();
    w = await createProjectWorld(app);
    addressId = (
      await w.call('planner', 'POST', `${base}/addresses`, { projectUnitID: w.root.project_unit_id, city: 'Hannover' })
    ).json().addressID;
    contactId = (
      await w.call('planner', 'POST', `${base}/contacts`, { projectUnitID: w.root.project_unit_id, name: 'Bau' })
    ).json().contactID;
  });
  afterAll(() => app.close());

  const endpoints = (): [string, 'GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?][] => {
    const root = w.root.project_unit_id;
    const lot = w.lot.project_unit_id;
    const sub = w.sub.project_unit_id;
    return [
      ['unit', 'GET', `${base}/projects/${lot}`],
      ['path', 'GET', `${base}/projects/${lot}/path`],
      ['children', 'GET', `${base}/projects/${root}/children?$count=true`],
      ['features', 'GET', `${base}/projects/${root}/features`],
      ['title check', 'GET', `${base}/projects/${root}/title-available?title=Haus%20A`],
      ['lot context', 'GET', `${base}/projects/${sub}/approval-lot-context`],
      ['members', 'GET', `${base}/projects/${root}/members`],
      ['member profile', 'GET', `${base}/projects/${root}/members/${w.planner.user_id}`],
      [
        'create',
        'POST',
        `${base}/projects`,
        { parentProjectUnitID: root, projectUnitType: 'subproject', title: 'Eindringling' },
      ],
      ['update', 'PUT', `${base}/projects/${lot}`, { title: 'Gekapert' }],
      ['delete', 'DELETE', `${base}/projects/${lot}`],
      ['materials read', 'GET', `/api/materials/${lot}`],
      ['materials save', 'POST', `/api/materials/${lot}`, [{ type: 'aac', volume: 1, deliveryDate: '2030-01-01' }]],
      ['address read', 'GET', `${base}/addresses/${addressId}`],
      ['address create', 'POST', `${base}/addresses`, { projectUnitID: root, city: 'X' }],
      ['address update', 'PUT', `${base}/addresses/${addressId}`, { projectUnitID: root, city: 'X', version: 1 }],
      ['contact read', 'GET', `${base}/contacts/${contactId}`],
      ['contact create', 'POST', `${base}/contacts`, { projectUnitID: root, name: 'X' }],
      ['contact update', 'PUT', `${base}/contacts/${contactId}`, { projectUnitID: root, name: 'X', version: 1 }],
      [
        'link site data',
        'PUT',
        `${base}/projectunitadditionaldata/${root}`,
        { projectUnitID: root, siteAddressID: addressId },
      ],
      [
        'reviewer change',
        'POST',
        '/api/project-tools/execute',
        { name: 'reviewer-change-request', data: { rootUnitId: root, email: 'x@y.example' } },
      ],
      ['tenant info', 'GET', `/api/tenant-infos/${root}`],
    ];
  };

  for (const who of ['foreign', 'foreignAdmin', 'outsider'] as const) {
    it(`answers 404 to ${who} on every endpoint`, async () => {
      for (const [name, method, url, payload] of endpoints()) {
        const res = await w.call(who, method, url, payload);
        expect(res.statusCode, `${who}: ${name}`).toBe(404);
        expect(res.json(), `${who}: ${name}`).toEqual({
          status: 404,
          code: 'NotFound',
          messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.NotFound' }],
        });
      }
      const lot = await w.call('member', 'GET', `${base}/projects/${w.lot.project_unit_id}`);
      expect(lot.json().title).toBe('EG');
      const mails = await w.db
        .selectFrom('mail_outbox')
        .select('mail_id')
        .where('tenant_id', '=', w.tenant.tenant_id)
        .execute();
      expect(mails).toHaveLength(0);
    });
  }

  it('the logo of a foreign tenant is 404', async () => {
    expect((await w.call('foreign', 'GET', `${base}/tenantfiles/${w.tenant.tenant_id}/thumbnail.png`)).statusCode).toBe(
      404,
    );
  });

  it('members and internal users of the tenant read everything', async () => {
    for (const who of ['member', 'internal', 'planner'] as const) {
      for (const [name, method, url] of endpoints()) {
        if (method !== 'GET') continue;
        expect((await w.call(who, method, url)).statusCode, `${who}: ${name}`).toBe(200);
      }
    }
  });
});
