import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { operationsOf, type OpenApiDocument, type Schema } from './test-openapi-requests';

describe('the bounds of every request of the OpenAPI document', () => {
  let doc: OpenApiDocument;
  beforeAll(async () => {
    const app = await createTestApp();
    try {
      doc = (await app.inject({ url: '/api/openapi.json' })).json();
    } finally {
      await app.close();
    }
  });

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
    for (const { name, op } of operationsOf(doc)) {
      walk(op.requestBody?.content['application/json']?.schema, `${name} body`);
      for (const p of op.parameters ?? []) if (p.in === 'query') walk(p.schema, `${name} ?${p.name}`);
    }
    expect(unbounded).toEqual([]);
  });
});
