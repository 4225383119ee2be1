import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { builtPage } from '../../test/built-page';
import { acceptedLanguage } from './static-client';
import { signInActors } from '../../test/actors';
import { testConfig } from '../../test/app';
import { getTestDatabase } from '../../test/database';
import {
  addMember,
  createChildUnit,
  createProject,
  createSalesOrg,
  createTenant,
  createUser,
} from '../../test/factories';

describe('the built client', () => {
  let app: FastifyInstance;
  let dir: string;
  const script = 'console.log("planport");'.repeat(200);

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-client-'));
    fs.mkdirSync(path.join(dir, 'assets', 'i18n'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), builtPage);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(script));
    fs.writeFileSync(path.join(dir, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(script));
    fs.writeFileSync(path.join(dir, 'assets', 'i18n', 'de.json'), '{"a":"b"}');
    app = await buildApp(testConfig({ clientDir: dir }), { db: await getTestDatabase(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const br = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('caches translation files for a year only under their build version', async () => {
    const versioned = await app.inject({ url: '/assets/i18n/de.json?v=20261123' });
    expect(versioned.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const bare = await app.inject({ url: '/assets/i18n/de.json' });
    expect(bare.headers['cache-control']).toBe('public, max-age=300');
  });

  it('revalidates the page itself on every visit', async () => {
    const page = await app.inject({ url: '/home/app/dash' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses larger API answers with gzip', async () => {
    const res = await app.inject({ url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString())).toHaveProperty('openapi');
  });
});

describe('the page of a lazily loaded route', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-client-'));
    fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), builtPage);
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared-2.js' },
      '_form.js': { file: 'assets/form-3.js', imports: ['_shared.js'], css: ['assets/form-4.css'] },
      'src/client/features/projects/routes/project-details-page.tsx': {
        file: 'assets/project-details-page-5.js',
        imports: ['_shared.js', '_form.js'],
      },
      // A page chunk the bundler merged with a small shared one: listed by its file, not its source.
      '_order-page-6.js': {
        file: 'assets/order-page-6.js',
        name: 'order-page',
        isDynamicEntry: true,
        imports: ['_table.js'],
      },
      '_table.js': { file: 'assets/table-7.js', imports: ['_shared.js'] },
      // Lazy parts of first renders: the dashboard's sales organisation panel, the details page's
      // download action.
      'src/client/features/dashboard/components/sales-org-panel.tsx': {
        file: 'assets/sales-org-panel-10.js',
        isDynamicEntry: true,
        imports: ['_shared.js', '_card-grid.js'],
      },
      '_card-grid.js': { file: 'assets/card-grid-11.js' },
      'src/client/features/files/components/download-files-action.tsx': {
        file: 'assets/download-files-action-12.js',
        isDynamicEntry: true,
        imports: ['_shared.js', '_form.js'],
      },
      // The style sheet the entry loads itself before its first screen.
      'src/client/app/styles.ts': { file: 'assets/styles-8.css', src: 'src/client/app/styles.ts' },
      // Mantine's styles beyond the first screen's, which lazy pages wait for.
      'src/client/lib/later-style-sheets.ts': {
        file: 'assets/later-style-sheets-9.css',
        src: 'src/client/lib/later-style-sheets.ts',
        isDynamicEntry: true,
      },
    };
    fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    app = await buildApp(testConfig({ clientDir: dir }), { db: await getTestDatabase(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('announces the translation file of the browser language with every page, and no other', async () => {
    const res = await app.inject({ url: '/home/app/dash', headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(res.headers.vary).toContain('Accept-Language');
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/i18n/en.json?v=20261124">');
    expect(res.body.match(/rel="preload" as="fetch"/g)).toHaveLength(1);
    const german = (await app.inject({ url: '/login', headers: { 'accept-language': 'de-DE' } })).body;
    expect(german).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/i18n/de.json?v=20261124">');
    expect(german.match(/rel="preload" as="fetch"/g)).toHaveLength(1);
  });

  it("announces the signed-in user's language, which the client renders in, over the browser's", async () => {
    const db = await getTestDatabase();
    const tenant = await createTenant(db);
    const user = await createUser(db, tenant.tenant_id, { language: 'nl' });
    const { cookies, call } = await signInActors(app, { user });
    const res = await call('user', 'GET', '/home/app/dash', undefined, { headers: { 'accept-language': 'en-US' } });
    expect(res.headers.vary).toContain('Cookie');
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/assets/i18n/nl.json?v=20261124">');
    expect(res.body.match(/rel="preload" as="fetch"/g)).toHaveLength(1);
    const ended = await app.inject({
      url: '/home/app/dash',
      headers: { 'accept-language': 'en-US', cookie: `${cookies.user.split('=')[0]}=unknown` },
    });
    expect(ended.body).toContain('/assets/i18n/en.json?v=20261124');
  });

  it('announces the style sheet the entry loads before its first screen with every page', async () => {
    for (const url of ['/login', '/home/app/dash', '/home/app/project/details/12/34']) {
      const body = (await app.inject({ url })).body;
      expect(body).toContain('<link rel="preload" as="style" crossorigin href="/assets/styles-8.css">');
      expect(body.indexOf('styles-8.css')).toBeLessThan(body.indexOf('</head>'));
    }
  });

  it('announces the page code the entry does not bring (lazy pages, lazy parts of a first render), so it loads beside the entry', async () => {
    const details = (await app.inject({ url: '/home/app/project/details/12/34?units-page=2' })).body;
    // The translation file is asked for before the page's modules, which would hold it up.
    expect(details.indexOf('/assets/i18n/')).toBeGreaterThan(0);
    expect(details.indexOf('/assets/i18n/')).toBeLessThan(details.indexOf('modulepreload'));
    expect(details).toContain('<link rel="modulepreload" crossorigin href="/assets/project-details-page-5.js">');
    expect(details).toContain('<link rel="modulepreload" crossorigin href="/assets/form-3.js">');
    expect(details).toContain('<link rel="preload" as="style" crossorigin href="/assets/form-4.css">');
    expect(details).toContain('<link rel="preload" as="style" crossorigin href="/assets/later-style-sheets-9.css">');
    expect(details.indexOf('later-style-sheets-9.css')).toBeLessThan(details.indexOf('form-4.css'));
    expect(details).toContain('<link rel="modulepreload" crossorigin href="/assets/download-files-action-12.js">');
    // A chunk two of the page's parts import is announced once.
    expect(details.split('form-3.js').length).toBe(2);
    expect(details).not.toContain('shared-2.js');
    expect(details).not.toContain('sales-org-panel');
    expect(details.indexOf('modulepreload')).toBeLessThan(details.indexOf('</head>'));

    const order = (await app.inject({ url: '/home/app/project/details/12/34/order' })).body;
    expect(order).toContain('<link rel="modulepreload" crossorigin href="/assets/order-page-6.js">');
    expect(order).toContain('<link rel="modulepreload" crossorigin href="/assets/table-7.js">');
    expect(order).not.toContain('shared-2.js');
    expect(order).toContain('later-style-sheets-9.css');

    expect(order).not.toContain('download-files-action');

    // The dashboard is in the entry; its lazy panel comes beside it, without the later styles.
    for (const url of ['/home/app/dash', '/home/app']) {
      const dashboard = (await app.inject({ url })).body;
      expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/sales-org-panel-10.js">');
      expect(dashboard).toContain('<link rel="modulepreload" crossorigin href="/assets/card-grid-11.js">');
      expect(dashboard).not.toContain('shared-2.js');
      expect(dashboard).not.toContain('later-style-sheets');
    }
    const otherUnitPage = (await app.inject({ url: '/home/app/project/details/12/34/journal' })).body;
    // Other pages announce the entry's modules only, as the build wrote them.
    expect(otherUnitPage.match(/modulepreload/g)).toHaveLength(1);
  });
});

describe('the translation files announced with the page', () => {
  it('follow the language the browser asks for first, beside the fallback', () => {
    expect(acceptedLanguage('nl-BE,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(acceptedLanguage('fr-FR,fr;q=0.9,en-US;q=0.8,de;q=0.7')).toBe('en');
    expect(acceptedLanguage('de;q=0.5,en;q=0.9')).toBe('en');
    expect(acceptedLanguage('en;q=0,fr')).toBe('de');
    expect(acceptedLanguage(undefined)).toBe('de');
    expect(acceptedLanguage('NL-nl')).toBe('nl');
    expect(acceptedLanguage('en-GB;q=0.4, nl-NL;q=0.6')).toBe('nl');
    expect(acceptedLanguage(';;q=x,,')).toBe('de');
  });
});

describe('the data a page carries for its first screen', () => {
  let app: FastifyInstance;
  let dir: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-client-'));
    fs.writeFileSync(path.join(dir, 'index.html'), builtPage);
    app = await buildApp(testConfig({ clientDir: dir }), { db: await getTestDatabase(), logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The page's data element as the client reads it (its text parsed as JSON), or undefined. */
  function pageData(body: string): unknown {
    const m = /<script type="application\/json" id="planport-page-data">(.*?)<\/script>/s.exec(body);
    return m ? JSON.parse(m[1] ?? '') : undefined;
  }

  it("carries the session's user and banners as the API answers them, for that browser alone", async () => {
    const db = await getTestDatabase();
    const tenant = await createTenant(db);
    const org = await createSalesOrg(db, tenant.tenant_id);
    const admin = await createUser(db, tenant.tenant_id, {
      is_internal: true,
      is_admin: true,
      sales_org_id: org.sales_org_id,
      // What a user may write into a name must not end the script element or run as code.
      first_name: '</script><script>alert(1)</script><!--',
      last_name: "$' $& \u2028 &amp;",
    });
    const { call } = await signInActors(app, { admin });
    const created = await call('admin', 'POST', '/api/data/portal/banner-notifications', {
      title: '<img src=x onerror=alert(1)>',
      text: 'Wartung </SCRIPT> am Samstag',
      level: 'warning',
      showFrom: new Date(Date.now() - 3600_000).toISOString(),
      showUntil: new Date(Date.now() + 86_400_000).toISOString(),
      salesOrgs: [org.sales_org_id],
    });
    expect(created.statusCode).toBe(200);

    const page = await call('admin', 'GET', '/home/app/dash');
    expect(page.headers['cache-control']).toBe('private, no-cache');
    expect(page.headers.vary).toContain('Cookie');
    const me = (await call('admin', 'GET', '/api/account/me')).json();
    const banners = (await call('admin', 'GET', '/api/banner-notifications/active')).json();
    expect(banners).toHaveLength(1);
    expect(pageData(page.body)).toEqual({ user: me, banners: { rootUnitId: null, items: banners } });
    // Two script elements only (the entry's and the data's), and nothing of the data as markup.
    expect(page.body.match(/<script/gi)).toHaveLength(2);
    expect(page.body.match(/<\/script/gi)).toHaveLength(2);
    expect(page.body).not.toContain('<img');
    expect(page.body).not.toContain('<!--');
    expect(page.body).not.toContain('\u2028');
  });

  it('carries the unit a details or order page shows first as the API answers it', async () => {
    const db = await getTestDatabase();
    const tenant = await createTenant(db);
    const user = await createUser(db, tenant.tenant_id, { is_internal: true });
    const project = await createProject(db, tenant.tenant_id);
    const lot = await createChildUnit(db, project, { project_unit_type: 'aacorderlot' });
    await addMember(db, project.project_unit_id, user.user_id);
    const { call } = await signInActors(app, { user });
    const me = (await call('user', 'GET', '/api/account/me')).json();
    const answer = async (id: number) => {
      const path = `/api/data/portal/projects/${id}`;
      const res = await call('user', 'GET', path);
      expect(res.statusCode).toBe(200);
      return { [path]: res.json() };
    };
    const root = project.project_unit_id;
    const banners = { rootUnitId: root, items: [] };
    for (const [url, id] of [
      [`/home/app/project/details/${root}`, root],
      [`/home/app/project/details/${root}/${lot.project_unit_id}`, lot.project_unit_id],
      [`/home/app/project/details/${root}/${lot.project_unit_id}/order`, lot.project_unit_id],
    ] as const) {
      const page = await call('user', 'GET', url);
      expect(pageData(page.body)).toEqual({ user: me, banners, answers: await answer(id) });
    }
    // Other pages of a unit ask for what they show themselves.
    const journal = await call('user', 'GET', `/home/app/project/details/${root}/${lot.project_unit_id}/journal`);
    expect(pageData(journal.body)).toEqual({ user: me, banners });
  });

  it('carries no banners of a project the user may not read, and no user without a session', async () => {
    const db = await getTestDatabase();
    const tenant = await createTenant(db);
    const user = await createUser(db, tenant.tenant_id, { is_internal: false });
    const other = await createTenant(db);
    const foreign = await createProject(db, other.tenant_id);
    const { cookies, call } = await signInActors(app, { user });
    const me = (await call('user', 'GET', '/api/account/me')).json();
    const page = await call('user', 'GET', `/home/app/project/details/${foreign.project_unit_id}`);
    expect(pageData(page.body)).toEqual({ user: me });
    // Ids the API refuses to read leave the page as it is, without their answers.
    for (const url of ['/home/app/project/details/1/99999999999', '/home/app/project/details/99999999999']) {
      const refused = await call('user', 'GET', url);
      expect(refused.statusCode).toBe(200);
      expect(pageData(refused.body)).toEqual({ user: me });
    }

    const anonymous = await app.inject({ url: '/login' });
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(pageData(anonymous.body)).toEqual({ user: null });
    const ended = await app.inject({
      url: '/home/app/dash',
      headers: { cookie: `${cookies.user.split('=')[0]}=unknown` },
    });
    expect(ended.headers['cache-control']).toBe('no-cache');
    expect(pageData(ended.body)).toEqual({ user: null });
  });
});
