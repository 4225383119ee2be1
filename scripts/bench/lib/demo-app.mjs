// The app as a browser benchmark needs it: the built client, demo data (files included) on a fresh
// embedded database, production mode, quiet logs. Listen on a port of its own afterwards.
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { seedDemoIfEmpty } from '../../../src/server/seed/demo';
import { buildClientIfStale, clientDir } from '../../lib/build-client.mjs';

export async function demoApp() {
  buildClientIfStale();
  const config = loadConfig({
    ...process.env,
    DATABASE_URL: '',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    CLIENT_DIR: clientDir,
    SEED_DEMO: 'true',
    NODE_ENV: 'production',
  });
  const app = await buildApp(config, { logger: false });
  await seedDemoIfEmpty(app.db, undefined, app.ctx.storage);
  return app;
}
