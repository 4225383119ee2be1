import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { signIn, testConfig } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import { addMember, createProject, createTenant, createUser, TEST_PASSWORD } from '../../test/factories';
import { builtPage } from '../../test/built-page';
import { START_ELEMENT_ID, startScript, startScriptHash } from './page-scripts';

async function firstScreenOf(app: FastifyInstance, url: string, cookie?: string) {
  const res = await app.inject({ url, headers: { 'accept-language': 'de-DE', ...(cookie ? { cookie } : {}) } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** A page that comes with its first screen: the test app waits for the renderer and its render as long as it takes. */
async function rendered(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  const res = await app.inject({ url, headers: { 'accept-language': 'de-DE', ...headers } });
  expect(res.statusCode).toBe(200);
  const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.rawPayload).toString() : res.body;
  expect(body).toContain('data-first-screen');
  return res;
}

describe('pages with their first screen rendered on the server', () => {
  let app: FastifyInstance;
  let dir: string;
  let cookie: string;
  let projectId: number;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-client-'));
    fs.mkdirSync(path.join(dir, 'assets', 'i18n'), { recursive: true });
    fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), builtPage);
    fs.writeFileSync(
      path.join(dir, 'assets', 'styles-1.css'),
      [
        ':root{--x:1}',
        '.mantine-Button-root{color:red}',
        '.mantine-Button-root:after{content:"</style>"}',
        '.m_unused{color:blue}',
        '@media (min-width:1px){.mantine-Button-root{color:green}.m_unused{color:blue}}',
        '@media (min-width:2px){.m_unused{color:blue}}',
        '[data-mantine-color-scheme=dark] .mantine-Button-root{color:white}',
      ].join(''),
    );
    const manifest = { 'src/client/app/styles.ts': { file: 'assets/styles-1.css' } };
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    for (const lang of ['de', 'en', 'nl'])
      fs.copyFileSync(
        path.resolve('public/assets/i18n', `${lang}.json`),
        path.join(dir, 'assets', 'i18n', `${lang}.json`),
      );
    const db = await getTestDatabase();
    app = await buildApp(testConfig({ clientDir: dir, firstScreen: { renderTimeoutMs: 60_000, waitForStart: true } }), {
      db,
      logger: false,
    });
    await app.ready();
    const tenant = await createTenant(db);
    const user = await createUser(db, tenant.tenant_id, {
      is_internal: true,
      first_name: 'Erika',
      last_name: 'Muster',
    });
    const project = await createProject(db, tenant.tenant_id, { title: 'Lagerhalle am Kanal' });
    projectId = project.project_unit_id;
    await addMember(db, projectId, user.user_id, ['member']);
    cookie = await signIn(app, user.login, TEST_PASSWORD);
  }, 90_000);
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends the sign-in page with its form, inert until the client replaces it, in the browser language', async () => {
    const body = (await rendered(app, '/login')).body;
    expect(body).toContain('<div id="root" data-first-screen inert>');
    expect(body).toContain('<html data-mantine-color-scheme="light" lang="de">');
    expect(body).toMatch(/<form[^>]*>/);
    expect(body).toContain('Anmelden');
    expect(body).not.toContain('<div>Planport</div>');
    const english = (await rendered(app, '/login', { 'accept-language': 'en' })).body;
    expect(english).toContain('Sign in');
    // The page says which language the screen is in (the plain page says German).
    expect(english).toContain('<html data-mantine-color-scheme="light" lang="en">');
  });

  it("brings the rules of its style sheets that the screen's markup can match, and still announces the sheets", async () => {
    const body = (await rendered(app, '/login')).body;
    const inline = /<style>(.*?)<\/style>/.exec(body)?.[1];
    expect(inline).toBe(
      ':root{--x:1}.mantine-Button-root{color:red}.mantine-Button-root:after{content:"\\3c /style>"}' +
        '@media (min-width:1px){.mantine-Button-root{color:green}}',
    );
    // Announced twice (by the page and by the server), inlined once; the whole sheet is preloaded
    // after the first paint (listed for the start script), and the client adds it.
    expect(body.match(/<style>/g)).toHaveLength(1);
    expect(body).not.toContain('as="style"');
    expect(body).not.toContain('disabled>');
  });

  it('loads the code after the first paint: listed for the one inline script the policy allows', async () => {
    const res = await rendered(app, '/login', { 'accept-language': 'nl' });
    const body = res.body;
    const head = body.slice(0, body.indexOf('</head>'));
    expect(head).not.toContain('<script type="module"');
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).not.toContain('as="fetch"');
    const list = new RegExp(`<script type="application/json" id="${START_ELEMENT_ID}">([^<]*)</script>`).exec(body);
    expect(JSON.parse(list?.[1] ?? 'null')).toEqual({
      entry: '/assets/index-1.js',
      modules: ['/assets/keys-1.js'],
      fetches: ['/assets/i18n/nl.json?v=20261124'],
      styles: ['/assets/styles-1.css'],
    });
    expect(head).toContain(`<script>${startScript}</script>`);
    // The list follows the screen.
    expect(body).toMatch(
      new RegExp(`</div><script type="application/json" id="${START_ELEMENT_ID}">[^<]*</script>\\s*</body>`),
    );
    // The first paint waits until the list, after the screen, is parsed: the whole screen at once.
    expect(head).toContain(`<link rel="expect" href="#${START_ELEMENT_ID}" blocking="render">`);
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${startScriptHash};`);
    // A page without a first screen loads its code as it comes.
    const signedOut = (await app.inject({ url: '/home/app/dash' })).body;
    expect(signedOut).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(signedOut).not.toContain(startScript);
  });

  it('sends the dashboard with the greeting and the details page with the project heading', async () => {
    const dashboard = (await rendered(app, '/home/app/dash', { cookie })).body;
    expect(dashboard).toContain('data-first-screen');
    expect(dashboard).toContain('Erika Muster');
    const details = (await rendered(app, `/home/app/project/details/${projectId}`, { cookie })).body;
    // React separates the parts of a text by comments.
    expect(details.replaceAll('<!-- -->', '')).toMatch(/<h1[^>]*>P-\w+ Lagerhalle am Kanal<\/h1>/);
  });

  it('renders lazily loaded parts as the client shows them, without any script of React', async () => {
    const db = await getTestDatabase();
    const tenant = await createTenant(db, { features: JSON.stringify({ DownloadSelectedFiles: true }) });
    const user = await createUser(db, tenant.tenant_id, { is_internal: true });
    const project = await createProject(db, tenant.tenant_id, { title: 'Halle mit Dateien' });
    await addMember(db, project.project_unit_id, user.user_id, ['member']);
    const own = await signIn(app, user.login, TEST_PASSWORD);
    const url = `/home/app/project/details/${project.project_unit_id}`;
    // The first render after a start may come before the part's code (it waits 200 ms at most).
    let body = await firstScreenOf(app, url, own);
    for (let i = 0; i < 20 && !body.includes('Ausgewählte Dateien herunterladen'); i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      body = await firstScreenOf(app, url, own);
    }
    const root = body.slice(body.indexOf('<div id="root"'), body.indexOf(`id="${START_ELEMENT_ID}"`));
    expect(root).toContain('aria-label="Ausgewählte Dateien herunterladen"');
    // Only the list of the start script's element begins there; no part was sent apart.
    expect(root.match(/<script/g)).toHaveLength(1);
    expect(root).not.toContain('<template');
  });

  it('renders nothing of a page the user may not read or of one without a session', async () => {
    const other = await createTenant(await getTestDatabase());
    const foreign = await createProject(await getTestDatabase(), other.tenant_id, { title: 'Fremdes Projekt' });
    const body = await firstScreenOf(app, `/home/app/project/details/${foreign.project_unit_id}`, cookie);
    expect(body).not.toContain('Fremdes Projekt');
    const signedOut = await firstScreenOf(app, '/home/app/dash');
    expect(signedOut).not.toContain('data-first-screen');
  });

  it('compresses the page with gzip when the browser accepts it', async () => {
    const res = await rendered(app, '/login', { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toContain('Accept-Encoding');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toContain('data-first-screen');
  });
});
