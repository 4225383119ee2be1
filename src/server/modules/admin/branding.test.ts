import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_THEME_COLOR } from '../../../shared/rules/brand-color';
import { languages } from '../../../shared/schemas/common';
import { t } from '../../platform/i18n';
import { signInActors } from '../../test/actors';
import { createTestApp } from '../../test/app';
import { createTenant, createUser } from '../../test/factories';
import { getTestDatabase } from '../../test/database';

let app: FastifyInstance;
const url = '/api/data/portal/branding';

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** A tenant with an admin and a planner, signed in (a fresh tenant per test). */
async function tenantWithUsers() {
  const db = await getTestDatabase();
  const tenant = await createTenant(db);
  const admin = await createUser(db, tenant.tenant_id, { is_admin: true, is_internal: true, language: 'nl' });
  const planner = await createUser(db, tenant.tenant_id, { is_internal: true });
  const { call } = await signInActors(app, { admin, planner });
  return { tenant, call };
}

const manifest = '/manifest.webmanifest';

describe('brand colour of a tenant (admin area, web app manifest)', () => {
  it('is the product colour until the admin sets one; only the admin reads or sets it', async () => {
    const w = await tenantWithUsers();
    const res = await w.call('admin', 'GET', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brandColor: null, defaultColor: DEFAULT_THEME_COLOR });
    expect((await w.call('planner', 'GET', url)).statusCode).toBe(403);
    expect((await w.call('planner', 'PUT', url, { brandColor: '#0b5563' })).statusCode).toBe(403);
    expect((await w.call('admin', 'GET', url)).json().brandColor).toBeNull();
  });

  it.each([
    ['a short form', '#abc', 'ADMIN.Branding.Errors.Format'],
    ['a name', 'red', 'ADMIN.Branding.Errors.Format'],
    ['a colour with alpha', '#0b556380', 'ADMIN.Branding.Errors.Format'],
    ['a non-hex digit', '#0b556g', 'ADMIN.Branding.Errors.Format'],
    ['a long text', `#${'0'.repeat(5000)}`, 'ADMIN.Branding.Errors.Format'],
    ['a number', 123456, 'ADMIN.Branding.Errors.Format'],
    ['a light colour white text cannot be read on (1.4:1)', '#ffd43b', 'ADMIN.Branding.Errors.Contrast'],
    ['a colour just below 4.5:1', '#2b8a3e', 'ADMIN.Branding.Errors.Contrast'],
  ])(
    'refuses %s with 400 in the error shape, a reason in de, en and nl, and changes nothing',
    async (_l, value, key) => {
      const w = await tenantWithUsers();
      const res = await w.call('admin', 'PUT', url, { brandColor: value });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        status: 400,
        code: 'ValidationFailed',
        messages: [{ messageType: 'Error', message: key, reference: 'brandColor' }],
      });
      // The client shows the key in the user's language: each language has its own text.
      const texts = languages.map((lang) => t(lang, key));
      expect(new Set(texts).size).toBe(languages.length);
      for (const text of texts) expect(text).not.toBe(key);
      expect((await w.call('admin', 'GET', url)).json().brandColor).toBeNull();
      expect((await w.call('admin', 'GET', manifest)).json().theme_color).toBe(DEFAULT_THEME_COLOR);
    },
  );

  it("sets the colour for its own tenant only: the manifest and the user carry it; another tenant's users keep theirs", async () => {
    const w = await tenantWithUsers();
    const other = await tenantWithUsers();
    const res = await w.call('admin', 'PUT', url, { brandColor: '#0B5563' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ brandColor: '#0b5563', defaultColor: DEFAULT_THEME_COLOR });
    expect((await w.call('planner', 'GET', '/api/account/me')).json().brandColor).toBe('#0b5563');

    const planners = await w.call('planner', 'GET', manifest);
    expect(planners.statusCode).toBe(200);
    expect(planners.headers['content-type']).toMatch(/^application\/manifest\+json/);
    // Per session: never kept by a shared cache, asked again after signing out.
    expect(planners.headers['cache-control']).toBe('private, no-cache');
    expect(planners.headers.vary).toMatch(/Cookie/);
    expect(planners.json()).toMatchObject({ name: 'Planport', start_url: '/home/app/dash', theme_color: '#0b5563' });

    expect((await other.call('admin', 'GET', url)).json().brandColor).toBeNull();
    expect((await other.call('planner', 'GET', '/api/account/me')).json().brandColor).toBeNull();
    expect((await other.call('planner', 'GET', manifest)).json().theme_color).toBe(DEFAULT_THEME_COLOR);
    // Without a session (or with one that ended): the product's colour.
    expect((await app.inject({ method: 'GET', url: manifest })).json().theme_color).toBe(DEFAULT_THEME_COLOR);
    await w.call('planner', 'POST', '/Account/SignOut');
    expect((await w.call('planner', 'GET', manifest)).json().theme_color).toBe(DEFAULT_THEME_COLOR);
  });

  it('goes back to the product colour with null', async () => {
    const w = await tenantWithUsers();
    await w.call('admin', 'PUT', url, { brandColor: '#a61e4d' });
    expect((await w.call('admin', 'GET', manifest)).json().theme_color).toBe('#a61e4d');
    const res = await w.call('admin', 'PUT', url, { brandColor: null });
    expect(res.json()).toEqual({ brandColor: null, defaultColor: DEFAULT_THEME_COLOR });
    expect((await w.call('admin', 'GET', manifest)).json().theme_color).toBe(DEFAULT_THEME_COLOR);
  });
});
