import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../shared/errors';
import { registerInFlightLimit } from './in-flight';

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
});
