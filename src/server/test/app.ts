import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Clock } from '../platform/clock';
import { sharedTestDataDir } from './data-dir';
import { getTestDatabase } from './database';

export { sharedTestDataDir };

export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', CLIENT_DIR: '/nonexistent' }),
  dataDir: sharedTestDataDir(),
  // The first-screen renderer loads the client's modules in a worker: only its own tests start it.
  firstScreen: false,
  ...overrides,
});

/** An app on the worker's shared database; pass a clock to control time. */
export async function createTestApp(
  options: { clock?: Clock; config?: Partial<Config> } = {},
): Promise<FastifyInstance> {
  const db = await getTestDatabase();
  // Other test files run at once on the same database: each app delivers only the mails it queued.
  const app = await buildApp(testConfig(options.config), {
    db,
    clock: options.clock,
    logger: false,
    ownMailsOnly: true,
    listenUrl: process.env.TEST_DATABASE_URL,
  });
  await app.ready();
  return app;
}

export const xhr = { 'x-requested-with': 'XMLHttpRequest' };

/** Signs in through the API and returns the Cookie header for later requests. */
export async function signIn(app: FastifyInstance, login: string, password: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    headers: xhr,
    payload: { login, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
  return cookieFrom(res);
}

export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const first = Array.isArray(raw) ? raw[0] : raw;
  if (!first) throw new Error('no cookie set');
  return first.split(';')[0] ?? '';
}
