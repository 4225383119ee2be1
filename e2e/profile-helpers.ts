import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demoLogin } from './fixtures';

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** No WCAG 2.2 AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Fading toasts and dialogs would be measured half transparent: wait until transitions end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // With a dialog open only the dialog is reachable; the dimmed page behind it is inert.
  const dialog = page.locator('[role=dialog]');
  const builder = new AxeBuilder({ page }).withTags(wcagTags);
  if ((await dialog.count()) > 0) builder.include('[role=dialog]');
  const result = await builder.analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(', ')}`,
  );
  expect(summary, label).toEqual([]);
}

/** The newest outbox mail to a recipient, read through the admin API of the demo tenant. */
export async function lastMailTo(
  browser: Browser,
  recipient: string,
  adminKey = 'admin',
): Promise<{ subject: string; textBody: string }> {
  const context = await browser.newContext();
  const res = await context.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: demoLogin(adminKey), password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  const list = await (await context.request.get('/api/data/portal/mailoutbox?$top=100')).json();
  await context.close();
  const mail = (list.data as { recipient: string; subject: string; textBody: string }[]).find(
    (m) => m.recipient === recipient,
  );
  if (!mail) throw new Error(`no mail to ${recipient}`);
  return mail;
}

export function linkIn(text: string, path: string): string {
  const m = new RegExp(`https?://[^\\s]+/${path}/[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in mail`);
  return new URL(m[0]).pathname;
}
