import sharp from 'sharp';
import { DEMO_PASSWORD, demoLogin, expect, test } from './fixtures';
import { expectNoAxeViolations, lastMailTo, linkIn } from './profile-helpers';
import { shot } from './shots';

/** A 400 in the spec's error shape, as the server answers a too-long field. */
const refusal = (reference: string) => ({
  status: 400,
  contentType: 'application/json',
  body: JSON.stringify({
    status: 400,
    code: 'ValidationFailed',
    messages: [{ messageType: 'Error', message: 'VALIDATION.TooLong', reference }],
  }),
});

test('profile menu, cards and the personal, contact and company dialogs', async ({ loginAs, page }) => {
  await loginAs('processor');
  await page.getByTestId('profile-header').click();
  await page.getByRole('menuitem', { name: 'Profil' }).click();
  await expect(page).toHaveURL(/\/home\/app\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profil', level: 1 })).toBeVisible();
  await expect(page.getByTestId('personal-card')).toContainText('Stefan');
  await expect(page.getByTestId('company-card')).toContainText('Bauunternehmung Becker');
  await expect(page.getByTestId('profile-image-card')).toContainText(demoLogin('processor'));
  await shot(page, 'profile', { fullPage: true });

  // Personal data: both names required, Save disabled while invalid.
  await page.getByTestId('personal-card').getByRole('button', { name: 'Bearbeiten' }).click();
  const dialog = page.getByRole('dialog', { name: 'Persönliche Daten bearbeiten' });
  await dialog.getByLabel('Vorname').fill('');
  await expect(dialog.getByText('Dieses Feld muss ausgefüllt werden')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await dialog.getByLabel('Vorname').fill('Stefanie');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('personal-card')).toContainText('Stefanie');

  await page.getByTestId('contact-card').getByRole('button', { name: 'Bearbeiten' }).click();
  const contact = page.getByRole('dialog', { name: 'Kontaktdaten bearbeiten' });
  // The shared schema checks the field while typing; Save stays disabled while it is too long.
  await contact.getByLabel('Telefon (Büro)').fill('1'.repeat(60));
  await expect(contact.getByText('Die Eingabe ist zu lang.')).toBeVisible();
  await expect(contact.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  // The server's messages appear in the dialog, each as a paragraph; the dialog stays open.
  await contact.getByLabel('Telefon (Büro)').fill('+49 5121 99 99');
  await page.route('**/profilecontact', (route) => route.fulfill(refusal('officePhone')), { times: 1 });
  await contact.getByRole('button', { name: 'Speichern' }).click();
  await expect(contact.getByRole('alert').locator('p')).toHaveText(['Die Eingabe ist zu lang.']);
  await contact.getByRole('button', { name: 'Speichern' }).click();
  await expect(contact).toBeHidden();
  await expect(page.getByTestId('contact-card')).toContainText('+49 5121 99 99');

  await page.getByTestId('company-card').getByRole('button', { name: 'Bearbeiten' }).click();
  const company = page.getByRole('dialog', { name: 'Firmenadresse bearbeiten' });
  await company.getByLabel('PLZ').fill('9'.repeat(30));
  await expect(company.getByText('Die Eingabe ist zu lang.')).toBeVisible();
  await expect(company.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  // The address dialog shows the status and each message with its type and reference.
  await company.getByLabel('PLZ').fill('31134');
  await page.route('**/profileaddress', (route) => route.fulfill(refusal('zip')), { times: 1 });
  await company.getByRole('button', { name: 'Speichern' }).click();
  await expect(company.getByRole('alert')).toContainText('Fehler 400');
  await expect(company.getByRole('alert').locator('p')).toHaveText(['Fehler: Die Eingabe ist zu lang. (PLZ)']);
  await company.getByLabel('Adresszeile 2').fill('Halle 4');
  await company.getByLabel('Ort').fill('Hildesheim-Nord');
  await company.getByRole('button', { name: 'Speichern' }).click();
  await expect(company).toBeHidden();
  await expect(page.getByTestId('company-card')).toContainText('Halle 4');
  await expect(page.getByTestId('company-card')).toContainText('Hildesheim-Nord');
  await page.reload();
  await expect(page.getByTestId('company-card')).toContainText('Halle 4');
});

test('change password: the errors of §5 and §8, then success', async ({ loginAs, page }) => {
  await loginAs('customer', '/home/app/profile');
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passwort ändern' });
  const oldPw = dialog.getByLabel('Bisheriges Passwort');
  const newPw = dialog.getByLabel('Neues Passwort').first();
  const confirmPw = dialog.getByLabel('Neues Passwort wiederholen');
  const save = dialog.getByRole('button', { name: 'Speichern' });

  await oldPw.fill(DEMO_PASSWORD);
  await newPw.fill('abcdef');
  await confirmPw.click();
  await expect(dialog.getByText('Mindestens 6 Zeichen aus mindestens 3 der 4 Gruppen').last()).toBeVisible();
  await newPw.fill(DEMO_PASSWORD);
  await confirmPw.fill(DEMO_PASSWORD);
  await oldPw.click();
  await expect(dialog.getByText('Das neue Passwort muss sich vom bisherigen unterscheiden.')).toBeVisible();
  await newPw.fill('Neu-Pass-1');
  await confirmPw.fill('Neu-Pass-2');
  await oldPw.click();
  await expect(dialog.getByText('Die Passwörter stimmen nicht überein.')).toBeVisible();
  await expect(save).toBeDisabled();
  await shot(dialog, 'password-errors');

  // Wrong old password: the server answers InvalidPassword, shown as an error toast.
  await oldPw.fill('Falsch-123');
  await confirmPw.fill('Neu-Pass-1');
  await save.click();
  await expect(page.getByText('Das bisherige Passwort ist nicht korrekt.')).toBeVisible();
  await expect(page.getByText('Falsches Passwort')).toBeVisible();
  await expect(dialog).toBeVisible();

  await oldPw.fill(DEMO_PASSWORD);
  await save.click();
  await expect(dialog).toBeHidden();
  const info = page.getByRole('dialog', { name: 'Passwort geändert' });
  await expect(info).toContainText('Ihr Passwort wurde geändert.');
  await info.getByRole('button', { name: 'OK' }).click();

  const res = await page.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: demoLogin('customer'), password: 'Neu-Pass-1' },
  });
  expect(res.status()).toBe(200);
});

test('profile image: refuse other types, crop and upload a real image, delete it', async ({ loginAs, page }) => {
  await loginAs('drafter', '/home/app/profile');
  await expect(page.getByRole('button', { name: 'Profilbild löschen' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Profilbild ändern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Profilbild ändern' });
  const input = dialog.locator('input[type=file]');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(dialog.getByRole('alert')).toHaveText(
    'Dieses Dateiformat wird nicht unterstützt. Wählen Sie ein Bild im Format PNG, JPG, BMP, GIF, TIFF, SVG, WEBP oder ICO.',
  );
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();

  const svg = Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500"><rect width="800" height="500" fill="#1c7ed6"/><circle cx="400" cy="250" r="200" fill="#fab005"/></svg>',
  );
  const png = await sharp(svg).png().toBuffer();
  await input.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
  await expect(dialog.locator('img')).toBeVisible();
  await dialog.getByRole('slider', { name: 'Zoom' }).focus();
  await page.keyboard.press('ArrowRight');
  await shot(dialog, 'crop');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toBeHidden();

  const img = page.getByTestId('profile-image');
  await expect(img).toBeVisible();
  await expect(img).toHaveAttribute('src', /profilefiles\/\d+\/thumbnail\.png\?ts=\d+/);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(256);
  await expect(page.getByTestId('profile-header').locator('img')).toBeVisible();
  await shot(page, 'profile-with-image', { fullPage: true });

  await page.getByRole('button', { name: 'Profilbild löschen' }).click();
  await page.getByRole('dialog', { name: 'Profilbild löschen' }).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('profile-image')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Profilbild löschen' })).toHaveCount(0);
});

test('settings: daily mail, mail preferences and language, applied after saving and on load', async ({
  loginAs,
  page,
}) => {
  await loginAs('coordinator', '/home/app/profile');
  // Mail preferences: state changes (staff default: daily digest) now immediately; shown at 390 px in German.
  const mails = page.getByTestId('mail-preferences-card');
  const stateChanges = mails.getByTestId('mail-preference-unit.state.changed');
  await expect(stateChanges.getByRole('radio', { name: 'Täglich' })).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await stateChanges.getByText('Sofort').click();
  await shot(mails, 'mail-preferences-390-de');
  await mails.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Die Einstellungen wurden gespeichert.')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 720 });
  const settings = page.getByTestId('settings-card');
  await settings.getByLabel('Tägliche E-Mail mit dem Status meiner Aufgaben').uncheck();
  await settings.getByLabel('Sprache').click();
  await page.getByRole('option', { name: 'English' }).click();
  await settings.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(
    page.getByTestId('settings-card').getByLabel('Daily e-mail with the status of my tasks'),
  ).not.toBeChecked();

  // A new browser session still shows English: the profile language wins over the browser's.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  await expect(
    page.getByTestId('mail-preference-unit.state.changed').getByRole('radio', { name: 'Immediately' }),
  ).toBeChecked();
  await expectNoAxeViolations(page, 'profile en');

  await page.getByTestId('settings-card').getByLabel('Language').click();
  await page.getByRole('option', { name: 'Deutsch' }).click();
  await page.getByTestId('settings-card').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Profil', level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, 'profile de');
});

test('profile dialogs have no WCAG 2.2 AA violations', async ({ loginAs, page }) => {
  await loginAs('backoffice', '/home/app/profile');
  await expect(page.getByTestId('personal-card')).toBeVisible();
  for (const [button, name] of [
    ['Persönliche Daten', 'Persönliche Daten bearbeiten'],
    ['Firmendaten', 'Firmenadresse bearbeiten'],
    ['Kontaktdaten', 'Kontaktdaten bearbeiten'],
  ] as const) {
    await page.getByRole('region', { name: button }).getByRole('button', { name: 'Bearbeiten' }).click();
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await expectNoAxeViolations(page, name);
    await page.getByRole('dialog', { name }).getByRole('button', { name: 'Abbrechen' }).click();
  }
  await page.getByRole('button', { name: 'Passwort ändern' }).click();
  await expectNoAxeViolations(page, 'password dialog');
});

test('delete account: confirm, e-mail link, anonymised, signed out', async ({ loginAs, page, browser }) => {
  await loginAs('sales', '/home/app/profile');
  await expect(page.getByTestId('personal-card')).toContainText('Peter');
  const confirm = page.getByRole('dialog', { name: 'Konto löschen' });
  await expect(async () => {
    if (!(await confirm.isVisible())) await page.getByRole('button', { name: 'Konto löschen' }).click();
    await expect(confirm).toBeVisible({ timeout: 2000 });
  }).toPass();
  await expect(confirm).toContainText('24 Stunden');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Wir haben Ihnen eine E-Mail zum Löschen Ihres Kontos geschickt.')).toBeVisible();

  const mail = await lastMailTo(browser, demoLogin('sales'), '/account-delete/');
  expect(mail.subject).toBe('Konto löschen');
  await page.goto(linkIn(mail.textBody, 'account-delete'));
  await expect(page.getByRole('heading', { name: 'Konto löschen' })).toBeVisible();
  await expectNoAxeViolations(page, 'delete account page');
  await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page.getByText('Ihr Konto wurde gelöscht.')).toBeVisible();
  await shot(page, 'account-deleted');

  expect((await page.request.get('/api/account/me')).status()).toBe(401);
  const again = await page.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: demoLogin('sales'), password: DEMO_PASSWORD },
  });
  expect(again.status()).toBe(401);
  await page.goto(linkIn(mail.textBody, 'account-delete'));
  await page.getByRole('button', { name: 'Konto endgültig löschen' }).click();
  await expect(page.getByText('Der Link zum Löschen ist ungültig, bereits benutzt oder abgelaufen.')).toBeVisible();
});

test('forgotten password: link on the sign-in page, e-mail, new password', async ({ page, browser }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Passwort vergessen?' }).click();
  await expect(page).toHaveURL(/\/password-forgotten$/);
  await expectNoAxeViolations(page, 'forgot password page');
  await page.getByLabel('E-Mail-Adresse').fill(demoLogin('reviewer'));
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('status')).toContainText('Falls ein Konto zu dieser Adresse existiert');

  const mail = await lastMailTo(browser, demoLogin('reviewer'), '/password-reset/');
  await page.goto(linkIn(mail.textBody, 'password-reset'));
  await expect(page.getByRole('heading', { name: 'Neues Passwort festlegen' })).toBeVisible();
  await page.getByLabel('Neues Passwort').first().fill('kurz');
  await page.getByLabel('Neues Passwort wiederholen').fill('kurz');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Mindestens 6 Zeichen aus mindestens 3 der 4 Gruppen').first()).toBeVisible();
  await page.getByLabel('Neues Passwort').first().fill('Vogt-2027!');
  await page.getByLabel('Neues Passwort wiederholen').fill('Vogt-2027!');
  await expectNoAxeViolations(page, 'reset password page');
  await page.getByRole('button', { name: 'Passwort speichern' }).click();
  await expect(page.getByText('Ihr Passwort wurde geändert.')).toBeVisible();
  await shot(page, 'password-reset-done');

  await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
  await page.getByLabel('E-Mail-Adresse').fill(demoLogin('reviewer'));
  await page.getByLabel('Passwort').fill('Vogt-2027!');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
});

test('forgotten password of an external login: told by e-mail, same page answer', async ({ page, browser }) => {
  await page.goto('/password-forgotten');
  await page.getByLabel('E-Mail-Adresse').fill(demoLogin('sso'));
  await page.getByRole('button', { name: 'Link anfordern' }).click();
  await expect(page.getByRole('status')).toContainText('Falls ein Konto zu dieser Adresse existiert');
  const mail = await lastMailTo(browser, demoLogin('sso'), 'Identitätsanbieter');
  expect(mail.textBody).toContain('Identitätsanbieter');
  expect(mail.textBody).not.toContain('/password-reset/');
});

test('sessions: see the signed-in devices, end one and all others; an admin ends all of a user', async ({
  loginAs,
  page,
  browser,
}) => {
  // Two more browsers of the same user: a phone and a Windows desktop.
  const signInElsewhere = async (userAgent: string, key = 'planner') => {
    const context = await browser.newContext({ userAgent });
    const res = await context.request.post('/api/account/login', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { login: demoLogin(key), password: DEMO_PASSWORD },
    });
    expect(res.status()).toBe(200);
    return context;
  };
  const phone = await signInElsewhere(
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  );
  const desktop = await signInElsewhere(
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  );
  await loginAs('planner', '/home/app/profile');
  const card = page.getByTestId('sessions-card');
  await expect(card.getByTestId('session-row')).toHaveCount(3);
  await expect(card).toContainText('Safari auf iOS');
  await expect(card).toContainText('Firefox auf Windows');
  await expect(card.getByTestId('session-row').filter({ hasText: 'Diese Sitzung' })).toHaveCount(1);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'sessions-card', { fullPage: true });
  await expectNoAxeViolations(page, 'profile with sessions');

  // End the phone's session: asked first, then gone.
  await card.getByRole('button', { name: 'Abmelden: Safari auf iOS' }).click();
  const ask = page.getByRole('dialog', { name: 'Sitzung beenden?' });
  await expect(ask).toContainText('Safari auf iOS wird abgemeldet.');
  await ask.getByRole('button', { name: 'Abmelden' }).click();
  await expect(card.getByTestId('session-row')).toHaveCount(2);
  expect((await phone.request.get('/api/account/me')).status()).toBe(401);
  expect((await desktop.request.get('/api/account/me')).status()).toBe(200);

  await card.getByRole('button', { name: 'Alle anderen abmelden' }).click();
  await page
    .getByRole('dialog', { name: 'Alle anderen Sitzungen beenden?' })
    .getByRole('button', { name: 'Alle anderen abmelden' })
    .click();
  await expect(page.getByText('1 Sitzung wurde beendet.')).toBeVisible();
  await expect(card.getByTestId('session-row')).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Alle anderen abmelden' })).toHaveCount(0);
  expect((await desktop.request.get('/api/account/me')).status()).toBe(401);
  expect((await page.request.get('/api/account/me')).status()).toBe(200);
  await phone.close();
  await desktop.close();

  // The tenant admin ends every session of a user.
  const user = await signInElsewhere('Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36', 'processor');
  await loginAs('admin', '/home/app/admin/users');
  await page.getByRole('searchbox', { name: 'Suche' }).fill('processor@');
  const row = page.getByTestId(`user-row-${demoLogin('processor')}`);
  await row.getByRole('button', { name: /^Alle Sitzungen beenden/ }).click();
  const confirm = page.getByRole('dialog', { name: 'Alle Sitzungen beenden?' });
  await expect(confirm).toContainText('auf allen Geräten abgemeldet');
  await shot(page, 'admin-end-sessions');
  await expectNoAxeViolations(page, 'end sessions dialog');
  await confirm.getByRole('button', { name: 'Alle Sitzungen beenden' }).click();
  // At least the session just opened; earlier journeys may have left more.
  await expect(page.getByText(/\d+ Sitzung(en)? von .* (wurde|wurden) beendet\./)).toBeVisible();
  expect((await user.request.get('/api/account/me')).status()).toBe(401);
  // The admin's own row offers no such action.
  await page.getByRole('searchbox', { name: 'Suche' }).fill('admin@');
  await expect(
    page.getByTestId(`user-row-${demoLogin('admin')}`).getByRole('button', { name: /Alle Sitzungen beenden/ }),
  ).toHaveCount(0);
  await user.close();
});
