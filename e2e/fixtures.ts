import { test as base, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-2026';
export const demoLogin = (key: string) => `${key}@demo.planport.test`;

/** Signs in through the API (the sign-in page has its own journey) and opens the page. */
async function loginAs(page: Page, key: string, path = '/home/app/dash'): Promise<void> {
  const res = await page.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: demoLogin(key), password: DEMO_PASSWORD },
  });
  expect(res.status(), `sign-in of ${key}`).toBe(200);
  await page.goto(path);
  await appStarted(page);
}

/**
 * Waits until the app runs: a page may come with its first screen rendered by the server, which is
 * inert and answers no keys until the app has replaced it with its own.
 */
export async function appStarted(page: Page): Promise<void> {
  await expect(page.locator('#root[data-first-screen]')).toHaveCount(0);
}

let lastFile: string | undefined;

export const test = base.extend<{ loginAs: (key: string, path?: string) => Promise<void>; freshDemoData: void }>({
  // Every spec file starts from the demo data as shipped, whatever earlier files changed.
  freshDemoData: [
    async ({ playwright, baseURL }, use, testInfo) => {
      if (testInfo.file !== lastFile) {
        const api = await playwright.request.newContext({ baseURL });
        const res = await api.post('/api/testing/reset-demo', {
          headers: { 'X-Requested-With': 'XMLHttpRequest' },
          timeout: 60_000,
        });
        expect(res.status(), 'demo data reset').toBe(200);
        await api.dispose();
        lastFile = testInfo.file;
      }
      await use();
    },
    { auto: true },
  ],
  loginAs: async ({ page }, use) => {
    await use((key, path) => loginAs(page, key, path));
  },
});

export { expect };
