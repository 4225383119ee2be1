import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { registerInFlightLimit, registerFairStart } from './in-flight';

/** A route that answers once `release` is called, and one open as long as a page (not counted). */
async function appWithGate(limit: number) {
  const app = Fastify();
  await app.register(fastifyCookie);
  // The app's error handler answers AppErrors this way (error-handler.ts); here only the refusal occurs.
  app.setErrorHandler((err, _request, reply) =>
    err instanceof AppError && err.code === 'TooManyAttempts'
      ? reply
          .status(429)
          .headers(err.headers ?? {})
          .send({ code: err.code })
      : reply.status(500).send({ code: 'Internal' }),
  );
  registerInFlightLimit(app, 'sid', limit);
  const waiting: (() => void)[] = [];
  const gate = () => new Promise<void>((resolve) => waiting.push(resolve));
  app.get('/api/slow', { config: { api: true } }, async () => (await gate(), { ok: true }));
  app.get('/api/stream', { config: { api: true, longLived: true } }, async () => (await gate(), { ok: true }));
  app.get('/page', async () => (await gate(), { ok: true }));
  // Two routes of one kind of heavy work (as the sheet PDF and the sign-off PDF), two per session.
  const heavyWork = { kind: 'pdf', perCredential: 2 };
  app.get('/api/pdf/a', { config: { api: true, heavyWork } }, async () => (await gate(), { ok: true }));
  app.get('/api/pdf/b', { config: { api: true, heavyWork } }, async () => (await gate(), { ok: true }));
  await app.ready();
  const release = () => waiting.splice(0).forEach((resolve) => resolve());
  return { app, release, waitingCount: () => waiting.length };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('requests in flight per session or API token', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it('refuses one beyond the limit before it is handled, and takes the next once one is answered', async () => {
    const gated = await appWithGate(3);
    app = gated.app;
    const ask = (cookie: string, url = '/api/slow') => gated.app.inject({ url, headers: { cookie } });
    const held = [ask('sid=a'), ask('sid=a'), ask('sid=a')];
    await until(() => gated.waitingCount() === 3);
    const refused = await ask('sid=a');
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('2');
    // Another session, a bearer token of the same user's machine and an anonymous caller are not held up.
    const other = ask('sid=b');
    await until(() => gated.waitingCount() === 4);
    gated.release();
    expect((await Promise.all([...held, other])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // Answered requests no longer count: many more, one after the other, all pass.
    for (let i = 0; i < 10; i++) {
      const next = ask('sid=a');
      await until(() => gated.waitingCount() === 1);
      gated.release();
      expect((await next).statusCode).toBe(200);
    }
  });

  it('counts API tokens by their value, and leaves out event streams and pages outside the API', async () => {
    const gated = await appWithGate(1);
    app = gated.app;
    const token = { authorization: 'Bearer pp_abcdefghijklmnop' };
    const first = gated.app.inject({ url: '/api/slow', headers: token });
    await until(() => gated.waitingCount() === 1);
    expect((await gated.app.inject({ url: '/api/slow', headers: token })).statusCode).toBe(429);
    const streams = [1, 2].map(() => gated.app.inject({ url: '/api/stream', headers: { cookie: 'sid=s' } }));
    const pages = [1, 2].map(() => gated.app.inject({ url: '/page', headers: { cookie: 'sid=s' } }));
    await until(() => gated.waitingCount() === 5);
    const slow = gated.app.inject({ url: '/api/slow', headers: { cookie: 'sid=s' } });
    await until(() => gated.waitingCount() === 6);
    gated.release();
    const answers = await Promise.all([first, ...streams, ...pages, slow]);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
  });

  it('refuses heavy work beyond its own limit per session, over every route of its kind, before it is handled', async () => {
    const gated = await appWithGate(16);
    app = gated.app;
    const ask = (cookie: string, url: string) => gated.app.inject({ url, headers: { cookie } });
    const held = [ask('sid=a', '/api/pdf/a'), ask('sid=a', '/api/pdf/b')];
    await until(() => gated.waitingCount() === 2);
    // The third of the session on either route is refused without reaching the handler.
    for (const url of ['/api/pdf/a', '/api/pdf/b']) {
      const refused = await ask('sid=a', url);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('2');
    }
    expect(gated.waitingCount()).toBe(2);
    // The session's other requests and another session's heavy work still pass.
    const others = [ask('sid=a', '/api/slow'), ask('sid=b', '/api/pdf/a')];
    await until(() => gated.waitingCount() === 4);
    gated.release();
    expect((await Promise.all([...held, ...others])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    // Answered, they no longer count.
    const again = [ask('sid=a', '/api/pdf/a'), ask('sid=a', '/api/pdf/b')];
    await until(() => gated.waitingCount() === 2);
    gated.release();
    expect((await Promise.all(again)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('frees the place of a request whose client went away before its answer', async () => {
    const gated = await appWithGate(1);
    app = gated.app;
    const address = await gated.app.listen({ port: 0, host: '127.0.0.1' });
    const aborted = new AbortController();
    const gone = fetch(`${address}/api/slow`, { headers: { cookie: 'sid=a' }, signal: aborted.signal }).catch(
      () => 'aborted',
    );
    await until(() => gated.waitingCount() === 1);
    aborted.abort();
    expect(await gone).toBe('aborted');
    await new Promise((r) => setTimeout(r, 50));
    const next = fetch(`${address}/api/slow`, { headers: { cookie: 'sid=a' } });
    await until(() => gated.waitingCount() === 2);
    gated.release();
    expect((await next).status).toBe(200);
  });

  it('does not count a request whose client was gone before its start', async () => {
    app = Fastify();
    await app.register(fastifyCookie);
    // As when the request waited for its turn (registerFairStart) and the client left meanwhile.
    app.addHook('onRequest', (request, reply, done) => {
      if (!request.headers['x-gone']) return done();
      reply.raw.once('close', () => done());
      request.raw.socket.destroy();
    });
    registerInFlightLimit(app, 'sid', 1);
    app.get('/api/quick', { config: { api: true } }, async () => ({ ok: true }));
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const gone = await fetch(`${address}/api/quick`, { headers: { cookie: 'sid=a', 'x-gone': '1' } }).catch(
      () => 'gone',
    );
    expect(gone).toBe('gone');
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${address}/api/quick`, { headers: { cookie: 'sid=a' } })).status).toBe(200);
    }
  });
});

describe('requests start in turns', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => app?.close());

  it("starts a few of one user's burst per turn of the event loop, and another user's request next", async () => {
    app = Fastify();
    await app.register(fastifyCookie);
    registerFairStart(app, 'sid', 3);
    const started: string[] = [];
    app.get('/api/who', { config: { api: true } }, async (request) => {
      started.push(request.cookies.sid ?? request.ip);
      return { ok: true };
    });
    app.get('/page', async () => (started.push('page'), { ok: true }));
    await app.ready();
    const ask = (url: string, cookie?: string) => app!.inject({ url, headers: cookie ? { cookie } : {} });
    let turns = 0;
    const countTurns = () => {
      turns++;
      if (started.length < 22) setImmediate(countTurns);
    };
    setImmediate(countTurns);
    const answers = await Promise.all([
      ...Array.from({ length: 20 }, () => ask('/api/who', 'sid=flood')),
      ask('/api/who', 'sid=other'),
      ask('/page', 'sid=flood'),
    ]);
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    // Three of the burst start at once; a page outside the API is not held; on the next turn the
    // other user comes right after the burst's fourth, not after its twentieth.
    expect(started.slice(0, 4)).toEqual(['flood', 'flood', 'flood', 'page']);
    expect(started.slice(4, 6)).toEqual(['flood', 'other']);
    // The burst took turns of the event loop: one for each three of it.
    expect(turns).toBeGreaterThanOrEqual(6);
  });
});
