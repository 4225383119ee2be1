import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../test/server-process';

async function waitReady(base: string, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    const ok = await fetch(`${base}/api/health/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server not ready in time');
}

/**
 * The kill -9 drill for webhooks: the server is killed while a delivery waits for the receiver's
 * answer; after the restart on the same database the delivery is sent again with the same
 * `webhook-id` (at least once) and recorded as delivered after two attempts.
 */
describe('a server killed during a webhook delivery', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-hook-kill-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('sends the interrupted delivery again after the restart', async () => {
    const requests: { id: string; body: string }[] = [];
    let hold = true;
    const receiver = http.createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (c: string) => (body += c));
      req.on('end', () => {
        requests.push({ id: String(req.headers['webhook-id']), body });
        if (hold) return; // the first answer never comes: the server dies waiting for it
        res.statusCode = 204;
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    const port = 3900 + Math.floor(Math.random() * 90);
    const base = `http://127.0.0.1:${port}`;
    const xhr = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
    try {
      const first = await startServerProcess(dataDir, port, 'warn');
      await waitReady(base, 150_000);
      const login = await fetch(`${base}/api/account/login`, {
        method: 'POST',
        headers: xhr,
        body: JSON.stringify({ login: 'admin@demo.planport.test', password: 'Demo-2026' }),
      });
      expect(login.status).toBe(200);
      const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
      const call = (method: string, url: string, body?: unknown) =>
        fetch(`${base}/api/data/portal/${url}`, {
          method,
          headers: body === undefined ? { 'x-requested-with': 'XMLHttpRequest', cookie } : { ...xhr, cookie },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      const created = await call('POST', 'webhook-endpoints', { url: hookUrl, events: ['project.created'] });
      expect(created.status).toBe(200);
      const { endpoint } = (await created.json()) as { endpoint: { endpointID: number } };
      expect((await call('POST', `webhook-endpoints/${endpoint.endpointID}/test`)).status).toBe(200);
      const end = Date.now() + 20_000;
      while (requests.length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      expect(requests).toHaveLength(1);
      first.child.kill('SIGKILL');
      await first.exited;

      hold = false;
      const second = await startServerProcess(dataDir, port, 'warn');
      try {
        await waitReady(base, 150_000);
        const until = Date.now() + 30_000;
        while (requests.length < 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
        expect(requests.map((r) => r.id)).toEqual([requests[0]!.id, requests[0]!.id]);
        expect(requests[1]!.body).toBe(requests[0]!.body);
        const relogin = await fetch(`${base}/api/account/login`, {
          method: 'POST',
          headers: xhr,
          body: JSON.stringify({ login: 'admin@demo.planport.test', password: 'Demo-2026' }),
        });
        const cookie2 = (relogin.headers.get('set-cookie') ?? '').split(';')[0]!;
        const deliveries = await fetch(`${base}/api/data/portal/webhook-endpoints/${endpoint.endpointID}/deliveries`, {
          headers: { cookie: cookie2 },
        });
        const list = (await deliveries.json()) as { status: string; attempts: number; responseStatus: number }[];
        expect(list).toHaveLength(1);
        expect(list[0]).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 204 });
      } finally {
        second.child.kill('SIGTERM');
        await second.exited;
      }
    } finally {
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
    }
  }, 400_000);
});
