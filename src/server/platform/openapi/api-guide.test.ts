import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook, WEBHOOK_WORK_KIND } from '../../modules/machine-access/webhook-delivery';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { orderWorld } from '../../test/order-world';

/**
 * docs/api.md cannot rot: every `curl` line of its shell blocks runs, as curl would send it,
 * against a listening server with a real token, and must answer the status it documents
 * (`# → 401`) or 200. Its webhook receiver and signature check (the two JavaScript blocks) run
 * too: they receive the test event the guide sends.
 */
const guide = fs.readFileSync(path.join(process.cwd(), 'docs/api.md'), 'utf8');

const blocks = (language: string) =>
  [...guide.matchAll(new RegExp('```' + language + '\\n([\\s\\S]*?)```', 'g'))].map((m) => m[1] ?? '');

/** The words of a shell command line: quotes, `\` escapes and `$NAME` expansion as sh does them. */
function shellWords(line: string, vars: Record<string, string>): string[] {
  const words: string[] = [];
  let word: string | null = null;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i] ?? '';
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (c === '\\') {
      word = (word ?? '') + (line[++i] ?? '');
    } else if (c === '$') {
      const name = /^[A-Z_][A-Z0-9_]*/.exec(line.slice(i + 1))?.[0];
      if (!name) throw new Error(`unsupported $ in: ${line}`);
      if (vars[name] === undefined) throw new Error(`$${name} is not set by the guide's test`);
      word = (word ?? '') + vars[name];
      i += name.length;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else word += c;
    } else if (c === '"' || c === "'") {
      quote = c;
      word ??= '';
    } else if (c === ' ') {
      if (word !== null) words.push(word);
      word = null;
    } else {
      word = (word ?? '') + c;
    }
  }
  if (quote) throw new Error(`unclosed quote in: ${line}`);
  if (word !== null) words.push(word);
  return words;
}

type Curl = { method: string; url: string; headers: Record<string, string>; body?: string; expected: number };

/** The request a curl command line sends (the options the guide uses; any other fails the test). */
function parseCurl(line: string, vars: Record<string, string>): Curl {
  const expected = Number(/#\s*→\s*(\d{3})\s*$/.exec(line)?.[1] ?? 200);
  const words = shellWords(line.replace(/\s+#.*$/, ''), vars);
  expect(words[0]).toBe('curl');
  const request: Curl = { method: 'GET', url: '', headers: {}, expected };
  for (let i = 1; i < words.length; i++) {
    const word = words[i] ?? '';
    if (word === '-s') continue;
    if (word === '-X') request.method = words[++i] ?? '';
    else if (word === '-H') {
      const [name, ...value] = (words[++i] ?? '').split(':');
      request.headers[(name ?? '').trim().toLowerCase()] = value.join(':').trim();
    } else if (word === '-d') {
      request.body = words[++i];
      if (request.method === 'GET') request.method = 'POST';
    } else if (!word.startsWith('-') && !request.url) request.url = word;
    else throw new Error(`curl option the guide's test does not know: ${word}`);
  }
  return request;
}

describe('docs/api.md', () => {
  let app: FastifyInstance;
  let dir: string;
  let front: http.Server | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-guide-'));
  });
  afterAll(async () => {
    front?.close();
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs every curl line of the guide with a real token, and its receiver verifies the test event', async () => {
    const w = await orderWorld();
    const { call } = await signInActors(app, { admin: w.admin });
    const created = await call('admin', 'POST', '/api/data/portal/api-tokens', {
      name: 'Guide',
      scopes: ['projects:read', 'orders:read', 'webhooks:manage'],
    });
    expect(created.statusCode).toBe(200);

    // The guide's receiver and signature check, as a module of their own.
    const modulePath = path.join(dir, 'receiver.mjs');
    fs.writeFileSync(modulePath, blocks('js').join('\n'));
    const guideCode = (await import(pathToFileURL(modulePath).href)) as {
      verifyWebhook: (secret: string, headers: object, body: string) => boolean;
      createReceiver: (secret: string, onEvent: (event: { type: string; id: string }) => void) => http.Server;
    };
    const events: { type: string; id: string }[] = [];
    // A server on a free port that hands each request to the guide's receiver once it exists.
    let guideReceiver: http.Server | undefined;
    front = http.createServer((req, res) => {
      if (guideReceiver) guideReceiver.emit('request', req, res);
      else res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => front?.listen(0, '127.0.0.1', resolve));
    const receiverUrl = `http://127.0.0.1:${(front.address() as AddressInfo).port}/hook`;

    const vars: Record<string, string> = {
      PLANPORT: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      TOKEN: (created.json() as { secret: string }).secret,
      PROJECT_ID: String(w.root.project_unit_id),
      ORDER_LOT_ID: String(w.aacLot.project_unit_id),
    };
    const lines = blocks('sh')
      .join('\n')
      .split('\n')
      .filter((line) => line.startsWith('curl '));
    expect(lines.length).toBeGreaterThanOrEqual(8);
    const ran: string[] = [];
    for (const line of lines) {
      const request = parseCurl(line, vars);
      let body = request.body;
      const registers = request.url.endsWith('/webhook-endpoints') && request.method === 'POST';
      // The local receiver's URL in place of the example's.
      if (registers) body = JSON.stringify({ ...(JSON.parse(body ?? '{}') as object), url: receiverUrl });
      const res = await fetch(request.url, { method: request.method, headers: request.headers, body });
      expect(res.status, line).toBe(request.expected);
      const answer: unknown = res.headers.get('content-type')?.includes('json') ? await res.json() : undefined;
      if (registers) {
        // The answer holds the endpoint and the secret: from now on the guide's receiver answers.
        const made = answer as { endpoint: { endpointID: number }; secret: string };
        vars.ENDPOINT_ID = String(made.endpoint.endpointID);
        guideReceiver = guideCode.createReceiver(made.secret, (event) => events.push(event));
      }
      ran.push(`${request.method} ${request.url.replace(vars.PLANPORT ?? '', '')}`);
    }
    expect(ran).toContain(`POST /api/data/portal/webhook-endpoints/${vars.ENDPOINT_ID}/test`);

    // The test event reaches the guide's receiver, which checks its signature with the secret.
    for (let i = 0; i < 50 && events.length === 0; i++) {
      await app.ctx.work.drain(WEBHOOK_WORK_KIND);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(events.map((e) => e.type)).toEqual(['webhook.test']);
    // The check accepts what the server signs, and refuses a changed body, another secret, an old message.
    const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    const now = Math.floor(Date.now() / 1000);
    const signed = (timestamp: number, body: string) => ({
      'webhook-id': 'msg_guide',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, 'msg_guide', timestamp, body),
    });
    expect(guideCode.verifyWebhook(secret, signed(now, '{"a":1}'), '{"a":1}')).toBe(true);
    expect(guideCode.verifyWebhook(secret, signed(now, '{"a":1}'), '{"a":2}')).toBe(false);
    expect(guideCode.verifyWebhook(`whsec_${Buffer.alloc(32, 8).toString('base64')}`, signed(now, '{}'), '{}')).toBe(
      false,
    );
    expect(guideCode.verifyWebhook(secret, signed(now - 3600, '{}'), '{}')).toBe(false);
  });
});
