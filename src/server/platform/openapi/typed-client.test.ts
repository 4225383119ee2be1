import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';

/**
 * A typed client generated from the live document (openapi-typescript) must compile against a
 * small integration written as a machine would: list projects, read an order lot's items,
 * register a webhook endpoint. A route whose schema changes in a way the usage relies on (a path,
 * a field, a body) breaks this compile, so the document cannot drift from the code unnoticed.
 */
const usage = `
import type { paths } from './planport';

declare function fetch(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<{ json(): Promise<unknown> }>;

type Json<T> = T extends { content: { 'application/json': infer R } } ? R : never;
type Ok<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { responses: { 200: infer R } }
  ? Json<R>
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody: { content: { 'application/json': infer B } };
}
  ? B
  : never;

async function call<P extends keyof paths, M extends keyof paths[P] & string>(
  method: M,
  path: P,
  body?: Body<P, M>,
): Promise<Ok<P, M>> {
  const res = await fetch('https://planport.example.com' + String(path).replace('{product}', 'portal'), {
    method: method.toUpperCase(),
    headers: { authorization: 'Bearer pp_example', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as Ok<P, M>;
}

export async function integrate(): Promise<string[]> {
  const projects = await call('get', '/api/data/{product}/projectlist/current');
  const titles: string[] = projects.data.map((p) => p.projectUnitNo + ' ' + p.title);
  const items = await call('get', '/api/data/{product}/aacorderlotitems');
  const quantities: number[] = items.data.map((item) => item.qty);
  const order = await call('get', '/api/orders/{unitId}/confirmation');
  const placed: string | null = order.placedAt;
  const endpoint = await call('post', '/api/data/{product}/webhook-endpoints', {
    url: 'https://erp.example.com/hooks',
    events: ['order.placed', 'delivery.confirmed'],
  });
  const secret: string = endpoint.secret;
  // @ts-expect-error an event the API does not know
  await call('post', '/api/data/{product}/webhook-endpoints', { url: 'https://erp.example.com', events: ['order.lost'] });
  // @ts-expect-error a field no project has
  void projects.data[0]?.colour;
  return [...titles, String(quantities.length), String(placed), secret];
}
`;

describe('typed client generated from the OpenAPI document', () => {
  let app: FastifyInstance;
  let dir: string;
  beforeAll(async () => {
    app = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-client-'));
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('generates types that a usage file compiles against', async () => {
    const doc = (await app.inject({ url: '/api/openapi.json' })).json();
    const types = astToString(await openapiTS(doc));
    expect(types).toContain('"/api/file/uploads/{uploadId}"');
    fs.writeFileSync(path.join(dir, 'planport.ts'), types);
    fs.writeFileSync(path.join(dir, 'usage.ts'), usage);
    const program = ts.createProgram([path.join(dir, 'usage.ts')], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
    expect(diagnostics).toEqual([]);
  });
});
