import fc from 'fast-check';
import { hostileFilters, hostileIds, hostileValues, worstCase } from './test-hostile-inputs';

export type Schema = {
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
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>>; components?: object };

/** Every operation of the document, named `METHOD /path`. */
export function operationsOf(doc: OpenApiDocument) {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, path, method, op })),
  );
}

type Rnd = { nextInt(min?: number, max?: number): number };

/** A small seeded generator (mulberry32) for the choices around fast-check's samples. */
export function seeded(seed: number): Rnd {
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

/** Valid values of a schema; a property or parameter named `…id` takes one of the world's `ids`. */
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

/** The ids of the world the requests may name, and the product key of the app's paths. */
export type Target = { ids: number[]; productKey: string };

function pathFor(path: string, params: Parameter[], target: Target, rnd: Rnd, hostile: boolean): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const param = params.find((p) => p.in === 'path' && p.name === name);
    if (name === 'product') return hostile && rnd.nextInt(0, 9) === 0 ? 'other' : target.productKey;
    let value: unknown;
    if (hostile && rnd.nextInt(0, 1) === 0) value = hostileIds[rnd.nextInt(0, hostileIds.length - 1)];
    else if (param)
      value = fc.sample(arbitraryOf(param.schema, target.ids, name), { seed: rnd.nextInt(), numRuns: 1 })[0];
    return encodeURIComponent(String(value ?? '1'));
  });
}

function queryFor(params: Parameter[], ids: number[], rnd: Rnd, hostile: boolean): string {
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

/**
 * The URL and JSON body of one call of an operation, from its own schemas: valid, or (`hostile`)
 * with hostile path ids, query values and filters, and one hostile place in the body.
 */
export function requestFor(
  operation: { path: string; op: Operation },
  target: Target,
  rnd: Rnd,
  hostile: boolean,
): { url: string; payload: unknown } {
  const params = operation.op.parameters ?? [];
  const url = pathFor(operation.path, params, target, rnd, hostile) + queryFor(params, target.ids, rnd, hostile);
  const bodySchema = operation.op.requestBody?.content['application/json']?.schema;
  if (!bodySchema) return { url, payload: undefined };
  const payload = fc.sample(arbitraryOf(bodySchema, target.ids), { seed: rnd.nextInt(), numRuns: 1 })[0];
  return { url, payload: hostile ? spoil(payload, rnd) : payload };
}
