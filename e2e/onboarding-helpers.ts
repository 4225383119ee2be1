import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

/**
 * The invitation link as sent (the outbox keeps only a redacted copy; the test mail list has the
 * original). Mails leave the outbox a moment after the answer that queued them: ask for a while.
 */
export async function invitationLink(request: APIRequestContext, to: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const mails = (await (await request.get('/api/testing/mails')).json()) as { to: string; text: string }[];
    const mail = mails.reverse().find((m) => m.to === to);
    const m = mail && /https?:\/\/\S+\/invitation\/[A-Za-z0-9_-]+/.exec(mail.text);
    if (m) return new URL(m[0]).pathname;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no invitation mail to ${to}`);
}

/** Stores the signed-in user's language and forgets the browser's own choice. */
export async function setOwnLanguage(page: Page, language: string): Promise<void> {
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  const res = await page.request.put(`/api/data/portal/users/${me.userID}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { languageKey: language },
  });
  expect(res.status()).toBe(200);
  await page.evaluate(() => localStorage.clear());
}

/** Picks a user in the searchable member field and chooses the roles. */
export async function chooseMember(page: Page, scope: Locator, search: string, name: string, roles: string[]) {
  const user = scope.getByTestId('member-user-select');
  await user.click();
  await user.fill(search);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  const roleSelect = scope.getByTestId('member-roles-select');
  // A role the user brings along is already chosen (a pill); the list offers only the others.
  const field = roleSelect.locator('xpath=ancestor::div[contains(@class,"mantine-MultiSelect-root")][1]');
  let opened = false;
  for (const role of roles) {
    if ((await field.locator('.mantine-Pill-label', { hasText: new RegExp(`^${role}$`) }).count()) > 0) continue;
    await roleSelect.click();
    opened = true;
    await page.getByRole('option', { name: role, exact: true }).click();
  }
  // Closes the role list; with nothing to pick it never opened, and Escape would close the dialog.
  if (opened) await page.keyboard.press('Escape');
}
