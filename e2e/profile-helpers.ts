import { expect, type Browser, type Page } from '@playwright/test';
import { axeBuilder } from './axe';

/** No WCAG 2.2 AA violations on the page as it is now. */
export async function expectNoAxeViolations(page: Page, label: string): Promise<void> {
  // Fading toasts and dialogs would be measured half transparent: wait until transitions end.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // With a dialog open only the dialog is reachable; the dimmed page behind it is inert.
  const dialog = page.locator('[role=dialog]');
  const builder = axeBuilder(page);
  if ((await dialog.count()) > 0) builder.include('[role=dialog]');
  const result = await builder.analyze();
  const summary = result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(', ')}`,
  );
  expect(summary, label).toEqual([]);
}

/** The signed-in user's profile language, stored (as the language menu does) and remembered by the browser. */
export async function switchLanguage(page: Page, language: 'de' | 'en' | 'nl'): Promise<void> {
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  const res = await page.request.put(`/api/data/portal/users/${me.userID}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { languageKey: language },
  });
  expect(res.status()).toBe(200);
  await page.evaluate((lang) => localStorage.setItem('planport.language', lang), language);
}

/**
 * The newest mail to a recipient as sent. The outbox keeps copies with link tokens blanked out,
 * so the journeys read the sent mails the test server keeps in memory (loopback-only endpoint).
 */
export async function lastMailTo(
  browser: Browser,
  recipient: string,
  /** A text the wanted mail's subject or body contains (other mails to the recipient may arrive too). */
  containing?: string,
): Promise<{ subject: string; textBody: string }> {
  const context = await browser.newContext();
  try {
    // Mails leave the outbox a moment after the answer that caused them: ask again for a while.
    for (let attempt = 0; attempt < 40; attempt++) {
      const res = await context.request.get('/api/testing/mails');
      expect(res.status()).toBe(200);
      const mails = (await res.json()) as { to: string; subject: string; text: string }[];
      const mail = mails
        .reverse()
        .find(
          (m) => m.to === recipient && (!containing || m.subject.includes(containing) || m.text.includes(containing)),
        );
      if (mail) return { subject: mail.subject, textBody: mail.text };
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`no mail to ${recipient}${containing ? ` containing ${containing}` : ''}`);
  } finally {
    await context.close();
  }
}

export function linkIn(text: string, path: string): string {
  const m = new RegExp(`https?://[^\\s]+/${path}/[A-Za-z0-9_-]+`).exec(text);
  if (!m) throw new Error(`no ${path} link in mail`);
  return new URL(m[0]).pathname;
}
