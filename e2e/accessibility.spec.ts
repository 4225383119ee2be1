import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeBuilder } from './axe';

const base = '/api/data/portal';
type Unit = { projectUnitID: number; title: string; projectUnitType: string; parentProjectUnitID: number | null };

async function findRoot(request: APIRequestContext, title: string): Promise<number> {
  for (let id = 1; id < 120; id++) {
    const res = await request.get(`${base}/projects/${id}`);
    if (res.ok()) {
      const unit = (await res.json()) as Unit;
      if (unit.title === title && unit.parentProjectUnitID === null) return id;
    }
  }
  throw new Error(`project ${title} not found`);
}

/** The first unit of a type below a unit, breadth first. */
async function findBelow(request: APIRequestContext, rootId: number, type: string): Promise<number> {
  let level = [rootId];
  for (let depth = 0; depth < 4; depth++) {
    const next: number[] = [];
    for (const id of level) {
      const children = (await (await request.get(`${base}/projects/${id}/children?$top=100`)).json()) as {
        data: Unit[];
      };
      const hit = children.data.find((c) => c.projectUnitType === type);
      if (hit) return hit.projectUnitID;
      next.push(...children.data.map((c) => c.projectUnitID));
    }
    level = next;
  }
  throw new Error(`no ${type} below ${rootId}`);
}

/** Every path of the client's route table (src/client/app/router.tsx), read from the source. */
function routeTable(): string[] {
  const source = fs.readFileSync(path.resolve('src/client/app/router.tsx'), 'utf8');
  return [...source.matchAll(/path: '([^']+)'/g)].map((m) => m[1]!).filter((p) => p !== '*');
}

/**
 * No violations of any axe rule (WCAG 2.0–2.2 A/AA and best practices), including the experimental
 * `label-content-name-mismatch` (voice control: a control's accessible name contains its visible text).
 */
async function axe(page: Page, label: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await axeBuilder(page, {
    tags: null,
    rules: { 'label-content-name-mismatch': { enabled: true } },
  }).analyze();
  return result.violations.map(
    (v) => `${label} ${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 160)} ${n.any[0]?.message ?? ''}`).join(', ')}`,
  );
}

// The two languages walk the routes side by side, each worker on its own server.
test.describe.configure({ mode: 'parallel' });

for (const language of ['de', 'en'] as const) {
  test(`every route of the route table has no accessibility violations (${language})`, async ({
    page,
    browser,
    loginAs,
  }) => {
    // About 40 routes, the 3D viewer among them (software rendering here).
    test.setTimeout(420_000);
    await checkRoutes(language, page, browser, loginAs);
  });
}

async function checkRoutes(
  language: 'de' | 'en',
  page: Page,
  browser: Browser,
  loginAs: (key: string, path?: string) => Promise<void>,
) {
  await loginAs('admin');
  const rootId = await findRoot(page.request, 'Mehrfamilienhaus Birkenweg');
  const lotId = await findBelow(page.request, rootId, 'aacorderlot');
  const subId = await findBelow(page.request, rootId, 'subproject');
  const members = (await (await page.request.get(`${base}/projects/${rootId}/members`)).json()) as
    { userID: number }[] | { data: { userID: number }[] };
  const memberId = (Array.isArray(members) ? members : members.data)[0]!.userID;
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  const reviewRootId = await findRoot(page.request, 'Bürogebäude Hafenkante');
  const reviewLotId = await findBelow(page.request, reviewRootId, 'approvallot');

  const concrete: Record<string, string> = {
    '/login': '/login',
    '/Account/SignOut': '',
    '/imprint': '/imprint',
    '/privacy': '/privacy',
    '/password-forgotten': '/password-forgotten',
    '/password-reset/:token': '/password-reset/not-a-valid-token',
    '/account-delete/:token': '/account-delete/not-a-valid-token',
    '/invitation/:token': '/invitation/not-a-valid-token',
    '/login/external-refused': '/login/external-refused',
    '/home/app': '/home/app/dash',
    dash: '/home/app/dash',
    profile: '/home/app/profile',
    'admin/banner-notifications': '/home/app/admin/banner-notifications',
    'admin/preliminary-days': '/home/app/admin/preliminary-days',
    'admin/users': '/home/app/admin/users',
    'admin/company-sign-in': '/home/app/admin/company-sign-in',
    'admin/file-policy': '/home/app/admin/file-policy',
    'admin/branding': '/home/app/admin/branding',
    'admin/outbox': '/home/app/admin/outbox',
    'admin/api-tokens': '/home/app/admin/api-tokens',
    'admin/webhooks': '/home/app/admin/webhooks',
    notifications: '/home/app/notifications',
    outlook: '/home/app/outlook',
    'current-projects-list': '/home/app/current-projects-list',
    'closed-projects-list': '/home/app/closed-projects-list',
    news: '/home/app/news',
    'task-list': '/home/app/task-list',
    'project/workflows': '/home/app/project/workflows',
    'project/search': '/home/app/project/search?q=haus',
    help: '/home/app/help',
    'help/:topic': '/home/app/help/structuring',
    'admin/catalogues': '/home/app/admin/catalogues',
    'project/delivery-overview/:rootUnitId': `/home/app/project/delivery-overview/${rootId}`,
    'project/details/:rootUnitId/:unitId/journal': `/home/app/project/details/${rootId}/${rootId}/journal`,
    'project/details/:rootUnitId': `/home/app/project/details/${rootId}`,
    'project/details/:rootUnitId/questionnaire': `/home/app/project/details/${rootId}/questionnaire`,
    'project/questionnaire/:rootUnitId': `/home/app/project/questionnaire/${rootId}`,
    '/questionnaire/:rootUnitId': `/questionnaire/${rootId}`,
    'project/details/:rootUnitId/:unitId': `/home/app/project/details/${rootId}/${subId}`,
    'project/details/:rootUnitId/:unitId/order': `/home/app/project/details/${rootId}/${lotId}/order`,
    'project/details/:rootUnitId/:unitId/order-confirmation': `/home/app/project/details/${rootId}/${lotId}/order-confirmation`,
    'project/structure/:rootUnitId': `/home/app/project/structure/${rootId}`,
    'project/memberprofile/:rootUnitId/:userId': `/home/app/project/memberprofile/${rootId}/${memberId}`,
    viewer: '/home/app/viewer',
    'viewer/:rootId/:unitId/view': `/home/app/viewer/${reviewRootId}/${reviewLotId}/view`,
  };
  const missing = routeTable().filter((p) => !(p in concrete));
  expect(missing, 'routes without an entry in this test').toEqual([]);

  // A11Y_ONLY=<part of a path> walks only the matching pages (while fixing one of them).
  const only = process.env.A11Y_ONLY;
  const wanted = (url: string) => !only || url.includes(only);
  const violations: string[] = [];
  const res = await page.request.put(`${base}/users/${me.userID}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { languageKey: language },
  });
  expect(res.status()).toBe(200);
  await page.evaluate((lang) => localStorage.setItem('planport.language', lang), language);
  for (const url of new Set(Object.values(concrete).filter((u) => u.startsWith('/home/') && wanted(u)))) {
    await page.goto(url);
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    violations.push(...(await axe(page, `${language} ${url}`)));
  }
  // The public pages, signed out.
  const context = await browser.newContext();
  const anonymous = await context.newPage();
  await anonymous.goto('/login');
  await anonymous.evaluate((lang) => localStorage.setItem('planport.language', lang), language);
  for (const url of new Set(Object.values(concrete).filter((u) => u && !u.startsWith('/home/') && wanted(u)))) {
    await anonymous.goto(url);
    await expect(anonymous.locator('html')).toHaveAttribute('lang', language);
    violations.push(...(await axe(anonymous, `${language} ${url}`)));
  }
  await context.close();
  expect(violations).toEqual([]);
}
