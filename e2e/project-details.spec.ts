import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeBuilder } from './axe';
import { lastMailTo } from './profile-helpers';
import { shot } from './shots';

const SITE = 'Baustellenadresse und Ansprechpartner bearbeiten';

/** The demo projects' ids are found by title through the unit endpoint (no list is needed). */
async function findRoot(request: APIRequestContext, title: string): Promise<number> {
  for (let id = 1; id < 120; id++) {
    const res = await request.get(`/api/data/portal/projects/${id}`);
    if (res.ok()) {
      const unit = (await res.json()) as { title: string; parentProjectUnitID: number | null };
      if (unit.title === title && unit.parentProjectUnitID === null) return id;
    }
  }
  throw new Error(`project ${title} not found`);
}

/** No WCAG 2.2 AA violations in this page's own content (or the open dialog); the shell has its own checks. */
async function expectAccessible(page: Page, label: string) {
  const dialog = page.locator('[role=dialog]');
  const scope = (await dialog.count()) > 0 ? '[role=dialog]' : '[data-testid=project-details]';
  const result = await axeBuilder(page).include(scope).analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

async function openCreateDialog(page: Page) {
  await page.getByTestId('new-unit-tile').click();
  await expect(page.getByRole('dialog', { name: 'Neue Projekteinheit' })).toBeVisible();
}

test('structure a project: subproject, approval lots with the 350 m³ limit, duplicate title, edit and delete', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${rootId}`);
  await expect(page.getByTestId('unit-band-0')).toContainText('Wohnanlage Lindenhof');
  await expect(page.getByTestId('unit-band-0')).toContainText('Lindenallee 4–10');
  await expect(page.getByTestId('tenant-logo')).toBeVisible();
  await expect(page.getByTestId('members-card')).toContainText('Thomas Vogt');
  await expect(page.getByTestId('tenant-info')).toContainText('Ihr Team bei Celona');
  // The root cannot be deleted (the only delete buttons are those of its files).
  await expect(page.getByTestId('files-table')).toBeVisible();
  const fileDeletes = await page.getByTestId('project-files-card').getByRole('button', { name: 'Löschen' }).count();
  await expect(page.getByRole('button', { name: 'Löschen' })).toHaveCount(fileDeletes);
  await shot(page, 'details-root', { fullPage: true });
  await expectAccessible(page, 'details page');

  // Subproject
  await openCreateDialog(page);
  await page.getByTestId('type-tile-subproject-approval').click();
  await page.getByLabel('Titel').fill('Haus Nord');
  await page.getByLabel('Beschreibung').fill('Nordflügel mit Tiefgarage');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/details/${rootId}/\\d+$`));
  await expect(page.getByTestId('unit-band-1')).toContainText('Haus Nord');
  const subUrl = page.url();

  // Approval lot with materials: 350 per material at most.
  await openCreateDialog(page);
  await page.getByTestId('type-tile-approvallot').click();
  await page.getByLabel('Titel').fill('EG Außenwände');
  await page.getByRole('button', { name: 'Material hinzufügen' }).click();
  const volume = page.getByTestId('material-0').getByLabel('Volumen (m³)');
  await volume.fill('351');
  await expect(page.getByTestId('material-0')).toContainText('Der Höchstwert ist 350.');
  await expect(page.getByRole('alert').filter({ hasText: 'Volumengrenze erreicht' })).toBeVisible();
  // Over the limit nothing can be added or saved.
  await expect(page.getByRole('button', { name: 'Hinzufügen', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Material hinzufügen' })).toBeDisabled();
  await volume.fill('200');
  await expect(page.getByTestId('material-0')).not.toContainText('Der Höchstwert');
  await shot(page, 'create-approval-lot');
  await expectAccessible(page, 'create dialog');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByTestId('unit-band-2')).toContainText('EG Außenwände');

  // A second lot may only take what is left of the material: 150 m³.
  await page.goto(subUrl);
  await openCreateDialog(page);
  await page.getByTestId('type-tile-approvallot').click();
  await page.getByLabel('Titel').fill('eg außenwände');
  await expect(page.getByText('Dieser Name ist hier bereits vergeben.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Hinzufügen', exact: true })).toBeDisabled();
  await page.getByLabel('Titel').fill('OG Außenwände');
  await expect(page.getByText('Dieser Name ist hier bereits vergeben.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Material hinzufügen' }).click();
  await expect(page.getByTestId('material-0')).toContainText('Verfügbar: 150 m³');
  await expect(page.getByTestId('subproject-remaining')).toHaveText('Im Teilprojekt noch frei: 150 von 350 m³');
  // A second material may only take what the subproject has left after the first.
  await page.getByTestId('material-0').getByLabel('Volumen (m³)').fill('100.5');
  await page.getByRole('button', { name: 'Material hinzufügen' }).click();
  await expect(page.getByTestId('material-1')).toContainText('Verfügbar: 49,5 m³');
  await page.getByTestId('material-1').getByLabel('Volumen (m³)').fill('60');
  await expect(page.getByTestId('material-1')).toContainText('Der Höchstwert ist 49,5.');
  await page.getByTestId('material-1').getByRole('button', { name: 'Material entfernen' }).click();
  await page.getByTestId('material-0').getByLabel('Volumen (m³)').fill('160');
  await expect(page.getByTestId('material-0')).toContainText('Der Höchstwert ist 150.');
  await page.getByTestId('material-0').getByLabel('Volumen (m³)').fill('150');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByTestId('unit-band-2')).toContainText('OG Außenwände');

  // Edit: coloured hero, only changed fields, the header follows.
  await page.getByRole('button', { name: 'Daten bearbeiten' }).click();
  await expect(page.getByTestId('edit-hero-approvallot')).toBeVisible();
  await expect(page.getByTestId('material-0').getByLabel('Volumen (m³)')).toHaveValue('150 m³');
  await page.getByLabel('Titel').fill('OG Außenwände Nord');
  await shot(page, 'edit-approval-lot');
  await expect(page.getByRole('dialog', { name: 'Freigabelos bearbeiten' })).toBeVisible();
  await expectAccessible(page, 'edit dialog');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('unit-band-2')).toContainText('OG Außenwände Nord');

  // Delete: confirm, then the parent opens.
  await page.getByRole('button', { name: 'Löschen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page).toHaveURL(subUrl);
  await expect(page.getByTestId('child-unit-card')).toHaveCount(1);
  await expect(page.getByTestId('child-unit-card')).toContainText('EG Außenwände');
  await shot(page, 'subproject', { fullPage: true });

  // Below an approval lot: drawing jobs and folders only (DESIGN.md §3).
  await page.getByTestId('child-unit-card').click();
  // Both pages have the tile: wait for the approval lot's page before opening it.
  await expect(page).not.toHaveURL(subUrl);
  await expect(page.getByTestId('child-unit-card')).toHaveCount(0);
  await openCreateDialog(page);
  await expect(page.getByTestId('type-tile-drawingjob')).toBeVisible();
  await expect(page.getByTestId('type-tile-folder')).toBeVisible();
  await expect(page.getByTestId('type-tile-approvallot')).toHaveCount(0);
});

test('an external member may neither create nor delete once the project left Structuring', async ({
  loginAs,
  page,
}) => {
  await loginAs('reviewer');
  const rootId = await findRoot(page.request, 'Ärztehaus Am Markt');
  await page.goto(`/home/app/project/details/${rootId}`);
  await openCreateDialog(page);
  await page.getByTestId('type-tile-subproject-approval').click();
  await expect(page.getByRole('dialog', { name: 'Anlegen nicht erlaubt' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Anlegen nicht erlaubt' }).getByRole('button', { name: 'OK' }).click();
  await page.keyboard.press('Escape');

  await page.getByTestId('child-unit-card').filter({ hasText: 'Haus A' }).click();
  await page.getByTestId('child-unit-card').filter({ hasText: 'EG Außenwände' }).click();
  await expect(page.getByTestId('unit-band-2')).toContainText('EG Außenwände');
  await page.getByRole('button', { name: 'Löschen' }).click();
  const refusal = page.getByRole('dialog', { name: 'Freigabelos' });
  await expect(refusal).toContainText('„EG Außenwände“ darf nicht gelöscht werden.');
  await refusal.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('unit-band-2')).toContainText('EG Außenwände');
});

test('site address through the project tools; a save after someone else saved offers a reload', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${rootId}`);
  // With the edit tools present the card's own Edit button is hidden.
  await expect(page.getByTestId('site-address-card')).toContainText('Baustelle Lindenhof');
  await expect(page.getByTestId('site-address-card').getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Projektwerkzeuge' }).click();
  await page.getByRole('menuitem', { name: SITE }).click();
  const dialog = page.getByRole('dialog', { name: SITE });
  await expect(dialog.getByLabel('Straße und Hausnummer')).toHaveValue('Lindenallee 4–10');
  await dialog.getByLabel('Straße und Hausnummer').fill('Lindenallee 12');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('site-address-card')).toContainText('Lindenallee 12');
  await expect(page.getByTestId('unit-band-0')).toContainText('Lindenallee 12');

  // Address and contact are one form: the contact is in the same dialog, opened by the same tool.
  await page.getByRole('button', { name: 'Projektwerkzeuge' }).click();
  await expect(page.getByRole('menuitem')).toHaveText([SITE, 'Prüferwechsel anfragen']);
  await page.getByRole('menuitem', { name: SITE }).click();
  const contact = page.getByRole('dialog', { name: SITE });
  await expect(contact.getByLabel('Straße und Hausnummer')).toHaveValue('Lindenallee 12');
  await contact.getByLabel('Mobil').fill('+49 170 123 4567');
  await contact.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByTestId('site-address-card')).toContainText('+49 170 123 4567');

  // The dialog is open while someone else saves the address: the save offers to reload theirs.
  await page.getByRole('button', { name: 'Projektwerkzeuge' }).click();
  await page.getByRole('menuitem', { name: SITE }).click();
  await expect(dialog.getByLabel('Straße und Hausnummer')).toHaveValue('Lindenallee 12');
  const unit = await (await page.request.get(`/api/data/portal/projects/${rootId}`)).json();
  const other = await page.request.put(`/api/data/portal/addresses/${unit.siteAddressID}`, {
    headers: { 'x-requested-with': 'XMLHttpRequest' },
    data: { ...unit.siteAddress, projectUnitID: rootId, street1: 'Lindenallee 14' },
  });
  expect(other.status()).toBe(200);
  await dialog.getByLabel('Straße und Hausnummer').fill('Lindenallee 16');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  const offer = page.getByRole('dialog', { name: 'Inzwischen geändert' });
  await expect(offer).toContainText('Jemand anderes hat diese Daten inzwischen gespeichert.');
  await shot(page, 'stale-save-offer');
  await expectAccessible(page, 'stale save offer');
  await offer.getByRole('button', { name: 'Neu laden' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('site-address-card')).toContainText('Lindenallee 14');
});

test('an external reviewer gets no site tools, and asks for a reviewer change', async ({ loginAs, page, browser }) => {
  await loginAs('reviewer');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${rootId}`);
  await expect(page.getByTestId('site-address-card')).toContainText('Baustelle Lindenhof');
  await expect(page.getByTestId('site-address-card').getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Projektwerkzeuge' }).click();
  await expect(page.getByRole('menuitem', { name: 'Prüferwechsel anfragen' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: SITE })).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Projektwerkzeuge' }).click();
  await page.getByRole('menuitem', { name: 'Prüferwechsel anfragen' }).click();
  const request = page.getByRole('dialog', { name: 'Prüferwechsel anfragen' });
  const submit = request.getByRole('button', { name: 'Anfrage senden' });
  await expect(submit).toBeDisabled();
  await request.getByLabel('E-Mail-Adresse des neuen Prüfers').fill('neuer.pruefer@');
  await expect(submit).toBeDisabled();
  await expect(request).toContainText('Dies ist keine gültige E-Mail-Adresse.');
  await request.getByLabel('E-Mail-Adresse des neuen Prüfers').fill('neuer.pruefer@ingenieure.example');
  await shot(page, 'reviewer-change');
  await expectAccessible(page, 'reviewer change dialog');
  await submit.click();
  await expect(page.getByText('Ihre Anfrage wurde gesendet.')).toBeVisible();
  await expect(request).toHaveCount(0);
  // The internal members get the request by e-mail.
  const mail = await lastMailTo(browser, 'coordinator@demo.planport.test', 'Wohnanlage Lindenhof');
  expect(mail.subject).toContain('Wohnanlage Lindenhof');
  expect(mail.textBody).toContain('neuer.pruefer@ingenieure.example');
});

test('a tenant without tools edits the site address on the card; members hide e-mail under HideMemberEMail', async ({
  loginAs,
  page,
}) => {
  await loginAs('cs-planner');
  const rootId = await findRoot(page.request, 'Appartementencomplex De Linde');
  await page.goto(`/home/app/project/details/${rootId}`);
  await page.getByTestId('site-address-card').getByRole('button', { name: 'Bewerken' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bouwplaatsadres en contactpersoon bewerken' });
  await dialog.getByLabel('Naam').first().fill('De Linde – fase 1');
  await dialog.getByLabel('E-mail').fill('geen-mail');
  // Like every form dialog: the message while typing, Save disabled until the form is valid.
  await expect(dialog).toContainText('Dit is geen geldig e-mailadres.');
  await expect(dialog.getByRole('button', { name: 'Opslaan' })).toBeDisabled();
  await dialog.getByLabel('E-mail').fill('uitvoerder@bouw.example');
  await dialog.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByTestId('site-address-card')).toContainText('De Linde – fase 1');
  await expect(page.getByTestId('site-address-card')).toContainText('uitvoerder@bouw.example');

  const tile = page.getByTestId('member-tile').filter({ hasText: 'Daan Visser' });
  await tile.hover();
  const popup = page.getByRole('tooltip').filter({ hasText: 'Daan Visser' });
  await expect(popup).toContainText('Bouwbedrijf De Vries B.V.');
  await expect(popup).not.toContainText('@');
  await shot(page, 'member-popup');
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/memberprofile/${rootId}/\\d+$`));
  await expect(page.getByTestId('member-profile')).toContainText('Bouwbedrijf De Vries B.V.');
  await expect(page.getByTestId('member-profile')).not.toContainText('cs-customer@');
  await shot(page, 'member-profile', { fullPage: true });
});

test('an order lot with items asks to delete the items first', async ({ loginAs, page }) => {
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Mehrfamilienhaus Birkenweg');
  await page.goto(`/home/app/project/details/${rootId}`);
  await page.getByTestId('child-unit-card').filter({ hasText: 'Bauabschnitt 1' }).click();
  await page.getByTestId('child-unit-card').filter({ hasText: 'Lieferung Erdgeschoss' }).click();
  await expect(page.getByTestId('unit-band-2')).toContainText('Lieferung Erdgeschoss');
  await page.getByRole('button', { name: 'Löschen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Zuerst Positionen löschen' });
  await expect(dialog).toContainText('„Lieferung Erdgeschoss“ enthält noch Bestellpositionen.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByTestId('unit-band-2')).toContainText('Lieferung Erdgeschoss');
});

test('a project without site address gets one created and linked; a closed project offers no edits', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner');
  const closedId = await findRoot(page.request, 'Sporthalle Nordstadt');
  await page.goto(`/home/app/project/details/${closedId}`);
  await expect(page.getByTestId('site-address-card')).toContainText('Keine Baustellenadresse hinterlegt.');
  await page.getByRole('button', { name: 'Projektwerkzeuge' }).click();
  await expect(page.getByRole('menuitem', { name: SITE })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Daten bearbeiten' })).toHaveCount(0);

  const rootId = await findRoot(page.request, 'Stadtvillen Eichenhain');
  await page.goto(`/home/app/project/details/${rootId}`);
  await expect(page.getByTestId('site-address-card')).toContainText('Keine Baustellenadresse hinterlegt.');
  await page.getByRole('button', { name: 'Projektwerkzeuge' }).click();
  await page.getByRole('menuitem', { name: SITE }).click();
  const dialog = page.getByRole('dialog', { name: SITE });
  await dialog.getByLabel('Bezeichnung').fill('Stadtvillen Eichenhain');
  await dialog.getByLabel('Straße und Hausnummer').fill('Eichenhain 3');
  await dialog.getByLabel('PLZ').fill('30916');
  await dialog.getByLabel('Ort').fill('Isernhagen');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('site-address-card')).toContainText('Eichenhain 3');
  await expect(page.getByTestId('unit-band-0')).toContainText('30916 Isernhagen');
  await page.reload();
  await expect(page.getByTestId('site-address-card')).toContainText('Eichenhain 3');
});

test('a title taken between the check and the save answers with the duplicate-element dialog', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${rootId}`);
  await openCreateDialog(page);
  await page.getByTestId('type-tile-subproject-approval').click();
  const checked = page.waitForResponse((r) => r.url().includes('/title-available?') && r.url().includes('title=Haus'));
  await page.getByLabel('Titel').fill('Haus Süd');
  // The name check (300 ms debounce) finds the title free …
  expect(((await (await checked).json()) as { available: boolean }).available).toBe(true);
  await expect(page.getByText('Dieser Name ist hier bereits vergeben.')).toHaveCount(0);
  // … then someone else takes it before Add is pressed.
  const other = await page.request.post('/api/data/portal/projects', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { parentProjectUnitID: rootId, projectUnitType: 'subproject', title: 'Haus Süd' },
  });
  expect(other.status()).toBe(200);
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Doppelte Elemente sind nicht erlaubt' });
  await expect(dialog).toContainText('Es gibt bereits ein Teilprojekt „Haus Süd“.');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('dialog', { name: 'Neue Projekteinheit' })).toContainText('409');
});
