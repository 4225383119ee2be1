import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { setOwnLanguage } from './onboarding-helpers';
import { expectNoAxeViolations } from './profile-helpers';

/**
 * A new project from the invitation to the structure, every step through the screens, in German:
 * the planner creates the project, invites the customer (who accepts in Dutch with the link the
 * planner hands on, no mail server needed), fills the information sheet, adds an approval-lot
 * subproject, an AAC-element and a lintel subproject with their order lots, and finishes the
 * structure in the editor, which names the subproject that still lacks a lot.
 */

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-chain';
const suffix = Date.now() % 100000;
const PASSWORD = 'Willkommen-2026';
const times: [string, number][] = [];

async function step(page: Page, name: string, body: () => Promise<void>, axeLabel: string | null = name) {
  const started = Date.now();
  await body();
  times.push([name, Date.now() - started]);
  if (axeLabel) await expectNoAxeViolations(page, axeLabel);
  await page.screenshot({
    path: `${shots}/chain-${String(times.length).padStart(2, '0')}-${name}.png`,
    fullPage: true,
  });
}

// A step that cannot go on fails within seconds, not at the journey's time limit.
test.use({ actionTimeout: 20_000 });

test.afterAll(() => {
  // The time each step took, for the report.
  console.log(times.map(([name, ms]) => `${name}: ${(ms / 1000).toFixed(1)} s`).join('\n'));
});

// Not yet green end to end: finishing the structure has not run through on a busy machine.
// Run it on its own while finishing it: `E2E_WORKERS=1 node scripts/e2e.mjs e2e/new-project-chain.spec.ts`.
test.fixme('a new project: invitation handed on without mail, information sheet, subprojects of each kind, structure finished', async ({
  loginAs,
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Stadtvillen Am Hang ${suffix}`;
  const email = `femke.visser.${suffix}@bouw.example`;
  await loginAs('planner');
  await setOwnLanguage(page, 'de');

  let projectId = 0;
  await step(page, 'project-created', async () => {
    await page.goto('/home/app/current-projects-list?create=1');
    const dialog = page.getByRole('dialog', { name: 'Neues Projekt anlegen' });
    await dialog.getByLabel('Projekttitel').fill(title);
    await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
    await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
    projectId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
  });

  await step(page, 'customer-invited', async () => {
    await page.getByTestId('members-card').getByRole('button', { name: 'Verwalten' }).click();
    const manage = page.getByRole('dialog', { name: 'Mitglieder verwalten' });
    await manage.getByRole('button', { name: 'Neuen Benutzer per E-Mail einladen' }).click();
    const form = manage.getByTestId('invite-member-form');
    await form.getByLabel(/^E-Mail-Adresse/).fill(email);
    await form.getByLabel(/^Vorname/).fill('Femke');
    await form.getByLabel(/^Nachname/).fill('Visser');
    await form
      .getByLabel(/^Sprache/)
      .first()
      .click();
    await page.getByRole('option', { name: 'Nederlands' }).click();
    await form.getByTestId('member-roles-select').click();
    await page.getByRole('option', { name: 'Prüfer', exact: true }).click();
    await page.keyboard.press('Escape');
    await form.getByRole('button', { name: 'Einladen und hinzufügen' }).click();
    await expect(page.getByText(`${email} wurde eingeladen und dem Projekt hinzugefügt.`)).toBeVisible();
    await manage.getByRole('button', { name: 'Schließen' }).last().click();
    await expect(manage).toBeHidden();
  });

  let link = '';
  await step(page, 'invitation-link-copied', async () => {
    const pending = page.getByTestId('pending-invitation').filter({ hasText: 'Femke Visser' });
    await pending.getByRole('button', { name: 'Einladungslink kopieren' }).click();
    const field = pending.getByTestId('invitation-link');
    await expect(field).toHaveValue(/\/invitation\/[A-Za-z0-9_-]{20,}$/);
    const first = await field.inputValue();
    // A second copy ends the first link.
    await pending.getByRole('button', { name: 'Einladungslink kopieren' }).click();
    await expect(field).not.toHaveValue(first);
    link = new URL(await field.inputValue()).pathname;
    const stale = await page.request.post('/api/account/invitation/info', {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { token: new URL(first).pathname.split('/').pop() },
    });
    expect(stale.status()).toBe(400);
  });

  const context = await browser.newContext({ locale: 'nl-NL' });
  const guest = await context.newPage();
  await step(guest, 'customer-accepts-nl', async () => {
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Uitnodiging accepteren' })).toBeVisible({ timeout: 30_000 });
    await guest.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(PASSWORD);
    await guest.getByRole('textbox', { name: 'Nieuw wachtwoord herhalen' }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Wachtwoord instellen' }).click();
    await expect(guest.getByRole('status')).toContainText('Uw wachtwoord is opgeslagen');
  });
  await context.close();
  await page.reload();
  await expect(page.getByTestId('pending-invitations')).toHaveCount(0);

  await step(page, 'information-sheet', async () => {
    await page.getByRole('link', { name: 'Projektinformationsblatt öffnen' }).click();
    await expect(page.getByRole('heading', { name: 'Projektinformationsblatt' })).toBeVisible();
    await page.screenshot({ path: `${shots}/chain-sheet-opened.png`, fullPage: true });
    await fillSheet(page);
    await page.getByRole('link', { name: 'Zurück zum Projekt' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/details/${projectId}$`));
  });

  await step(page, 'new-unit-kinds', async () => {
    await page.getByTestId('new-unit-tile').click();
    const dialog = page.getByRole('dialog', { name: 'Neue Projekteinheit' });
    await expect(dialog.getByTestId('subproject-kind-hint')).toBeVisible();
    await expect(dialog.getByTestId('type-tile-subproject-aac_elements')).toBeVisible();
    await expect(dialog.getByTestId('type-tile-subproject-lintel')).toBeVisible();
  });
  await page.screenshot({ path: `${shots}/chain-new-unit-dialog.png`, fullPage: true });
  await createUnit(page, 'type-tile-subproject-approval', 'Haus A');
  await page.goto(`/home/app/project/details/${projectId}`);

  await step(page, 'element-subproject', async () => {
    await createUnit(page, 'type-tile-subproject-aac_elements', 'Porenbeton-Elemente');
    await createUnit(page, 'type-tile-aacorderlot', 'Lieferung Erdgeschoss');
    await expect(page.getByRole('heading', { name: 'Lieferung Erdgeschoss' })).toBeVisible();
  });
  await page.goto(`/home/app/project/details/${projectId}`);
  await step(page, 'lintel-subproject', async () => {
    await createUnit(page, 'type-tile-subproject-lintel', 'Stürze');
    await page.getByTestId('new-unit-tile').click();
    const dialog = page.getByRole('dialog', { name: 'Neue Projekteinheit' });
    await dialog.getByTestId('type-tile-lintelorderlot').click();
    await expect(dialog.getByTestId('type-tile-aacorderlot')).toHaveCount(0);
    await dialog.getByLabel(/^Titel/).fill('Stürze Erdgeschoss');
    const date = dialog.getByRole('textbox', { name: /^Liefertermin/ });
    const inTwoWeeks = new Date(Date.now() + 14 * 86400000);
    await date.fill(inTwoWeeks.toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }));
    await date.press('Enter');
    await page.screenshot({ path: `${shots}/chain-lintel-lot-dialog.png`, fullPage: true });
    // Enter in the date field confirms the date and submits the form, as in every dialog.
    if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Stürze Erdgeschoss' })).toBeVisible();
  });

  await step(page, 'structure-refused-names-unit', async () => {
    await page.goto(`/home/app/project/details/${projectId}`);
    await page.getByRole('link', { name: 'Projektstruktur anlegen' }).click();
    const existing = page.getByTestId('existing-subprojects');
    for (const name of ['Haus A', 'Porenbeton-Elemente', 'Stürze']) await expect(existing).toContainText(name);
    await addByKeyboard(page, page.getByTestId('add-subproject'), 'Haus B');
    const b = page.locator('[data-subproject-name="Haus B"]');
    await addByKeyboard(page, b.getByTestId('add-lot'), 'EG');
    await page.getByLabel('Volumen Porenbeton in EG').focus();
    await page.keyboard.type('120');
    await page.getByRole('button', { name: 'Strukturierung abschließen' }).click();
    const refusal = page.getByTestId('unit-refusal');
    await expect(refusal).toContainText('„Haus A“ hat noch kein Freigabelos');
    await expect(refusal.getByRole('link', { name: 'Teilprojekt öffnen' })).toBeVisible();
  });

  await step(page, 'missing-lot-added', async () => {
    await page.getByTestId('unit-refusal').getByRole('link', { name: 'Teilprojekt öffnen' }).click();
    await expect(page.getByRole('heading', { name: 'Haus A' })).toBeVisible();
    await page.getByTestId('new-unit-tile').click();
    const dialog = page.getByRole('dialog', { name: 'Neue Projekteinheit' });
    await dialog.getByTestId('type-tile-approvallot').click();
    await dialog.getByLabel(/^Titel/).fill('Erdgeschoss');
    await page.screenshot({ path: `${shots}/chain-approval-lot-dialog.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Erdgeschoss' })).toBeVisible();
  });

  await step(page, 'structure-finished', async () => {
    await page.goto(`/home/app/project/structure/${projectId}`);
    // The unsaved work of before is kept on this device and offered again.
    await page.getByTestId('local-draft-offer').getByRole('button').first().click();
    await expect(page.locator('[data-subproject-name="Haus B"]')).toBeVisible();
    await expect(page.getByTestId('existing-subprojects')).toContainText('1 Los');
    await expect(page.getByTestId('existing-subprojects')).not.toContainText('hat noch kein');
    await page.getByRole('button', { name: 'Strukturierung abschließen' }).click();
    await expect(page).toHaveURL(`/home/app/project/details/${projectId}`, { timeout: 30_000 });
  });
});

async function addByKeyboard(page: Page, input: ReturnType<Page['getByTestId']>, name: string) {
  await input.focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
}

/** "New unit" on the page shown, the tile, a title, add; lands on the new unit. */
async function createUnit(page: Page, tile: string, title: string) {
  const dialog = page.getByRole('dialog', { name: 'Neue Projekteinheit' });
  if (!(await dialog.isVisible())) await page.getByTestId('new-unit-tile').click();
  await dialog.getByTestId(tile).click();
  await dialog.getByLabel(/^Titel/).fill(title);
  await dialog.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
}

/** The mandatory answers of the material-choice sheet for AAC elements and lintels. */
async function fillSheet(page: Page) {
  const control = (name: string) => page.getByTestId(`control-${name}`);
  const pick = async (name: string, option: string) => {
    await control(name).click();
    await page.getByRole('option', { name: option }).click();
  };
  const chips = page.getByTestId('material-chips');
  await chips.getByText('Porenbeton-Planelemente').click();
  await chips.getByText('Porenbeton-Stürze').click();
  await control('projectType').getByLabel('Wohnungsbau').check();
  await pick('buildingClass', 'Gebäudeklasse 3');
  await control('storeys').fill('3');
  await control('plannedStart').fill('03/2027');
  await control('accessArticulated').check();
  await control('siteManager').fill('Jörg Hartmann');
  await control('sitePhone').fill('+49 511 123456');
  await page.getByTestId('sheet-tab-xde-aac').click();
  await pick('wallThickness', '240 mm');
  await control('strengthClass').getByLabel('PP4-0,55').check();
  await control('storeyHeight').fill('2.6');
  await page.getByTestId('sheet-tab-xde-lintel').click();
  await control('lintelCount').fill('24');
  await control('maxOpening').fill('2.01');
  await control('loadBearing').getByLabel('tragend', { exact: true }).check();
}
