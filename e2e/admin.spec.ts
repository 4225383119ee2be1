import { expect, test } from './fixtures';
import { expectNoAxeViolations, lastMailTo } from './profile-helpers';
import { shot } from './shots';

test('admin navigation is only for admins', async ({ loginAs, page }) => {
  await loginAs('planner');
  await expect(page.getByRole('link', { name: 'Übersicht' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Hinweisbanner' })).toHaveCount(0);
  expect((await page.request.get('/api/data/portal/banner-notifications')).status()).toBe(403);
  // The admin pages are guarded by the user's abilities (isAdmin): not-found page, no Add button.
  for (const path of ['banner-notifications', 'preliminary-days', 'outbox', 'catalogues']) {
    await page.goto(`/home/app/admin/${path}`);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Hinzufügen' })).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  for (const name of ['Hinweisbanner', 'Vorlauftage', 'Postausgang', 'Kataloge'])
    await expect(page.getByRole('navigation').getByRole('link', { name })).toHaveCount(0);
});

test('banner notifications: list, add, edit, delete; shown to the targeted sales org', async ({
  loginAs,
  page,
  browser,
}) => {
  await loginAs('admin');
  await page.getByRole('link', { name: 'Hinweisbanner' }).click();
  await expect(page).toHaveURL(/\/home\/app\/admin\/banner-notifications$/);
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  const maintenance = table.getByRole('row', { name: /Wartungsfenster am Samstag/ });
  await expect(maintenance.locator('[data-level="warning"]')).toHaveCSS('background-color', 'rgb(179, 80, 0)');
  await expect(table.getByRole('row', { name: /Werksferien/ }).locator('[data-level="important"]')).toHaveCSS(
    'background-color',
    'rgb(201, 42, 42)',
  );
  await expect(table.getByRole('row', { name: /Preisliste/ }).locator('[data-level="info"]')).toHaveCSS(
    'background-color',
    'rgb(72, 98, 122)',
  );
  await maintenance.getByText('NORD', { exact: true }).hover();
  await expect(page.getByRole('tooltip')).toHaveText('Celona Vertrieb Nord');
  await shot(page, 'banners', { fullPage: true });
  await expectNoAxeViolations(page, 'banner list de');

  // Add: defaults of §4 (from now, until now + 1 day, nothing else), Add disabled until valid.
  await page.getByRole('button', { name: 'Hinzufügen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hinweisbanner hinzufügen' });
  // Day (TT.MM.JJJJ) and time (hh:mm) in the browser's local time (Europe/Berlin); parsed there.
  const shown = async (label: string, scope = dialog) => {
    const day = await scope.getByRole('textbox', { name: label, exact: true }).inputValue();
    const time = await scope.getByRole('textbox', { name: `${label}, Uhrzeit` }).inputValue();
    expect(day).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
    expect(time).toMatch(/^\d{2}:\d{2}$/);
    return `${day.split('.').reverse().join('-')}T${time}`;
  };
  const from = await shown('Anzeigen ab');
  const until = await shown('Anzeigen bis');
  const [fromMs, untilMs] = await page.evaluate(
    ([a, b]) => [new Date(a ?? '').getTime(), new Date(b ?? '').getTime()],
    [from, until],
  );
  expect(untilMs - fromMs).toBe(86_400_000);
  expect(Math.abs(fromMs - Date.now())).toBeLessThan(5 * 60_000);
  const add = dialog.getByRole('button', { name: 'Hinzufügen' });
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Titel').fill('Neue Lieferzeiten');
  await dialog.getByRole('textbox', { name: /^Text/ }).fill('Ab sofort gelten neue Lieferzeiten.');
  await dialog.getByLabel('Stufe').click();
  await page.getByRole('option', { name: 'Wichtig' }).click();
  await expect(add).toBeDisabled();
  await dialog.getByLabel('Vertriebsorganisationen').click();
  await page.getByRole('option', { name: /NORD/ }).click();
  await page.getByRole('option', { name: /SUED/ }).click();
  await page.keyboard.press('Escape');
  await expectNoAxeViolations(page, 'banner dialog de');
  await shot(dialog, 'banner-dialog');
  await add.click();
  await expect(dialog).toBeHidden();
  const added = table.getByRole('row', { name: /Neue Lieferzeiten/ });
  await expect(added).toBeVisible();
  await expect(added.getByText('SUED', { exact: true })).toBeVisible();

  await added.getByRole('button', { name: 'Bearbeiten: Neue Lieferzeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Hinweisbanner bearbeiten' });
  await edit.getByLabel('Titel').fill('Neue Lieferzeiten 2027');
  // The stored times come back as entered; a time typed as 2345 is kept as 23:45.
  expect(await shown('Anzeigen ab', edit)).toBe(from);
  expect(await shown('Anzeigen bis', edit)).toBe(until);
  const untilTime = edit.getByRole('textbox', { name: 'Anzeigen bis, Uhrzeit' });
  await untilTime.fill('25:00');
  await expect(untilTime).toHaveAttribute('aria-invalid', 'true');
  await expect(untilTime).toHaveAccessibleDescription('Bitte ein gültiges Datum eingeben.');
  await expect(edit.getByRole('textbox', { name: 'Anzeigen bis', exact: true })).toHaveAccessibleDescription(
    'Bitte ein gültiges Datum eingeben.',
  );
  await expect(edit.getByRole('button', { name: 'Bearbeiten' })).toBeDisabled();
  await untilTime.fill('2345');
  await expect(edit.getByText('Bitte ein gültiges Datum eingeben.')).toBeHidden();
  await edit.getByRole('button', { name: 'Bearbeiten' }).click();
  await expect(edit).toBeHidden();
  await expect(table.getByRole('row', { name: /Neue Lieferzeiten 2027/ })).toBeVisible();
  await table.getByRole('button', { name: 'Bearbeiten: Neue Lieferzeiten 2027' }).click();
  expect(await shown('Anzeigen bis', edit)).toBe(`${until.slice(0, 10)}T23:45`);
  await edit.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(edit).toBeHidden();

  // The new banner is active for NORD: the planner sees it, can dismiss it for the session.
  const planner = await browser.newContext({ locale: 'de-DE' });
  const plannerPage = await planner.newPage();
  await plannerPage.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: 'planner@demo.planport.test', password: 'Demo-2026' },
  });
  await plannerPage.goto('/home/app/dash');
  const banner = plannerPage.getByTestId('banner-notification').filter({ hasText: 'Neue Lieferzeiten 2027' });
  await expect(banner).toBeVisible();
  await expect(plannerPage.getByTestId('banner-notification').filter({ hasText: 'Wartungsfenster' })).toBeVisible();
  await expect(plannerPage.getByTestId('banner-notification').filter({ hasText: 'Werksferien' })).toHaveCount(0);
  await shot(plannerPage, 'banner-shown');
  await banner.getByRole('button', { name: 'Hinweis ausblenden' }).click();
  await expect(banner).toHaveCount(0);
  await plannerPage.reload();
  await expect(plannerPage.getByTestId('banner-notification').filter({ hasText: 'Wartungsfenster' })).toBeVisible();
  await expect(
    plannerPage.getByTestId('banner-notification').filter({ hasText: 'Neue Lieferzeiten 2027' }),
  ).toHaveCount(0);
  await planner.close();

  await table
    .getByRole('row', { name: /Neue Lieferzeiten 2027/ })
    .getByRole('button', { name: 'Löschen: Neue Lieferzeiten 2027' })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Hinweisbanner löschen' });
  await expect(confirm).toContainText('„Neue Lieferzeiten 2027“');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(table.getByRole('row', { name: /Neue Lieferzeiten/ })).toHaveCount(0);
});

test('banner paging: page sizes and pages', async ({ loginAs, page }) => {
  await loginAs('admin', '/home/app/admin/banner-notifications');
  const table = page.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(4);
  for (let i = 0; i < 9; i++) {
    const res = await page.request.post('/api/data/portal/banner-notifications', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: {
        title: `Hinweis ${i}`,
        text: 'Text',
        level: 'info',
        showFrom: new Date(Date.now() + i * 1000).toISOString(),
        showUntil: new Date(Date.now() + 86_400_000).toISOString(),
        salesOrgs: [1],
      },
    });
    expect(res.status()).toBe(200);
  }
  await page.reload();
  await expect(page.getByText('12 Einträge')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(11);
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('Einträge pro Seite').first().click();
  await page.getByRole('option', { name: '20' }).click();
  await expect(table.getByRole('row')).toHaveCount(13);
});

test('preliminary days: dirty rows, one save per row, a failing row stays dirty', async ({ loginAs, page }) => {
  await loginAs('admin');
  await page.getByRole('link', { name: 'Vorlauftage' }).click();
  const rows = page.getByRole('row');
  await expect(rows).toHaveCount(10);
  await expect(rows.nth(1)).toContainText('Werk Augsburg-Lechhausen');
  await expect(rows.nth(1)).toContainText('Porenbeton-Planblöcke');
  await expect(rows.nth(3)).toContainText('Porenbeton-Stürze');
  await expect(rows.nth(4)).toContainText('Werk Hannover-Misburg');
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'preliminary days de');

  const first = page.getByLabel('Vorlauftage: Werk Augsburg-Lechhausen, Porenbeton-Planblöcke');
  const second = page.getByLabel('Vorlauftage: Werk Augsburg-Lechhausen, Porenbeton-Planelemente');
  await first.fill('21');
  await expect(rows.nth(1)).toHaveAttribute('data-dirty', 'true');
  // The page checks the server's rule (a whole number from 1 to 365) itself: message, Save disabled.
  const save = page.getByRole('button', { name: 'Speichern' });
  for (const [value, message] of [
    ['0', 'Der Wert muss mindestens 1 sein.'],
    ['-3', 'Der Wert muss mindestens 1 sein.'],
    ['1.5', 'Bitte eine ganze Zahl eingeben.'],
    ['366', 'Der Höchstwert ist 365.'],
    ['', 'Bitte eine ganze Zahl eingeben.'],
  ] as const) {
    await second.fill(value);
    await expect(rows.nth(2)).toContainText(message);
    await expect(save).toBeDisabled();
    if (value === '366') await shot(page, 'preliminary-invalid');
  }
  await second.fill('365');
  await expect(rows.nth(2)).not.toContainText('Der Höchstwert');
  await expect(save).toBeEnabled();
  await shot(page, 'preliminary-dirty', { fullPage: true });

  // A row the server refuses stays dirty with the server's message; the other one is saved.
  await page.route('**/productplantpreliminarydays/*', (route) =>
    route.request().method() === 'PUT' && route.request().postDataJSON().PreliminaryDays === 365
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            status: 400,
            code: 'ValidationFailed',
            messages: [{ messageType: 'Error', message: 'VALIDATION.MaxValueReached', reference: 'PreliminaryDays' }],
          }),
        })
      : route.continue(),
  );
  const puts: string[] = [];
  page.on('request', (r) => r.method() === 'PUT' && puts.push(r.url()));
  await save.click();
  await expect(rows.nth(2)).toContainText('Der Höchstwert ist 365.');
  await expect(rows.nth(2)).toHaveAttribute('data-dirty', 'true');
  await expect(rows.nth(1)).not.toHaveAttribute('data-dirty', 'true');
  await expect(first).toHaveValue('21');
  expect(puts).toHaveLength(2);
  await page.unrouteAll();

  await second.fill('12');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('button', { name: 'Speichern' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByLabel('Vorlauftage: Werk Augsburg-Lechhausen, Porenbeton-Planelemente')).toHaveValue('12');
});

test('outbox lists the e-mails of the tenant with their delivery state', async ({ loginAs, page, browser }) => {
  await page.request.post('/api/account/password-reset/request', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: 'backoffice@demo.planport.test' },
  });
  // The delivery loop has handed the queued mail to the transport (no SMTP here: kept).
  await lastMailTo(browser, 'backoffice@demo.planport.test', '/password-reset/');
  await loginAs('admin');
  await page.getByRole('link', { name: 'Postausgang' }).click();
  // The scheduled jobs run again after each demo reset: some fifty reminders may come after the
  // reset mail. The search finds it wherever it is.
  await page.getByRole('searchbox', { name: 'Suche' }).fill('BACKOFFICE@demo');
  const row = page.getByRole('row', { name: /backoffice@demo.planport.test/ });
  await expect(row).toContainText('Passwort zurücksetzen');
  await expect(row).toContainText('Aufbewahrt');
  await expect(row).toContainText('1 Versuch');
  await row.scrollIntoViewIfNeeded();
  await shot(page, 'outbox');
  await row.getByRole('button', { name: 'Passwort zurücksetzen' }).click();
  await expect(page.getByTestId('outbox-body')).toContainText('/password-reset/');
  await expect(page.getByRole('dialog')).toContainText('Aufbewahrt');
  await shot(page, 'outbox-mail');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expectNoAxeViolations(page, 'outbox de');
  // No failed mail to that address: the table says that nothing matches.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Fehlgeschlagen' }).click();
  await expect(page.getByText('Keine E-Mail passt zu Suche und Status.')).toBeVisible();
  await expect(row).toHaveCount(0);
});

test('admin pages in English have no WCAG 2.2 AA violations', async ({ loginAs, page }) => {
  // Four pages, each checked with axe: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  await loginAs('admin');
  await page.getByRole('button', { name: 'Sprache' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  for (const [link, heading] of [
    ['Notices', 'Notices'],
    ['Lead time (days)', 'Lead time (days)'],
    ['Outbox', 'Outbox'],
    ['Brand colour', 'Brand colour'],
  ]) {
    await page.getByRole('link', { name: link }).click();
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.getByText('Loading')).toHaveCount(0);
    await expectNoAxeViolations(page, `${heading} en`);
  }
  // The demo tenant's colour, its contrast with white text; a light colour is refused before saving.
  await expect(page.getByRole('textbox', { name: 'Colour' })).toHaveValue('#0b5563');
  await expect(page.getByTestId('branding-contrast')).toHaveText('Contrast with white text: 8.4:1');
  await page.getByRole('textbox', { name: 'Colour' }).fill('#ffd43b');
  await expect(page.getByText('White text is hard to read on this colour')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await shot(page, 'branding', { fullPage: true });
  await page.getByRole('link', { name: 'Notices' }).click();
  await page.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByRole('dialog', { name: 'Add notice' })).toBeVisible();
  await expectNoAxeViolations(page, 'banner dialog en');
});

test("on a project page the project's sales org decides which banners show", async ({ loginAs, page, browser }) => {
  const admin = await browser.newContext();
  await admin.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: 'admin@demo.planport.test', password: 'Demo-2026' },
  });
  const orgs = (await (await admin.request.get('/api/banner-notifications/sales-orgs')).json()) as {
    salesOrgID: number;
    salesOrgKey: string;
  }[];
  const sued = orgs.find((o) => o.salesOrgKey === 'SUED')!.salesOrgID;
  const created = await admin.request.post('/api/data/portal/banner-notifications', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      title: 'Hinweis für Süd-Projekte',
      text: 'Nur Projekte des Vertriebs Süd.',
      level: 'info',
      showFrom: new Date(Date.now() - 60_000).toISOString(),
      showUntil: new Date(Date.now() + 3_600_000).toISOString(),
      salesOrgs: [sued],
    },
  });
  expect(created.status()).toBe(200);
  await admin.close();

  await loginAs('planner');
  let kita = 0;
  for (let id = 1; id < 150 && !kita; id++) {
    const res = await page.request.get(`/api/data/portal/projects/${id}`);
    if (res.ok() && (await res.json()).title === 'Kita Regenbogen') kita = id;
  }
  expect(kita).toBeGreaterThan(0);
  const banner = page.getByTestId('banner-notification').filter({ hasText: 'Hinweis für Süd-Projekte' });
  await expect(page.getByTestId('banner-notification').first()).toBeVisible();
  await expect(banner).toHaveCount(0);
  await page.goto(`/home/app/project/details/${kita}`);
  await expect(banner).toBeVisible();
});

// Last in this file: it switches the planner's profile language to English.
test('a non-admin opening an admin address sees the not-found page in their language', async ({ loginAs, page }) => {
  await loginAs('planner');
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  const res = await page.request.put(`/api/data/portal/users/${me.userID}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { languageKey: 'en' },
  });
  expect(res.ok()).toBe(true);
  await page.goto('/home/app/admin/banner-notifications');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Banner notifications' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
});
