import { Ajv } from 'ajv';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xhr } from '../../test/app';
import { operationDocs } from '../openapi/operations';

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
  // The one-click unsubscribe of a mail (RFC 8058): mail clients POST it without a session; the signed token is the proof.
  'GET /api/mail/unsubscribe',
  'POST /api/mail/unsubscribe',
];

function isPublic(op: string): boolean {
  return publicOperations.has(op) || publicPrefixes.some((p) => op.startsWith(p));
}

function samplePath(path: string): string {
  return path.replace(/\{product\}/g, 'portal').replace(/\{[^}]+\}/g, '1');
}

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown; example?: unknown }> };
  responses: Record<string, { description?: string }>;
};

/** OpenAPI 3.0's boolean exclusive bounds and `nullable`, as the JSON Schema that Ajv reads. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) if (k !== 'nullable') out[k] = toJsonSchema(v);
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (out[flag] === true) [out[flag], out[bound]] = [out[bound], undefined];
    if (out[flag] === false) delete out[flag];
  }
  const plain = JSON.parse(JSON.stringify(out)) as unknown;
  return (schema as { nullable?: boolean }).nullable ? { anyOf: [plain, { type: 'null' }] } : plain;
}

describe('OpenAPI: every operation needs a session and is documented', () => {
  let app: FastifyInstance;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    tags: { name: string; description?: string }[];
  };
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
        // A HEAD answer has no body to compare (tus progress); its 401 is checked below.
        if (isPublic(op) || method === 'head') continue;
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

describe('OpenAPI: every operation is documented', () => {
  let app: FastifyInstance;
  let doc: {
    paths: Record<string, Record<string, Operation>>;
    tags: { name: string; description?: string }[];
  };
  beforeAll(async () => {
    app = await createTestApp();
    doc = (await app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(() => app.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
    );

  it('gives every operation a summary, a description with its access, a described tag and described answers', () => {
    const tagged = new Map(doc.tags.map((t) => [t.name, t.description ?? '']));
    const missing: string[] = [];
    for (const { name, op } of operations()) {
      if (!op.summary?.trim()) missing.push(`${name}: summary`);
      if (!op.description?.trim()) missing.push(`${name}: description`);
      else if (!op.description.includes('**Access:**') && !name.includes('/api/file/uploads')) {
        missing.push(`${name}: access`);
      }
      if (!op.tags?.length) missing.push(`${name}: tag`);
      for (const tag of op.tags ?? []) if (!tagged.get(tag)) missing.push(`${name}: tag ${tag} undescribed`);
      for (const [status, answer] of Object.entries(op.responses)) {
        if (!answer.description || answer.description === 'Default Response') missing.push(`${name}: ${status}`);
      }
      if (!Object.keys(op.responses).some((s) => s >= '400')) missing.push(`${name}: no error answers`);
    }
    expect(missing).toEqual([]);
    expect(operations().length).toBeGreaterThan(150);
  });

  it('gives every JSON request body an example its schema accepts', () => {
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const failures: string[] = [];
    for (const { name, op } of operations()) {
      const media = op.requestBody?.content['application/json'];
      if (!media) continue;
      if (media.example === undefined) {
        failures.push(`${name}: no example`);
        continue;
      }
      const validate = ajv.compile(toJsonSchema(media.schema) as object);
      if (!validate(media.example)) failures.push(`${name}: ${ajv.errorsText(validate.errors)}`);
    }
    expect(failures).toEqual([]);
  });

  it('resolves every reference inside the document', () => {
    const named = new Set(Object.keys((doc as { components?: { schemas?: object } }).components?.schemas ?? {}));
    const dangling = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]*)"/g)]
      .map((m) => m[1] ?? '')
      .filter((ref) => !(ref.startsWith('#/components/schemas/') && named.has(ref.slice(21))));
    expect(dangling).toEqual([]);
  });

  it('describes no operation that does not exist', () => {
    const known = new Set(operations().map(({ name }) => name.replace(/\{(\w+)\}/g, ':$1')));
    expect(Object.keys(operationDocs).filter((key) => !known.has(key))).toEqual([]);
  });

  it('documents the resumable upload endpoint tus serves', async () => {
    const uploads = doc.paths['/api/file/uploads/{uploadId}'];
    expect(Object.keys(doc.paths['/api/file/uploads'] ?? {})).toEqual(['post']);
    expect(Object.keys(uploads ?? {}).sort()).toEqual(['delete', 'head', 'patch']);
    const res = await app.inject({
      method: 'HEAD',
      url: '/api/file/uploads/u1',
      headers: { 'tus-resumable': '1.0.0' },
    });
    expect(res.statusCode).toBe(401);
  });
});
