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
  await seedDemoIfEmpty(app.ctx.db, undefined, app.ctx.storage);
  return app;
}

/**
 * The paths of the four pages of the Lighthouse budget in the demo data: sign-in, dashboard, the
 * details page of the project "Mehrfamilienhaus Birkenweg" and the order page of its first order lot.
 */
export async function budgetPages(app) {
  const root = await app.ctx.db
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('title', '=', 'Mehrfamilienhaus Birkenweg')
    .where('parent_project_unit_id', 'is', null)
    .executeTakeFirstOrThrow();
  const lot = await app.ctx.db
    .selectFrom('project_units')
    .select('project_unit_id')
    .where('root_project_unit_id', '=', root.project_unit_id)
    .where('project_unit_type', '=', 'aacorderlot')
    .orderBy('project_unit_id')
    .executeTakeFirstOrThrow();
  return {
    signIn: '/login',
    dashboard: '/home/app/dash',
    details: `/home/app/project/details/${root.project_unit_id}`,
    order: `/home/app/project/details/${root.project_unit_id}/${lot.project_unit_id}/order`,
  };
}

/**
 * Waits (at most 30 s) until the app sends pages with their first screen rendered: the renderer
 * loads in a worker after the start, and pages until then go without.
 */
export async function firstScreenReady(address) {
  const until = Date.now() + 30_000;
  while (Date.now() < until) {
    const html = await (await fetch(`${address}/login`)).text();
    if (html.includes('data-first-screen')) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  console.warn('pages come without their first screen (the renderer did not load within 30 s)');
  return false;
}

/** A phone-sized browser context on the app, signed in as the demo planner unless `signedIn` is false. */
export async function phoneContext(browser, address, signedIn) {
  const context = await browser.newContext({ baseURL: address, viewport: { width: 412, height: 823 } });
  if (signedIn) {
    const res = await context.request.post('/api/account/login', {
      headers: { 'x-requested-with': 'XMLHttpRequest' },
      data: { login: 'planner@demo.planport.test', password: 'Demo-2026' },
    });
    if (res.status() !== 200) throw new Error(`sign-in failed: ${res.status()}`);
  }
  return context;
}
