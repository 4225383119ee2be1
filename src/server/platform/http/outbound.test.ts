import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowsPrivateOutbound, isPublicAddress, mayCall, outboundFetch, OutboundFailure } from './outbound';

/** A local server that counts the requests it gets and answers per path. */
async function localServer() {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    if (req.url === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    } else if (req.url === '/large') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(Buffer.alloc(700 * 1024, 0x20));
    } else if (req.url === '/slow') {
      // Never answers.
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'answered',
    (err: unknown) => (err instanceof OutboundFailure ? err.reason : `other: ${String(err)}`),
  );

describe('outbound calls on a tenant’s behalf', () => {
  let local: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    local = await localServer();
  });
  afterAll(async () => local.close());

  it('knows loopback, private, link-local, shared, metadata and mapped addresses from public ones', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '0.0.0.0',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      '64:ff9b::7f00:1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses every spelling of a local address without connecting', async () => {
    const p = local.port;
    for (const url of [
      `http://127.0.0.1:${p}/`,
      `http://127.1:${p}/`,
      `http://2130706433:${p}/`,
      `http://0x7f.0.0.1:${p}/`,
      `http://[::1]:${p}/`,
      `http://[::ffff:127.0.0.1]:${p}/`,
      `http://0.0.0.0:${p}/`,
      `http://localhost:${p}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.0.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ]) {
      expect(await reasonOf(outboundFetch(url, { allowPrivate: false })), url).toBe('refused-address');
    }
    expect(local.requests()).toBe(0);
  });

  it('follows no redirect, caps the size and the time', async () => {
    const base = `http://127.0.0.1:${local.port}`;
    const redirect = await outboundFetch(`${base}/redirect`, { allowPrivate: true });
    expect(redirect.status).toBe(302);
    expect(local.requests()).toBe(1); // the redirect's target was not fetched
    const ok = await outboundFetch(`${base}/`, { allowPrivate: true });
    expect(await ok.json()).toEqual({ ok: true });
    // A name goes through the checked lookup and connects to an address it checked.
    const byName = await outboundFetch(`http://localhost:${local.port}/`, { allowPrivate: true });
    expect(byName.status).toBe(200);
    expect(await reasonOf(outboundFetch(`${base}/large`, { allowPrivate: true }))).toBe('too-large');
    const started = Date.now();
    expect(await reasonOf(outboundFetch(`${base}/slow`, { allowPrivate: true, timeoutMs: 300 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await reasonOf(outboundFetch('http://127.0.0.1:1/', { allowPrivate: true }))).toBe('network');
    expect(await reasonOf(outboundFetch('file:///etc/passwd', { allowPrivate: true }))).toBe('bad-url');
  });

  it('reaches the private networks the operator allowed, and no others', async () => {
    const access = allowsPrivateOutbound({
      publicUrl: 'https://planport.example.com',
      outboundAllowNetworks: ['127.0.0.0/8', '10.20.0.5'],
    });
    const before = local.requests();
    const ok = await outboundFetch(`http://127.0.0.1:${local.port}/`, { allowPrivate: access });
    expect(ok.status).toBe(200);
    expect(local.requests()).toBe(before + 1);
    expect(mayCall('10.20.0.5', access)).toBe(true);
    expect(mayCall('10.20.0.6', access)).toBe(false);
    expect(await reasonOf(outboundFetch('http://169.254.169.254/', { allowPrivate: access }))).toBe('refused-address');
    expect(await reasonOf(outboundFetch(`http://[::1]:${local.port}/`, { allowPrivate: access }))).toBe(
      'refused-address',
    );
  });

  it('allows local addresses only to a server that is itself a local demo', () => {
    expect(allowsPrivateOutbound({ publicUrl: 'http://localhost:3000' })).toBe(true);
    expect(allowsPrivateOutbound({ publicUrl: 'http://127.0.0.1:3000' })).toBe(true);
    expect(allowsPrivateOutbound({ publicUrl: 'https://planport.example.com' })).toBe(false);
    expect(allowsPrivateOutbound({ publicUrl: 'http://planport.internal' })).toBe(false);
  });
});
