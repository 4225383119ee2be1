import { Ajv, type ValidateFunction } from 'ajv';
import fc from 'fast-check';
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

/**
 * Every operation of the OpenAPI document, called with inputs derived from its own schemas (valid
 * ones and ones with a single hostile value), signed in as a tenant admin who is a member of a
 * project with every role. Fails on any 5xx, on a status the operation does not document, and on
 * a JSON answer that does not match the documented schema. The seed is fixed, so a failure repeats.
 */
const SEED = 20261124;
const VALID_PER_OPERATION = 10;
const HOSTILE_PER_OPERATION = 14;

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  nullable?: boolean;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  additionalProperties?: boolean | Schema;
};
type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema: Schema }> }>;
};

/** Values that broke the API from outside: ids past int4, odd number forms, NUL, lone surrogates, bidi, bad days. */
const hostileStrings = [
  '\u0000',
  'a\u0000b',
  'x\uD800y',
  '\uDC00',
  '\u202Eevil',
  '\u200B',
  '2027-02-30',
  '0000-01-01',
  '9999-99-99T99:99:99Z',
  ' 2',
  '0x10',
  '1.5',
  '1e3',
  '-1',
  '2147483648',
  '99999999999999999999',
  '',
  ' ',
  "'; drop table users; --",
  'ä'.repeat(3000),
  // Worst cases of backtracking patterns, far over every maximum length (the body limit allows them).
  `a@${'a.'.repeat(128 * 1024)}@`,
  `${' '.repeat(100_000)}x`,
  `${'0'.repeat(100_000)}!`,
];

/** The worst case of a backtracking pattern at a given length: `a@` + `a.`×k + `@`. */
const worstCase = (length: number) => `a@${'a.'.repeat(length)}`.slice(0, Math.max(0, length - 1)) + '@';
const hostileValues: unknown[] = [
  ...hostileStrings,
  2147483648,
  -2147483649,
  1.5,
  -1,
  0,
  1e308,
  Number.MAX_SAFE_INTEGER,
  null,
  true,
  [],
  {},
  [1, 2],
  { a: '\u0000' },
];
const hostileIds = ['0', '2147483648', '1.5', '0x10', ' 2', '-1', 'abc', '\u0000', '01', '9'.repeat(30), '%C3%A4'];
const hostileFilters = [
  "title eq '\u0000'",
  'projectUnitID eq 2147483648',
  'projectUnitID eq 1.5',
  "stateSince ge '0000-01-01'",
  "stateSince ge '2027-02-30'",
  "stateSince ge datetime'0000-01-01T00:00:00Z'",
  'salesOrgID eq 99999999999',
  "contains(title,'\uD800')",
  'title eq',
  'not',
];

function arbitraryOf(schema: Schema, ids: number[], name = ''): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    const choices = schema.anyOf ?? schema.oneOf;
    if (choices) return fc.oneof(...choices.map((s) => arbitraryOf(s, ids, name)));
    if (schema.allOf?.[0]) return arbitraryOf(schema.allOf[0], ids, name);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    switch (schema.type) {
      case 'string': {
        if (/id$/i.test(name) && schema.pattern?.startsWith('^[1-9]')) return fc.constantFrom(...ids.map(String));
        if (schema.format === 'email') return fc.emailAddress();
        if (schema.format === 'date-time' || schema.pattern?.includes('T(?:'))
          return fc
            .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString());
        if (schema.pattern?.includes('\\d{4}-'))
          return fc
            .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10));
        if (schema.pattern)
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
        const short = fc.string({
          unit: 'grapheme',
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 40, 40),
        });
        // Now and then the longest text the field takes, plain or as a pattern's worst case.
        const max = schema.maxLength;
        if (max === undefined || max < 2) return short;
        return fc.oneof(
          { arbitrary: short, weight: 8 },
          { arbitrary: fc.constant('Ä'.repeat(max)), weight: 1 },
          { arbitrary: fc.constant(worstCase(max)), weight: 1 },
        );
      }
      case 'integer': {
        const min = Math.max(schema.minimum ?? -1000, -1_000_000) + (schema.exclusiveMinimum === true ? 1 : 0);
        const max = Math.min(schema.maximum ?? 1000, 1_000_000);
        const any = fc.integer({ min, max: Math.max(min, max) });
        return /id$/i.test(name) ? fc.oneof(fc.constantFrom(...ids), any) : any;
      }
      case 'number':
        return fc.double({
          min: Math.max(schema.minimum ?? -1000, -1e6),
          max: Math.min(schema.maximum ?? 1000, 1e6),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(schema.items ? arbitraryOf(schema.items, ids, name) : fc.anything(), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
        });
      case 'object': {
        const props = schema.properties ?? {};
        const required = schema.required ?? [];
        return fc.record(Object.fromEntries(Object.entries(props).map(([k, s]) => [k, arbitraryOf(s, ids, k)])), {
          requiredKeys: required.filter((k) => k in props),
        });
      }
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null, freq: 5 }) : base;
}

/** A valid value with one place (a property at any depth, or the whole) replaced by a hostile value. */
function spoil(value: unknown, rnd: Rnd): unknown {
  const pick = <T>(list: T[]) => list[rnd.nextInt(0, list.length - 1)] as T;
  if (
    value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).length > 0 &&
    rnd.nextInt(0, 4) > 0
  ) {
    const key = pick(Object.keys(value));
    return { ...value, [key]: spoil((value as Record<string, unknown>)[key], rnd) };
  }
  if (Array.isArray(value) && value.length > 0 && rnd.nextInt(0, 2) > 0) {
    const i = rnd.nextInt(0, value.length - 1);
    return value.map((v, j) => (j === i ? spoil(v, rnd) : v));
  }
  if (typeof value === 'string' && rnd.nextInt(0, 2) === 0) return `${value}${worstCase(value.length + 1)}`;
  return pick(hostileValues);
}

type Rnd = { nextInt(min?: number, max?: number): number };

/** A small seeded generator (mulberry32) for the choices around fast-check's samples. */
function seeded(seed: number): Rnd {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { nextInt: (min = 0, max = 0x7fffffff) => min + Math.floor(next() * (max - min + 1)) };
}

/** OpenAPI 3.0's boolean exclusive bounds and `nullable`, as the JSON Schema that Ajv reads. */
function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  // A recursive schema (a folder's children) is documented as a placeholder: anything is accepted there.
  if ((schema as { $ref?: string }).$ref === '__SCHEMA__PLACEHOLDER__') return {};
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = toJsonSchema(v);
  if (out.exclusiveMinimum === true) [out.exclusiveMinimum, out.minimum] = [out.minimum, undefined];
  if (out.exclusiveMaximum === true) [out.exclusiveMaximum, out.maximum] = [out.maximum, undefined];
  if (out.exclusiveMinimum === false) delete out.exclusiveMinimum;
  if (out.exclusiveMaximum === false) delete out.exclusiveMaximum;
  if (out.nullable === true) {
    delete out.nullable;
    return { anyOf: [out, { type: 'null' }] };
  }
  delete out.nullable;
  return JSON.parse(JSON.stringify(out)) as unknown;
}

describe('fuzzing every operation of the OpenAPI document', () => {
  let app: FastifyInstance;
  let doc: { paths: Record<string, Record<string, Operation>>; components?: object };
  let cookie: string;
  let login: string;
  let ids: number[];
  const ajv = new Ajv({ strict: false, allErrors: false, validateFormats: false });
  const validators = new Map<unknown, ValidateFunction>();

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
    ids = [
      root.project_unit_id,
      sub.project_unit_id,
      lot.project_unit_id,
      order.project_unit_id,
      internal.user_id,
      external.user_id,
      salesOrg.sales_org_id,
      1,
    ];
  });
  afterAll(() => app.close());

  function pathFor(path: string, params: Parameter[], rnd: Rnd, hostile: boolean): string {
    return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
      const param = params.find((p) => p.in === 'path' && p.name === name);
      if (name === 'product') return hostile && rnd.nextInt(0, 9) === 0 ? 'other' : app.ctx.config.productKey;
      let value: unknown;
      if (hostile && rnd.nextInt(0, 1) === 0) value = hostileIds[rnd.nextInt(0, hostileIds.length - 1)];
      else if (param) value = fc.sample(arbitraryOf(param.schema, ids, name), { seed: rnd.nextInt(), numRuns: 1 })[0];
      return encodeURIComponent(String(value ?? '1'));
    });
  }

  function queryFor(params: Parameter[], rnd: Rnd, hostile: boolean): string {
    const query = new URLSearchParams();
    for (const p of params.filter((q) => q.in === 'query')) {
      if (!p.required && rnd.nextInt(0, 2) === 0) continue;
      let value = fc.sample(arbitraryOf(p.schema, ids, p.name), { seed: rnd.nextInt(), numRuns: 1 })[0];
      if (p.name === '$filter') value = hostile ? hostileFilters[rnd.nextInt(0, hostileFilters.length - 1)] : undefined;
      else if (hostile && rnd.nextInt(0, 2) === 0) value = hostileIds[rnd.nextInt(0, hostileIds.length - 1)];
      if (value !== undefined && value !== null) query.set(p.name, String(value));
    }
    const text = query.toString();
    return text ? `?${text}` : '';
  }

  function validatorFor(schema: Schema): ValidateFunction {
    let validate = validators.get(schema);
    if (!validate) {
      // Named schemas (recursive ones) are references into the document's components, resolved from the root.
      validate = ajv.compile({ ...(toJsonSchema(schema) as object), components: toJsonSchema(doc.components) });
      validators.set(schema, validate);
    }
    return validate;
  }

  it('bounds every string and list of every request body and query: a maximum length, a maximum count', () => {
    const unbounded: string[] = [];
    const walk = (schema: Schema | undefined, where: string) => {
      if (!schema) return;
      for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(s, where);
      if (schema.type === 'string' && schema.maxLength === undefined && !schema.enum && schema.const === undefined)
        unbounded.push(`${where}: string without maxLength`);
      if (schema.type === 'array') {
        if (schema.maxItems === undefined) unbounded.push(`${where}: array without maxItems`);
        walk(schema.items, `${where}[]`);
      }
      for (const [k, p] of Object.entries(schema.properties ?? {})) walk(p, `${where}.${k}`);
      if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        walk(schema.additionalProperties, `${where}.*`);
    };
    for (const [path, methods] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        walk(op.requestBody?.content['application/json']?.schema, `${name} body`);
        for (const p of op.parameters ?? []) if (p.in === 'query') walk(p.schema, `${name} ?${p.name}`);
      }
    expect(unbounded).toEqual([]);
  });

  it('answers every input without a 5xx and as documented', { timeout: 600_000 }, async () => {
    const rnd = seeded(SEED);
    const failures: string[] = [];
    let requests = 0;
    const statuses = new Map<number, number>();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        // Signing out would only end the fuzzing session; it is covered by the account tests.
        if (name === 'POST /Account/SignOut') continue;
        // The live stream stays open for as long as the tab does; its inputs are tested in modules/live.
        if (name === 'GET /api/events/stream') continue;
        const params = op.parameters ?? [];
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        for (let i = 0; i < VALID_PER_OPERATION + HOSTILE_PER_OPERATION; i++) {
          const hostile = i >= VALID_PER_OPERATION;
          const url = pathFor(path, params, rnd, hostile) + queryFor(params, rnd, hostile);
          let payload: unknown;
          if (bodySchema) {
            payload = fc.sample(arbitraryOf(bodySchema, ids), { seed: rnd.nextInt(), numRuns: 1 })[0];
            if (hostile) payload = spoil(payload, rnd);
          }
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
            const validate = validatorFor(schema);
            if (!validate(res.json())) failures.push(`schema: ${where} ${ajv.errorsText(validate.errors)}`);
          }
          if (res.statusCode === 401 && name !== 'POST /api/account/login')
            cookie = await signIn(app, login, TEST_PASSWORD);
        }
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
