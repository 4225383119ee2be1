import { demoLogin, expect, test } from './fixtures';
import { expectNoAxeViolations } from './profile-helpers';
import { invitationLink, setOwnLanguage } from './onboarding-helpers';
import { shot } from './shots';

/**
 * The invitation link as sent. The outbox keeps only a redacted copy; the journeys' server keeps
 * the sent mails in memory behind a loopback-only endpoint.
 */
test('an admin invites an external user, who sets a password with the link and signs in', async ({
  loginAs,
  page,
  browser,
}) => {
  // Four browser contexts and five accessibility scans: 45 s on its own on a 2-core machine, more
  // beside another worker.
  test.setTimeout(120_000);
  const email = 'neu.kunde@kunde.example';
  await loginAs('admin');
  await page.getByRole('link', { name: 'Benutzer', exact: true }).click();
  await expect(page).toHaveURL(/\/home\/app\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Benutzer', level: 1 })).toBeVisible();
  await expect(page.getByTestId(`user-row-${demoLogin('reviewer')}`)).toContainText('Extern');
  await expectNoAxeViolations(page, 'users de');
  await shot(page, 'users-de');

  await page.getByRole('button', { name: 'Benutzer einladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Benutzer einladen' });
  await dialog.getByLabel(/^E-Mail-Adresse/).fill('Neu.Kunde@Kunde.example');
  await dialog.getByLabel(/^Vorname/).fill('Nina');
  await dialog.getByLabel(/^Nachname/).fill('Neukunde');
  await dialog.getByLabel('Sprache', { exact: true }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expectNoAxeViolations(page, 'invite dialog de');
  await shot(page, 'users-invite-de');
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId(`user-row-${email}`);
  await expect(row).toContainText('Eingeladen');
  await expect(row).toContainText('Extern');

  // The same address in other letter case is refused.
  await page.getByRole('button', { name: 'Benutzer einladen' }).click();
  await dialog.getByLabel(/^E-Mail-Adresse/).fill('NEU.KUNDE@kunde.example');
  await dialog.getByLabel(/^Vorname/).fill('Nina');
  await dialog.getByLabel(/^Nachname/).fill('Doppelt');
  await dialog.getByRole('button', { name: 'Einladung senden' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Für diese E-Mail-Adresse gibt es bereits einen Benutzer.');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  const mailed = await invitationLink(page.request, email);
  // The invitation by its recipient: mails of the scheduled jobs may have come after it.
  const outbox = await (
    await page.request.get('/api/data/portal/mailoutbox', {
      params: { $filter: `recipient eq '${email}'`, $top: 5 },
    })
  ).json();
  const copy = (outbox.data as { recipient: string; subject: string; textBody: string }[]).find(
    (m) => m.recipient === email,
  );
  expect(copy?.subject).toContain('Invitation to Planport');
  expect(copy?.textBody).toContain('/invitation/[…]');
  expect(copy?.textBody).not.toContain(mailed);

  // Without a mail server the admin who invited hands the invitation on: a fresh link, which ends
  // the mailed one.
  await row.getByRole('button', { name: /^Einladungslink kopieren:/ }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Einladungslink kopieren' });
  const field = linkDialog.getByTestId('invitation-link');
  await expect(field).toHaveValue(/\/invitation\/[A-Za-z0-9_-]{20,}$/);
  await expectNoAxeViolations(page, 'invitation link dialog de');
  await shot(page, 'users-invitation-link-de');
  const link = new URL(await field.inputValue()).pathname;
  expect(link).not.toBe(mailed);
  const info = (path: string) =>
    page.request.post('/api/account/invitation/info', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { token: path.split('/').pop() },
    });
  expect((await info(mailed)).status()).toBe(400);
  expect((await info(link)).status()).toBe(200);
  await linkDialog.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(linkDialog).toBeHidden();

  // The public page follows the browser language.
  for (const [locale, heading] of [
    ['en-GB', 'Accept invitation'],
    ['nl-NL', 'Uitnodiging accepteren'],
  ] as const) {
    const context = await browser.newContext({ locale });
    const other = await context.newPage();
    await other.goto(link);
    await expect(other.getByRole('heading', { name: heading })).toBeVisible();
    await expect(other.getByText(email)).toBeVisible();
    if (locale === 'en-GB') await expectNoAxeViolations(other, 'accept invitation en');
    await shot(other, `invitation-${locale.slice(0, 2)}`);
    await context.close();
  }

  const invitee = await browser.newContext({ locale: 'de-DE' });
  const guest = await invitee.newPage();
  await guest.goto(link);
  await expect(guest.getByRole('heading', { name: 'Einladung annehmen' })).toBeVisible();
  await expect(guest.getByText(email)).toBeVisible();
  await expectNoAxeViolations(guest, 'accept invitation de');
  await shot(guest, 'invitation-de');
  await guest.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('kurz');
  await guest.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill('kurz');
  await guest.getByRole('button', { name: 'Passwort festlegen' }).click();
  await expect(guest.getByRole('heading', { name: 'Einladung annehmen' })).toBeVisible();
  await guest.getByRole('textbox', { name: 'Neues Passwort', exact: true }).fill('Willkommen-2026');
  await guest.getByRole('textbox', { name: 'Neues Passwort wiederholen' }).fill('Willkommen-2026');
  await guest.getByRole('button', { name: 'Passwort festlegen' }).click();
  await expect(guest.getByRole('status')).toContainText('Ihr Passwort ist gespeichert');
  await guest.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
  await guest.getByLabel(/^E-Mail-Adresse/).fill(email);
  await guest.getByLabel(/^Passwort/).fill('Willkommen-2026');
  await guest.getByRole('button', { name: 'Anmelden' }).click();
  await expect(guest).toHaveURL(/\/home\/app\/dash$/);

  // The link works once.
  await guest.goto(link);
  await expect(guest.getByRole('alert')).toContainText('ungültig, bereits verwendet oder abgelaufen');
  await invitee.close();

  await page.reload();
  await expect(page.getByTestId(`user-row-${email}`)).toContainText('Aktiv');
});

test('deactivation ends the session and refuses sign-in with a clear message; reactivation undoes it', async ({
  loginAs,
  page,
  browser,
}) => {
  const user = await browser.newContext({ locale: 'de-DE' });
  const userPage = await user.newPage();
  await userPage.goto('/login');
  await userPage.getByLabel(/^E-Mail-Adresse/).fill(demoLogin('sales'));
  await userPage.getByLabel(/^Passwort/).fill('Demo-2026');
  await userPage.getByRole('button', { name: 'Anmelden' }).click();
  await expect(userPage).toHaveURL(/\/home\/app\/dash$/);

  await loginAs('admin', '/home/app/admin/users');
  await page.getByRole('searchbox', { name: 'Suche' }).fill('sales@');
  const row = page.getByTestId(`user-row-${demoLogin('sales')}`);
  await row.getByRole('button', { name: /^Deaktivieren/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Deaktivieren' }).click();
  await expect(row).toContainText('Deaktiviert');
  // The admin's own row offers no deactivation.
  await page.getByRole('searchbox', { name: 'Suche' }).fill('admin@');
  await expect(page.getByTestId(`user-row-${demoLogin('admin')}`)).toBeVisible();
  await expect(
    page.getByTestId(`user-row-${demoLogin('admin')}`).getByRole('button', { name: /Deaktivieren/ }),
  ).toHaveCount(0);

  expect((await userPage.request.get('/api/account/me')).status()).toBe(401);
  await userPage.goto('/login');
  await userPage.getByLabel(/^E-Mail-Adresse/).fill(demoLogin('sales'));
  await userPage.getByLabel(/^Passwort/).fill('Demo-2026');
  await userPage.getByRole('button', { name: 'Anmelden' }).click();
  await expect(userPage.getByRole('alert')).toContainText('Dieses Konto wurde deaktiviert');

  await page.getByRole('searchbox', { name: 'Suche' }).fill('sales@');
  await row.getByRole('button', { name: /^Reaktivieren/ }).click();
  await expect(row).toContainText('Aktiv');
  await userPage.getByRole('button', { name: 'Anmelden' }).click();
  await expect(userPage).toHaveURL(/\/home\/app\/dash$/);
  await user.close();
});

test('company sign-in: settings, connection test, the secret stays hidden', async ({ loginAs, page }) => {
  await loginAs('admin');
  await page.getByRole('link', { name: 'Firmenanmeldung' }).click();
  await expect(page.getByRole('heading', { name: 'Firmenanmeldung (OpenID Connect)' })).toBeVisible();
  const issuer = page.getByLabel(/^Aussteller/);
  await expect(issuer).toHaveValue(/\/demo-idp$/);
  await expect(page.getByLabel(/^Client-Secret/)).toHaveValue('');
  await expect(page.getByLabel(/^Client-Secret/)).toHaveAttribute('placeholder', /Gespeichert/);

  await page.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(page.getByTestId('company-sign-in-test')).toContainText('erreichbar und vollständig');
  await expectNoAxeViolations(page, 'company sign-in de');
  await shot(page, 'company-sign-in-de');

  const good = await issuer.inputValue();
  await issuer.fill(`${good}/nowhere`);
  await page.getByRole('button', { name: 'Verbindung testen' }).click();
  await expect(page.getByTestId('company-sign-in-test')).toContainText('HTTP-Status 404');
  await issuer.fill(good);

  await page.getByLabel(/^Beschriftung der Schaltfläche/).fill('Mit dem Celona-Konto anmelden');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Firmenanmeldung ist gespeichert.')).toBeVisible();
  const settings = await (await page.request.get('/api/data/portal/company-sign-in')).text();
  expect(settings).not.toContain('planport-demo-secret');

  const guest = await page.context().browser()!.newContext({ locale: 'de-DE' });
  const signInPage = await guest.newPage();
  await signInPage.goto('/login');
  await expect(signInPage.getByRole('link', { name: 'Mit dem Celona-Konto anmelden' })).toBeVisible();
  await guest.close();
});

test('the new pages in English and Dutch', async ({ loginAs, page }) => {
  await loginAs('admin', '/home/app/admin/users');
  for (const [language, users, company] of [
    ['en', 'Users', 'Company sign-in (OpenID Connect)'],
    ['nl', 'Gebruikers', 'Bedrijfsaanmelding (OpenID Connect)'],
  ] as const) {
    await setOwnLanguage(page, language);
    await page.goto('/home/app/admin/users');
    await expect(page.getByRole('heading', { name: users, level: 1 })).toBeVisible();
    await expect(page.getByTestId(`user-row-${demoLogin('reviewer')}`)).toBeVisible();
    if (language === 'en') await expectNoAxeViolations(page, 'users en');
    await shot(page, `users-${language}`);
    await page.getByRole('button', { name: language === 'en' ? 'Invite user' : 'Gebruiker uitnodigen' }).click();
    if (language === 'en') await expectNoAxeViolations(page, 'invite dialog en');
    await shot(page, `users-invite-${language}`);
    await page.keyboard.press('Escape');
    await page.goto('/home/app/admin/company-sign-in');
    await expect(page.getByRole('heading', { name: company })).toBeVisible();
    if (language === 'en') await expectNoAxeViolations(page, 'company sign-in en');
    await shot(page, `company-sign-in-${language}`);
  }
  await setOwnLanguage(page, 'de');
});
