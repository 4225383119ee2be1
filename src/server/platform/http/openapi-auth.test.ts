import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xhr } from '../../test/app';

/** Operations reachable without a session: sign-in, health, legal texts. Everything else needs one. */
const publicOperations = new Set([
  'POST /api/account/login',
  'POST /Account/SignOut',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/legal/operator',
]);
/** Extra public operations may be added only with a reason; the list is matched by prefix. */
const publicPrefixes = [
  'POST /api/account/password-reset',
  'GET /api/account/oidc',
  'POST /api/account/delete/confirm',
  // The invitation link: the token is the proof, before the invitee has a password.
  'POST /api/account/invitation/',
  'GET /api/banner-notifications/active-public',
  // The calendar feed: calendar programs fetch it without a session; the secret address is the proof.
  'GET /api/calendar/',
];

function isPublic(op: string): boolean {
  return publicOperations.has(op) || publicPrefixes.some((p) => op.startsWith(p));
}

function samplePath(path: string): string {
  return path.replace(/\{product\}/g, 'portal').replace(/\{[^}]+\}/g, '1');
}

describe('OpenAPI: every operation needs a session', () => {
  let app: FastifyInstance;
  let doc: { paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    app = await createTestApp();
    doc = (await app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(() => app.close());

  it('documents the API', () => {
    expect(Object.keys(doc.paths).length).toBeGreaterThan(3);
  });

  it('answers 401 without a session and leaks no data', async () => {
    const checked: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const op = `${method.toUpperCase()} ${path}`;
        if (isPublic(op)) continue;
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url: samplePath(path),
          headers: xhr,
          payload: method === 'get' ? undefined : {},
        });
        expect(res.statusCode, op).toBe(401);
        expect(res.json(), op).toEqual({
          status: 401,
          code: 'Unauthenticated',
          messages: [{ messageType: 'Error', message: 'ERRORMESSAGES.Unauthenticated' }],
        });
        checked.push(op);
      }
    }
    expect(checked.length).toBeGreaterThan(0);
  });
});
