import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleKeys } from '../../../shared/schemas/project-unit';
import { createTestApp, signIn, xhr } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import {
  addMember,
  createChildUnit,
  createProject,
  createSalesOrg,
  createWorld,
  TEST_PASSWORD,
} from '../../test/factories';
import { answerChecker } from './test-openapi-answers';
import { operationsOf, requestFor, seeded, type OpenApiDocument, type Target } from './test-openapi-requests';

/**
 * Every operation of the OpenAPI document, called with inputs derived from its own schemas (valid
 * ones and ones with a single hostile value), signed in as a tenant admin who is a member of a
 * project with every role. Fails on any 5xx, on a status the operation does not document, and on
 * a JSON answer that does not match the documented schema. The seed is fixed, so a failure repeats.
 */
const SEED = 20261124;
const VALID_PER_OPERATION = 10;
const HOSTILE_PER_OPERATION = 14;

describe('fuzzing every operation of the OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: OpenApiDocument;
  let cookie: string;
  let login: string;
  let target: Target;

  beforeAll(async () => {
    app = await createTestApp();
    doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const db = await getTestDatabase();
    const { tenant, admin, internal, external } = await createWorld(db);
    const salesOrg = await createSalesOrg(db, tenant.tenant_id);
    const root = await createProject(db, tenant.tenant_id, { sales_org_id: salesOrg.sales_org_id });
    const sub = await createChildUnit(db, root, { title: 'Haus A' });
    const lot = await createChildUnit(db, sub, { project_unit_type: 'approvallot', title: 'EG' });
    const order = await createChildUnit(db, sub, {
      project_unit_type: 'aacorderlot',
      title: 'Bestellung',
      state_key: 'PlaceOrder',
    });
    await addMember(db, root.project_unit_id, admin.user_id, [...roleKeys]);
    await addMember(db, root.project_unit_id, internal.user_id, ['reviewer']);
    login = admin.login;
    cookie = await signIn(app, login, TEST_PASSWORD);
    const ids = [
      root.project_unit_id,
      sub.project_unit_id,
      lot.project_unit_id,
      order.project_unit_id,
      internal.user_id,
      external.user_id,
      salesOrg.sales_org_id,
      1,
    ];
    target = { ids, productKey: app.ctx.config.productKey };
  });
  afterAll(() => app.close());

  it('answers every input without a 5xx and as documented', { timeout: 600_000 }, async () => {
    const rnd = seeded(SEED);
    const check = answerChecker(doc.components);
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const operation of operationsOf(doc)) {
      const { name, method, op } = operation;
      // Signing out would only end the fuzzing session; it is covered by the account tests.
      if (name === 'POST /Account/SignOut') continue;
      // The live stream stays open for as long as the tab does; its inputs are tested in modules/live.
      if (name === 'GET /api/events/stream') continue;
      for (let i = 0; i < VALID_PER_OPERATION + HOSTILE_PER_OPERATION; i++) {
        const hostile = i >= VALID_PER_OPERATION;
        const { url, payload } = requestFor(operation, target, rnd, hostile);
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { ...xhr, cookie, ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
          payload: payload === undefined ? undefined : JSON.stringify(payload),
          // Its wrong sign-ins come from their own addresses, not the other tests' 127.0.0.1.
          remoteAddress: `198.51.100.${(requests % 250) + 1}`,
        });
        requests++;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${name} ${url} ${JSON.stringify(payload)?.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        if (res.statusCode >= 500) {
          failures.push(`5xx: ${where}`);
          continue;
        }
        const responses = op.responses ?? {};
        const documented = responses[String(res.statusCode)];
        const documentsSuccess = Object.keys(responses).some((s) => s.startsWith('2'));
        if (!documented) {
          if (res.statusCode < 400 && !documentsSuccess) continue; // a file stream
          failures.push(`undocumented status: ${where}`);
          continue;
        }
        const schema = documented.content?.['application/json']?.schema;
        // A HEAD answer has no body (tus progress).
        const hasBody = res.statusCode !== 204 && method !== 'head';
        if (schema && hasBody && String(res.headers['content-type']).includes('json')) {
          const mismatch = check(schema, res.json());
          if (mismatch !== undefined) failures.push(`schema: ${where} ${mismatch}`);
        }
        if (res.statusCode === 401 && name !== 'POST /api/account/login')
          cookie = await signIn(app, login, TEST_PASSWORD);
      }
    }
    console.info(`fuzz: ${requests} requests, statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    // One line per operation and kind of failure, with its first example.
    const distinct = new Map<string, string>();
    for (const f of failures) distinct.set(/^(.*?: \S+ \S+)/.exec(f)?.[1] ?? f, f);
    expect([...distinct.values()]).toEqual([]);
    expect(requests).toBeGreaterThan(1000);
  });
});
