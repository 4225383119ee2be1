import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { chooseMember, setOwnLanguage } from './onboarding-helpers';
import { findColour, ORANGE } from './pixels';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

/**
 * The whole chain for a new project, every step through the screens, in German; the customer
 * accepts the invitation in Dutch. Each step is timed, checked with axe and photographed.
 */

const suffix = Date.now() % 100000;
const PASSWORD = 'Willkommen-2026';
const fixtures = 'src/server/seed/fixtures';
const times: { step: string; seconds: number }[] = [];
const axeFindings: string[] = [];

async function step(page: Page, name: string, body: () => Promise<void>) {
  await test.step(name, async () => {
    const started = Date.now();
    await body();
    times.push({ step: name, seconds: Math.round((Date.now() - started) / 100) / 10 });
    await shot(page, `chain-${String(times.length).padStart(2, '0')}-${name}`, { fullPage: true });
    // Every screen is checked; a finding is collected so the chain goes on, and fails the journey at its end.
    await expectNoAxeViolations(page, name).catch((e: Error) => axeFindings.push(`${name}: ${e.message}`));
  });
}

async function signOut(page: Page) {
  await page.request.post('/Account/SignOut', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
}

test.use({ actionTimeout: 30_000 });

test.afterAll(() => {
  console.table(times);
  if (axeFindings.length) console.log(`axe findings:\n${axeFindings.join('\n')}`);
  fs.mkdirSync('test-results', { recursive: true });
  fs.writeFileSync(path.join('test-results', 'chain-times.json'), JSON.stringify(times, null, 2));
});

// About a minute on its own: `E2E_WORKERS=1 node scripts/e2e.mjs e2e/first-project-chain.spec.ts`;
// the time of each step is printed and written to test-results/chain-times.json.
test('a new project from the invitation to the placed order, every step through the screens', async ({
  loginAs,
  page,
  browser,
}) => {
  test.setTimeout(900_000);
  // A real drawing of a few pages, under a drawing's name.
  const drawing = path.join(test.info().outputDir, 'Grundriss EG.pdf');
  fs.mkdirSync(test.info().outputDir, { recursive: true });
  fs.copyFileSync('dist/manuals/manual_for_reviewer_de.pdf', drawing);
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
  const details = `/home/app/project/details/${projectId}`;

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
    await page.getByRole('option', { name: 'Kunde', exact: true }).click();
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
    link = new URL(await field.inputValue()).pathname;
  });

  const context = await browser.newContext({ locale: 'nl-NL' });
  const guest = await context.newPage();
  await step(guest, 'customer-accepts-nl', async () => {
    await guest.goto(link);
    await expect(guest.getByRole('heading', { name: 'Uitnodiging accepteren' })).toBeVisible();
    await guest.getByRole('textbox', { name: 'Nieuw wachtwoord', exact: true }).fill(PASSWORD);
    await guest.getByRole('textbox', { name: 'Nieuw wachtwoord herhalen' }).fill(PASSWORD);
    await guest.getByRole('button', { name: 'Wachtwoord instellen' }).click();
    await expect(guest.getByRole('status')).toContainText('Uw wachtwoord is opgeslagen');
  });

  await step(page, 'information-sheet', async () => {
    await page.goto(details);
    await expect(page.getByTestId('pending-invitations')).toHaveCount(0);
    await page.getByRole('link', { name: 'Projektinformationsblatt öffnen' }).click();
    await expect(page.getByRole('heading', { name: 'Projektinformationsblatt' })).toBeVisible();
    await fillSheet(page);
    await page.getByRole('link', { name: 'Zurück zum Projekt' }).click();
    await expect(page).toHaveURL(new RegExp(`/project/details/${projectId}$`));
  });

  await step(page, 'model-and-drawing-uploaded', async () => {
    const card = page.getByTestId('project-files-card');
    await card
      .getByTestId('file-dropzone')
      .locator('input[type=file]')
      .setInputFiles([`${fixtures}/AC20-FZK-Haus.ifc`, drawing]);
    await expect(card.getByTestId('file-row').filter({ hasText: 'AC20-FZK-Haus.ifc' })).toBeVisible({
      timeout: 120_000,
    });
    await expect(card.getByTestId('file-row').filter({ hasText: 'Grundriss EG.pdf' })).toBeVisible({ timeout: 60_000 });
  });

  await step(page, 'order-subprojects', async () => {
    // AAC elements and lintels are ordered in subprojects of their own kind, each with an order lot.
    await createUnit(page, 'type-tile-subproject-aac_elements', 'Porenbeton-Elemente');
    await createUnit(page, 'type-tile-aacorderlot', 'Elemente Erdgeschoss');
    await page.goto(details);
    await createUnit(page, 'type-tile-subproject-lintel', 'Stürze');
    await page.getByTestId('new-unit-tile').click();
    const dialog = page.getByRole('dialog', { name: 'Neue Projekteinheit' });
    await dialog.getByTestId('type-tile-lintelorderlot').click();
    await dialog.getByLabel(/^Titel/).fill('Stürze Erdgeschoss');
    const date = dialog.getByRole('textbox', { name: /^Liefertermin/ });
    const inTwoWeeks = new Date(Date.now() + 14 * 86400000);
    await date.fill(inTwoWeeks.toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric' }));
    // Enter in the date field confirms the date and submits the form, as in every dialog.
    await date.press('Enter');
    await expect(page.getByRole('heading', { name: 'Stürze Erdgeschoss' })).toBeVisible();
    await page.goto(details);
  });

  await step(page, 'structure-generated', async () => {
    await page.getByRole('link', { name: 'Projektstruktur anlegen' }).click();
    await expect(page).toHaveURL(`/home/app/project/structure/${projectId}`);
    await page.getByRole('button', { name: 'Aus Modell erzeugen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Struktur aus IFC-Modell erzeugen' });
    await expect(dialog.getByRole('radio', { name: 'AC20-FZK-Haus.ifc' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Erzeugen' }).click();
    // The steps of the reading are shown while the server reads the model.
    await expect(dialog.getByTestId('generate-steps')).toContainText('Modell wird gelesen');
    await shot(page, 'chain-generate-progress');
    await expect(dialog).toBeHidden({ timeout: 180_000 });
    await expect(page.locator('[data-subproject-name="FZK-Haus"]')).toBeVisible();
  });

  await step(page, 'structure-finished', async () => {
    const fzk = page.locator('[data-subproject-name="FZK-Haus"]');
    const accept = fzk.getByRole('button', { name: 'Volumen aus dem Modell übernehmen' });
    while ((await accept.count()) > 0) {
      const left = await accept.count();
      await accept.first().click();
      await expect(accept).toHaveCount(left - 1);
    }
    await page.getByRole('button', { name: 'Strukturierung abschließen' }).click();
    await expect(page).toHaveURL(details, { timeout: 60_000 });
    await expect(page.getByText('FZK-Haus').first()).toBeVisible();
  });

  await step(page, 'product-type-assigned', async () => {
    const card = page.getByTestId('product-types-card');
    await card.getByRole('button', { name: 'Produkttyp zuordnen' }).click();
    const form = page.getByTestId('product-type-form');
    await form.getByLabel(/^Produkttyp/).click();
    await page.getByRole('option', { name: /Porenbeton-Planelemente/ }).click();
    await form.getByLabel('Werk').click();
    await page.getByRole('option').first().click();
    await form.getByLabel('Auftragsnummer').fill(`45008${suffix}`);
    await form.getByRole('button', { name: 'Speichern' }).click();
    await expect(card).toContainText('Porenbeton-Planelemente');
  });

  await step(page, 'team-added', async () => {
    await page.getByTestId('members-card').getByRole('button', { name: 'Verwalten' }).click();
    const manage = page.getByRole('dialog', { name: 'Mitglieder verwalten' });
    for (const [search, name, role] of [
      ['Vogt', 'Thomas Vogt', 'Prüfer'],
      ['Yilmaz', 'Murat Yilmaz', 'Zeichner'],
    ] as const) {
      const addForm = manage.getByTestId('add-member-form');
      await chooseMember(page, addForm, search, name, [role]);
      await manage.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
      await expect(manage.getByTestId('manage-member-row').filter({ hasText: name })).toBeVisible();
    }
    await manage.getByRole('button', { name: 'Schließen' }).last().click();
    await expect(manage).toBeHidden();
  });

  await step(page, 'planning-started', async () => {
    await page.goto(details);
    await act(page, 'Vorbereitung abschließen', 'Prüfung durch Innendienst');
    await act(page, 'Als vertragsbereit markieren', 'Vertrag ausstehend');
    await act(page, 'Planungsprozess starten', 'Dateien bereitstellen');
  });

  let lotUrl = '';
  await step(page, 'drawing-provided', async () => {
    await openUnit(page, details, ['FZK-Haus', 'Erdgeschoss']);
    lotUrl = new URL(page.url()).pathname;
    await uploadInto(page, drawing);
  });
  const lotId = Number(lotUrl.split('/').pop());
  const viewer = `/home/app/viewer/${projectId}/${lotId}/view`;

  await signOut(page);
  await loginAs('reviewer', lotUrl);
  await step(page, 'drawings-requested', async () => {
    await act(page, 'Zeichnungen anfordern', 'Zeichnungen erstellen');
  });
  await signOut(page);
  await loginAs('drafter', lotUrl);
  await step(page, 'preliminary-submitted', async () => {
    await act(page, 'Vorabzeichnungen einreichen', 'Vorabzeichnungen prüfen');
  });
  await signOut(page);
  await loginAs('reviewer', viewer);
  await step(page, 'markup-and-revision', async () => {
    await page.getByText('Grundriss EG.pdf').first().click();
    const firstPage = page.locator('[data-page="1"]');
    await expect(firstPage.locator('canvas[data-rendered="true"]')).toBeVisible({ timeout: 60_000 });
    // On a desktop screen the files, the drawing and the topics sit side by side, within the window.
    const centre = (await page.getByTestId('viewer-centre').boundingBox())!;
    const topics = (await page.getByText(/^Anmerkungen \(/).boundingBox())!;
    expect(topics.x).toBeGreaterThan(centre.x + centre.width - 1);
    expect(centre.y + centre.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    await page.getByLabel('Bereich markieren').click();
    const box = (await firstPage.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.45, { steps: 5 });
    await page.mouse.up();
    const form = page.getByTestId('topic-form');
    await form.getByLabel('Titel').fill('Türöffnung fehlt');
    await form.getByLabel('Kommentar').fill('Bitte die Türöffnung im Flur eintragen.');
    await form.getByRole('button', { name: 'Anmerkung anlegen' }).click();
    await expect(page.getByTestId('topic').filter({ hasText: 'Türöffnung fehlt' })).toBeVisible();
    await expect(form).toBeHidden();
    await page.getByRole('button', { name: 'Überarbeitung anfordern' }).click();
    await page.getByTestId('confirm-decision').click();
    await expect(page.getByText('Entscheidung gespeichert.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
  await signOut(page);
  await loginAs('drafter', lotUrl);
  await step(page, 'drafter-uploads-v2', async () => {
    await uploadInto(page, drawing);
    await page.goto(viewer);
    await expect(page.getByTestId('topic').filter({ hasText: 'Türöffnung fehlt' })).toBeVisible();
    const submit = page.getByRole('button', { name: 'Überarbeitete Zeichnungen einreichen' });
    await expect(submit).toBeEnabled();
    await submit.click();
    await expect(page.getByText('Entscheidung gespeichert.')).toBeVisible();
  });
  await signOut(page);
  await loginAs('reviewer', viewer);
  await step(page, 'reviewer-approves', async () => {
    await page.getByRole('button', { name: 'Zeichnungen freigeben' }).click();
    // The topic still open gets its choice: resolved with the approval.
    await page.getByTestId('open-topic-choice').getByText('Erledigen', { exact: true }).click();
    await page.getByTestId('confirm-decision').click();
    await expect(page.getByText('Entscheidung gespeichert.')).toBeVisible();
    await expect(page.getByText('Nur Ansicht: Die Zeichnungen sind freigegeben.')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
  await signOut(page);
  await loginAs('planner', lotUrl);
  await step(page, 'planner-releases', async () => {
    await act(page, 'Für die Fertigung freigeben', 'Für Fertigung freigegeben');
  });

  await step(page, 'delivery-dates-shifted', async () => {
    await page.goto(details);
    await page.getByRole('button', { name: 'Liefertermine anzeigen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Liefertermine' });
    await expect(dialog.getByTestId('delivery-data-form')).toBeVisible();
    const first = dialog.getByRole('textbox', { name: /^Liefertermin Erdgeschoss/ }).first();
    const before = await first.inputValue();
    const [d = 1, m = 1, y = 2000] = before.split('.').map(Number);
    const text = new Date(Date.UTC(y, m - 1, d + 7)).toISOString().slice(0, 10).split('-').reverse().join('.');
    await first.fill(text);
    await first.press('Enter');
    const question = page.getByRole('dialog', { name: 'Liefertermin verschoben' });
    await expect(question.or(dialog.getByRole('button', { name: 'Speichern' })).first()).toBeVisible();
    if (await question.isVisible()) await question.getByRole('button', { name: 'Ja, alle verschieben' }).click();
    await expect(first).toHaveValue(text);
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Liefertermine gespeichert')).toBeVisible();
  });

  await step(page, 'delivery-lot-confirmed', async () => {
    await page.getByRole('link', { name: 'Lieferübersicht öffnen' }).click();
    await expect(page).toHaveURL(new RegExp(`/home/app/project/delivery-overview/${projectId}$`));
    await page.getByRole('button', { name: 'Neues Lieferlos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Neues Lieferlos' });
    await dialog.getByLabel('Bezeichnung').fill('Lieferung 1 – EG Außenwände');
    const wish = new Date(Date.now() + 30 * 86400000).toISOString().slice(0, 10);
    await dialog.getByLabel('Wunschtermin').fill(wish.split('-').reverse().join('.'));
    const multiSelect = (label: string) =>
      dialog.locator('.mantine-MultiSelect-input', { has: page.getByLabel(label) });
    await multiSelect('Freigabelose').click();
    await page.getByRole('option', { name: 'Erdgeschoss' }).first().click();
    await page.keyboard.press('Escape');
    // The approval lots' list has closed before the walls' list is opened. The walls' list did not
    // always open on the first click in this journey (2 of 5 runs, cause not found): click again then.
    await expect(page.getByRole('listbox')).toBeHidden();
    const wall = page.getByRole('option', { name: /^Wand-Ext-ERDG/ }).first();
    await expect(async () => {
      if (!(await wall.isVisible())) await multiSelect('Wände').click();
      await expect(wall).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 60_000 });
    await wall.click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Lieferlos „Lieferung 1 – EG Außenwände“ angelegt')).toBeVisible();
    const row = page.getByRole('table', { name: 'Lieferlose' }).getByRole('row').filter({ hasText: 'Lieferung 1' });
    await row.getByText('Lieferung 1 – EG Außenwände').click();
    await expect(row).toHaveAttribute('aria-selected', 'true');
    const canvas = page.getByTestId('delivery-model').getByTestId('model-canvas');
    await expect(canvas).toHaveAttribute('data-model-ready', 'true', { timeout: 180_000 });
    await expect(page.getByTestId('model-panel')).toContainText('1 Wand in diesem Lieferlos');
    // The lot's wall is drawn in orange in the model (the renderer needs a moment after "ready").
    await expect
      .poll(async () => (await findColour(await canvas.screenshot(), ORANGE)).count, { timeout: 30_000 })
      .toBeGreaterThan(100);
    await shot(canvas, 'chain-delivery-model');
    await row.getByRole('button', { name: 'Bestätigen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Lieferung fest einplanen' });
    await confirm.getByRole('button', { name: 'Bestätigen' }).click();
    await expect(page.getByText('„Lieferung 1 – EG Außenwände“ ist fest eingeplant.')).toBeVisible();
    await expect(row).toContainText('Fest');
  });
  await signOut(page);

  // The customer signs in on the sign-in page, in Dutch, and orders.
  const customerContext = await browser.newContext({ locale: 'nl-NL' });
  const customer = await customerContext.newPage();
  await step(customer, 'customer-orders-elements', async () => {
    await customer.goto('/');
    await customer.getByLabel('E-mailadres').fill(email);
    await customer.getByLabel('Wachtwoord').fill(PASSWORD);
    await customer.getByRole('button', { name: 'Aanmelden' }).click();
    await expect(customer).toHaveURL(/\/home\/app\//);
    await openUnit(customer, details, ['Porenbeton-Elemente', 'Elemente Erdgeschoss']);
    await expect(customer.getByTestId('aac-order-table')).toBeVisible();
    await customer.getByLabel('Ruimte 1').fill('Woonkamer');
    await customer.getByLabel('Verdieping 1').fill('BG');
    await pickArticle(customer, customer.getByLabel('Artikel 1'));
    await customer.getByLabel('Lengte (mm) 1').fill('2740');
    await customer.getByLabel('Aantal 1').fill('12');
    await customer.getByLabel('Aantal 1').press('Enter');
    await expect(customer.getByLabel('Aantal 2')).toHaveValue('');
    await customer.getByTestId('place-order').click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Bestelling plaatsen' }).click();
    await expect(customer.getByText('De bestelling is geplaatst')).toBeVisible();
  });
  await step(customer, 'customer-orders-lintels', async () => {
    await openUnit(customer, details, ['Stürze', 'Stürze Erdgeschoss']);
    await expect(customer.getByTestId('lintel-order-table')).toBeVisible();
    await customer.getByLabel('Ruimte 1').fill('Keuken');
    await customer.getByLabel('Verdieping 1').fill('BG');
    await customer.getByLabel('Dikte (mm) 1').selectOption('115');
    await customer.getByLabel('Lengte (mm) 1').selectOption('1250');
    await customer.getByLabel('Hoogte (mm) 1').fill('71');
    await customer.getByLabel('Aantal 1').fill('3');
    await customer.getByLabel('Aantal 1').press('Enter');
    await expect(customer.getByLabel('Dikte (mm) 2')).toHaveValue('');
    await customer.getByTestId('place-order').click();
    await customer.getByRole('dialog').getByRole('button', { name: 'Bestelling plaatsen' }).click();
    await expect(customer.getByText('De bestelling is geplaatst')).toBeVisible();
  });
  await customerContext.close();

  await loginAs('planner');
  await step(page, 'quick-search-finds-project', async () => {
    await expect(page.getByTestId('quick-search-button')).toBeVisible();
    await page.keyboard.press('Control+K');
    const input = page.getByRole('textbox', { name: 'Suchbegriff' });
    await expect(input).toBeFocused();
    await input.fill(`Am Hang ${suffix}`);
    await expect(page.getByTestId('quick-search-hit').filter({ hasText: title }).first()).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(details);
    await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  });
  expect(axeFindings).toEqual([]);
});

/** A task of the unit shown, from its tasks panel, confirmed in the dialog. */
async function act(page: Page, actionLabel: string, expectedState: string) {
  await page.getByTestId('project-tasks-panel').getByRole('button', { name: actionLabel }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: actionLabel }).click();
  await expect(page.getByText(`Status geändert: ${expectedState}`)).toBeVisible();
}

/** From the project page down through the named units, by their links. */
async function openUnit(page: Page, details: string, titles: string[]) {
  await page.goto(details);
  for (const title of titles) {
    await page
      .getByTestId('child-unit-card')
      .filter({ has: page.getByText(title, { exact: true }) })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: title }).first()).toBeVisible();
  }
}

/** A file into the unit shown, through its drop zone, until the upload is done. */
async function uploadInto(page: Page, file: string) {
  const card = page.getByTestId('project-files-card');
  await card.getByTestId('file-dropzone').locator('input[type=file]').setInputFiles(file);
  await expect(card.getByTestId('upload-item').first()).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

/** The first article offered, whether the field is a native select or a searchable list. */
async function pickArticle(page: Page, field: ReturnType<Page['getByLabel']>) {
  if ((await field.evaluate((e) => e.tagName)) === 'SELECT') {
    const value = await field.locator('option').nth(1).getAttribute('value');
    await field.selectOption(value ?? '');
  } else {
    await field.click();
    await page.getByRole('option').first().click();
  }
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
