import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { DEMO_PASSWORD, demoLogin, expect, test } from './fixtures';
import { shot } from './shots';

test('installable on a phone: manifest, icons and a service worker that Chromium accepts; offline page in the user’s language', async ({
  baseURL,
  browserName,
}) => {
  test.setTimeout(90_000);
  expect(browserName).toBe('chromium');
  // Chromium offers installing only outside incognito: a browser profile of its own, as a user has.
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    baseURL,
    locale: 'de-DE',
    viewport: { width: 1280, height: 800 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const signIn = await page.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: demoLogin('planner'), password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  await page.goto('/home/app/dash');
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    name: string;
    theme_color: string;
    start_url: string;
    display: string;
    icons: { src: string; sizes: string }[];
  };
  // The browser's chrome in the colour of the signed-in user's tenant (the demo tenant's), in the
  // manifest and in the page's theme-color.
  expect(manifest).toMatchObject({
    name: 'Planport',
    start_url: '/home/app/dash',
    display: 'standalone',
    theme_color: '#0b5563',
  });
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b5563');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size)!;
    const res = await page.request.get(icon.src);
    expect(res.headers()['content-type']).toBe('image/png');
  }

  // The worker is registered by the built client and controls the page after a reload.
  await page.waitForFunction(
    async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated',
  );
  // A page loaded while the worker took over may still be uncontrolled: the next load is controlled.
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.evaluate(() => navigator.serviceWorker.controller !== null);
      },
      { timeout: 30_000 },
    )
    .toBe(true);

  // Chromium's own installability check: no errors.
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  expect(installabilityErrors).toEqual([]);

  // The built files are kept; API answers never are.
  const cachedPaths = () =>
    page.evaluate(async () => {
      const urls: string[] = [];
      for (const key of await caches.keys()) {
        for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
      }
      return urls;
    });
  await expect
    .poll(async () => (await cachedPaths()).some((u) => /^\/assets\/.+\.js$/.test(u)), { timeout: 30_000 })
    .toBe(true);
  expect((await cachedPaths()).filter((u) => u.startsWith('/api/') || u.startsWith('/Account/'))).toEqual([]);

  // Without a network the shell says so, in German for this browser.
  await context.setOffline(true);
  await page.goto('/home/app/task-list').catch(() => undefined);
  await expect(page.getByRole('heading', { name: 'Keine Verbindung' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Erneut versuchen' })).toBeVisible();
  await shot(page, 'offline');
  await context.setOffline(false);

  // Sign-out empties the caches. The sign-in page that follows may keep the public built files
  // again as it loads them, so the check is on an entry no page loads: kept during the session, gone after.
  await page.goto('/home/app/dash');
  const marker = '/assets/kept-during-the-session.js';
  const markerKept = () => page.evaluate(async (path) => (await caches.match(path)) !== undefined, marker);
  await page.evaluate(async (path) => {
    for (const key of await caches.keys()) await (await caches.open(key)).put(path, new Response('kept'));
  }, marker);
  expect(await markerKept()).toBe(true);
  await page.getByRole('button', { name: 'Abmelden' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(markerKept, { timeout: 30_000 }).toBe(false);
  // Signed out, the product's colour again: nothing of the tenant stays in the page or the manifest.
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#0b7285');
  const signedOut = await page.request.get('/manifest.webmanifest');
  expect(((await signedOut.json()) as { theme_color: string }).theme_color).toBe('#0b7285');
  expect(signedOut.headers()['cache-control']).toBe('private, no-cache');
  await context.close();
  fs.rmSync(profile, { recursive: true, force: true });
});
