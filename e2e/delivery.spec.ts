import fs from 'node:fs';
import { request as playwrightRequest, type Locator, type Page } from '@playwright/test';
import { findUnit } from './files-helpers';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, switchLanguage } from './profile-helpers';
import { ORANGE, waitForColour } from './pixels';
import { shot } from './shots';

const PROJECT = 'Bürogebäude Hafenkante';
const shots = process.env.SHOTS_DIR ?? '/tmp/shots-h16';

function addDays(iso: string, days: number): string {
  const [y = 0, m = 1, d = 1] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The date fields show days as German users write them (TT.MM.JJJJ); the journeys reckon in ISO days. */
const de = (iso: string) => iso.split('-').reverse().join('.');
const isoOf = (text: string) => text.split('.').reverse().join('-');
/** The first day a date field's calendar offers (the field's `data-min`). */
const minimumOf = async (field: Locator) => String(await field.getAttribute('data-min'));

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

async function openDeliveryData(page: Page, rootId: number): Promise<Locator> {
  await page.goto(`/home/app/project/details/${rootId}`);
  await page.getByRole('button', { name: 'Liefertermine anzeigen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Liefertermine' });
  await expect(dialog.getByTestId('delivery-data-form')).toBeVisible();
  return dialog;
}

/** The demo planner opens the project's delivery data; `date(floor)` is that approval lot's date field. */
async function plannerOpensDates(page: Page, loginAs: (key: string) => Promise<void>) {
  await loginAs('planner');
  const { rootId } = await findUnit(page.request, PROJECT, '1. OG');
  const dialog = await openDeliveryData(page, rootId);
  const date = (floor: string) => dialog.getByRole('textbox', { name: `Liefertermin ${floor}, Porenbeton` });
  return { rootId, dialog, date };
}

/** Types a new date into a row's field and confirms it with Enter (leaving the field does the same). */
async function moveDate(page: Page, field: Locator, to: string) {
  await field.fill(de(to));
  await field.press('Enter');
}

test('shift delivery dates with Yes, No and Cancel, save, and see the notifications', async ({ loginAs, page }) => {
  test.setTimeout(120_000);
  const opened = await plannerOpensDates(page, loginAs);
  const { rootId } = opened;
  let { dialog } = opened;
  const first = opened.date('1. OG');
  const second = opened.date('2. OG');
  const first0 = isoOf(await first.inputValue());
  const second0 = isoOf(await second.inputValue());
  expect(second0 > first0).toBe(true);
  await expect(dialog.getByText('335 von 350 m³')).toBeVisible();
  await shot(dialog, 'delivery-data');
  await expectNoAxeViolations(page, 'delivery data dialog');

  // Cancel: the field goes back, nothing else moves.
  await moveDate(page, first, addDays(first0, 7));
  const question = page.getByRole('dialog', { name: 'Liefertermin verschoben' });
  await expect(question).toContainText('7 Tage später');
  await shot(question, 'delivery-date-change');
  await question.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(question).toBeHidden();
  await expect(first).toHaveValue(de(first0));
  await expect(second).toHaveValue(de(second0));

  // No: only this date.
  await moveDate(page, first, addDays(first0, 7));
  await question.getByRole('button', { name: 'Nein, nur diesen' }).click();
  await expect(first).toHaveValue(de(addDays(first0, 7)));
  await expect(second).toHaveValue(de(second0));

  // Yes: the later date moves by the same number of calendar days.
  await moveDate(page, first, addDays(first0, 10));
  await expect(question).toContainText('3 Tage später');
  await question.getByRole('button', { name: 'Ja, alle verschieben' }).click();
  await expect(first).toHaveValue(de(addDays(first0, 10)));
  await expect(second).toHaveValue(de(addDays(second0, 3)));

  // Too much volume: the LimitReached alert disables Save.
  const volume = dialog.getByRole('textbox', { name: 'Volumen (m³) 2. OG, Porenbeton' });
  await volume.fill('211');
  await expect(dialog.getByRole('alert')).toContainText('höchstens 350 m³');
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await volume.fill('135');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Liefertermine gespeichert')).toBeVisible();
  await expect(dialog).toBeHidden();

  dialog = await openDeliveryData(page, rootId);
  await expect(dialog.getByRole('textbox', { name: 'Liefertermin 2. OG, Porenbeton' })).toHaveValue(
    de(addDays(second0, 3)),
  );
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();

  // One notification per changed material on the workflows page.
  await page.goto('/home/app/project/workflows');
  const notifications = page.getByTestId('workflow-notifications');
  await expect(notifications.getByRole('row').filter({ hasText: '1. OG' }).first()).toBeVisible();
  await expect(notifications.getByRole('row').filter({ hasText: '2. OG' }).first()).toBeVisible();
});

test('Yes never moves a later date below its minimum and says which dates were raised', async ({ loginAs, page }) => {
  test.setTimeout(120_000);
  const { rootId, dialog, date } = await plannerOpensDates(page, loginAs);
  const [first, second, third] = [date('1. OG'), date('2. OG'), date('3. OG')];
  const [first0, second0, third0] = [
    isoOf(await first.inputValue()),
    isoOf(await second.inputValue()),
    isoOf(await third.inputValue()),
  ];
  const minimum = await minimumOf(second);
  // The first date far into the past: moved along, the second one would land below its minimum.
  const to = addDays(minimum, -60);
  await moveDate(page, first, to);
  const question = page.getByRole('dialog', { name: 'Liefertermin verschoben' });
  await question.getByRole('button', { name: 'Ja, alle verschieben' }).click();
  await expect(first).toHaveValue(de(to));
  await expect(second).toHaveValue(de(minimum));
  const thirdMinimum = await minimumOf(third);
  const shifted = addDays(third0, daysBetween(first0, to));
  await expect(third).toHaveValue(de(shifted > thirdMinimum ? shifted : thirdMinimum));
  await expect(dialog.getByTestId('clamped-dates')).toContainText('2. OG, Porenbeton');
  // The changed date itself is below the minimum: Save stays off; Cancel keeps the stored dates.
  await expect(dialog.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();
  const again = await openDeliveryData(page, rootId);
  await expect(again.getByRole('textbox', { name: 'Liefertermin 2. OG, Porenbeton' })).toHaveValue(de(second0));
});

test('the action is hidden while the project is being structured', async ({ loginAs, page }) => {
  await loginAs('planner');
  const { rootId } = await findUnit(page.request, 'Ärztehaus Am Markt', 'OG Außenwände');
  await page.goto(`/home/app/project/details/${rootId}`);
  await expect(page.getByRole('button', { name: 'Liefertermine anzeigen' })).toBeVisible();
  const { rootId: structuring } = await findUnit(page.request, 'Wohnanlage Lindenhof', 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${structuring}`);
  await expect(page.getByRole('heading', { name: /Wohnanlage Lindenhof/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Liefertermine anzeigen' })).toHaveCount(0);
});

test('the delivery overview: lots by date, the first selected with its walls, confirm a Planned lot', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs('planner');
  const { rootId } = await findUnit(page.request, PROJECT, '1. OG');
  await page.goto(`/home/app/project/details/${rootId}`);
  await page.getByRole('link', { name: 'Lieferübersicht öffnen' }).click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/delivery-overview/${rootId}$`));
  const table = page.getByRole('table', { name: 'Lieferlose' });
  const rows = table.getByRole('row').filter({ hasText: 'Lieferung' });
  // Past deliveries hidden: three upcoming lots, date ascending, the first one selected.
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Lieferung 1');
  await expect(rows.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expect(rows.nth(1).getByTestId('date-diverges')).toBeVisible();
  // Done only for OnCall and Planned.
  await expect(rows.nth(0).getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);
  await expect(rows.nth(1).getByRole('button', { name: 'Bestätigen' })).toBeVisible();
  const panel = page.getByTestId('model-panel');
  await expect(panel.locator('[data-highlighted="true"]').first()).toBeVisible();
  await page.getByLabel('Vergangene Lieferungen ausblenden').uncheck();
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Lieferung Bodenplatte');
  await page.getByLabel('Vergangene Lieferungen ausblenden').check();
  await expect(rows).toHaveCount(3);

  // Select the planned lot: its walls (the roof storey) are highlighted; a click names the wall and its lot.
  const planned = rows.filter({ hasText: 'Lieferung 3' });
  await planned.getByText('Lieferung 3 – Dachgeschoss').click();
  await expect(planned).toHaveAttribute('aria-selected', 'true');
  await expect(panel.getByRole('tab')).toHaveCount(2);
  const highlighted = panel.locator('[data-highlighted="true"]');
  await expect(highlighted.first()).toBeVisible();
  await highlighted.first().click();
  await expect(panel.getByTestId('picked-wall')).toContainText('Geliefert mit: Lieferung 3 – Dachgeschoss');
  await shot(page, 'delivery-overview', { fullPage: true });
  await expectNoAxeViolations(page, 'delivery overview');

  await planned.getByRole('button', { name: 'Bestätigen' }).click();
  const confirm = page.getByRole('dialog', { name: 'Lieferung fest einplanen' });
  await confirm.getByRole('button', { name: 'Bestätigen' }).click();
  await expect(page.getByText('„Lieferung 3 – Dachgeschoss“ ist fest eingeplant.')).toBeVisible();
  await expect(planned).toContainText('Fest');
  await expect(planned.getByRole('button', { name: 'Bestätigen' })).toHaveCount(0);
});

test('the overview model: the lot walls highlighted in 3D, a click names the wall and its lot; calendar feed; dashboard', async ({
  loginAs,
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  fs.mkdirSync(shots, { recursive: true });
  await loginAs('planner');
  const { rootId } = await findUnit(page.request, PROJECT, '1. OG');

  // Load time: navigation to the first table row and to the model on screen (software WebGL).
  const started = Date.now();
  await page.goto(`/home/app/project/delivery-overview/${rootId}`);
  const rows = page.getByRole('table', { name: 'Lieferlose' }).getByRole('row').filter({ hasText: 'Lieferung' });
  await expect(rows.first()).toBeVisible();
  const firstRowMs = Date.now() - started;
  const canvas = page.getByTestId('delivery-model').getByTestId('model-canvas');
  await expect(canvas).toHaveAttribute('data-model-ready', 'true', { timeout: 180_000 });
  const modelReadyMs = Date.now() - started;
  testInfo.annotations.push(
    { type: 'overview first row (ms)', description: String(firstRowMs) },
    { type: 'overview model ready (ms)', description: String(modelReadyMs) },
  );
  console.log(`delivery overview: first row ${firstRowMs} ms, model ready ${modelReadyMs} ms`);

  // The first lot (ground-floor outer walls) is highlighted in orange, the rest ghosted.
  const first = await waitForColour(canvas, ORANGE, `${shots}/delivery-model-lot1.png`, (found) => found.count > 200);

  // A click on a highlighted wall in the model names it and the lot that delivers it.
  const panel = page.getByTestId('model-panel');
  await canvas.click({ position: first.front! });
  await expect(panel.getByTestId('picked-wall')).toContainText('Geliefert mit: Lieferung 1 – EG Außenwände', {
    timeout: 20_000,
  });
  await expect(panel.getByTestId('picked-wall')).toContainText('Wand-Ext-ERDG');

  // Lot 2 (the inner walls): other walls, another picture.
  const second = rows.filter({ hasText: 'Lieferung 2' });
  await second.getByText('Lieferung 2 – EG Innenwände').click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  await waitForColour(
    canvas,
    ORANGE,
    `${shots}/delivery-model-lot2.png`,
    (found) => found.count > 50 && Math.abs(found.count - first.count) > 50,
  );
  await shot(page, 'delivery-overview-model', { fullPage: true });

  // The calendar feed: an address, read without a session; revoked, it is gone.
  const card = page.getByTestId('calendar-feed-card');
  await card.getByRole('button', { name: 'Kalenderadresse erstellen' }).click();
  const address = await card.getByRole('textbox', { name: 'Kalenderadresse' }).inputValue();
  expect(address).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  await shot(card, 'calendar-feed');
  await expectNoAxeViolations(page, 'delivery overview with model and calendar address');
  const anonymous = await playwrightRequest.newContext({ baseURL: new URL(page.url()).origin });
  const feed = await anonymous.get(new URL(address).pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  const ics = await feed.text();
  expect(ics).toContain('BEGIN:VEVENT');
  expect(ics.replace(/\r\n /g, '')).toContain('Lieferung 2 – EG Innenwände');
  await card.getByRole('button', { name: 'Widerrufen' }).click();
  await page
    .getByRole('dialog', { name: 'Kalenderadresse widerrufen' })
    .getByRole('button', { name: 'Widerrufen' })
    .click();
  await expect(page.getByText('Die Kalenderadresse ist widerrufen.')).toBeVisible();
  expect((await anonymous.get(new URL(address).pathname)).status()).toBe(404);
  await anonymous.dispose();

  // The dashboard names the delivery whose confirmed date differs and leads to the overview.
  await page.goto('/home/app/dash');
  const diverging = page.getByTestId('diverging-deliveries');
  await expect(diverging.getByRole('heading', { name: 'Lieferungen mit abweichendem Termin' })).toBeVisible();
  await shot(diverging, 'dashboard-diverging');
  await diverging.getByRole('link', { name: /Lieferung 2 – EG Innenwände/ }).click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/delivery-overview/${rootId}$`));
});

test('an internal user creates, edits and deletes a delivery lot with walls picked from the model tree', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs('planner');
  const { rootId } = await findUnit(page.request, PROJECT, '1. OG');
  await page.goto(`/home/app/project/delivery-overview/${rootId}`);
  const table = page.getByRole('table', { name: 'Lieferlose' });
  await expect(table.getByRole('row').filter({ hasText: 'Lieferung 1' })).toBeVisible();

  await page.getByRole('button', { name: 'Neues Lieferlos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Lieferlos' });
  await dialog.getByLabel('Bezeichnung').fill('Kranlos Nord');
  const date = addDays(new Date().toISOString().slice(0, 10), 60);
  await dialog.getByLabel('Wunschtermin').fill(de(date));
  // A multi-select opens on its field box (the input inside does not take the click).
  const multiSelect = (label: string) => dialog.locator('.mantine-MultiSelect-input', { has: page.getByLabel(label) });
  await multiSelect('Freigabelose').click();
  await page.getByRole('option', { name: '2. OG' }).click();
  await page.keyboard.press('Escape');
  // The walls come from the model tree, grouped by storey.
  await multiSelect('Wände').click();
  const wall = page.getByRole('option', { name: /^Wand-Ext-ERDG/ }).first();
  const wallName = (await wall.innerText()).trim();
  await wall.click();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lieferlos „Kranlos Nord“ angelegt')).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = table.getByRole('row').filter({ hasText: 'Kranlos Nord' });
  await expect(row).toContainText('2. OG');
  await expect(row).toContainText(wallName);
  await expect(row).toContainText('Geplant');
  await row.getByText('Kranlos Nord').click();
  await expect(row).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('model-panel')).toContainText('1 Wand in diesem Lieferlos');

  await row.getByRole('button', { name: 'Kranlos Nord bearbeiten' }).click();
  const edit = page.getByRole('dialog', { name: 'Lieferlos bearbeiten' });
  await expect(edit.getByLabel('Bezeichnung')).toHaveValue('Kranlos Nord');
  await edit.getByLabel('Bezeichnung').fill('Kranlos Nord-West');
  await edit.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Lieferlos „Kranlos Nord-West“ gespeichert')).toBeVisible();
  const renamed = table.getByRole('row').filter({ hasText: 'Kranlos Nord-West' });
  await expect(renamed).toContainText(wallName);

  await renamed.getByRole('button', { name: 'Kranlos Nord-West löschen' }).click();
  await page.getByRole('dialog', { name: 'Lieferlos löschen' }).getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByText('Lieferlos „Kranlos Nord-West“ gelöscht')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Kranlos' })).toHaveCount(0);
});

test('date fields follow the profile language: short forms, no impossible day, the calendar', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs('planner');
  const { rootId } = await findUnit(page.request, PROJECT, '1. OG');
  const openNewLot = async (title: string) => {
    await page.goto(`/home/app/project/delivery-overview/${rootId}`);
    await page.getByRole('button', { name: title }).click();
    return page.getByRole('dialog', { name: title });
  };
  let dialog = await openNewLot('Neues Lieferlos');
  let field = dialog.getByRole('textbox', { name: 'Wunschtermin' });
  await expect(field).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
  await field.fill('8.1.30');
  await field.blur();
  await expect(field).toHaveValue('08.01.2030');
  await field.fill('31.02.2030');
  await field.blur();
  await expect(dialog.getByText('Bitte ein gültiges Datum eingeben.')).toBeVisible();
  // The calendar button opens the field's calendar (German month names, weeks from Monday) at the
  // last day typed; a day picked there fills the field.
  const calendar = dialog.getByRole('button', { name: 'Kalender öffnen' }).first();
  await calendar.click();
  const month = page.locator('[data-dates-dropdown]');
  await expect(month.getByRole('button', { name: 'Monat wählen' })).toHaveText('Januar 2030');
  await expect(month.locator('thead th').first()).toHaveText('Mo');
  await shot(page, 'lot-dialog-calendar-de');
  await month.getByRole('button', { name: 'Nächster Monat' }).click();
  await month.getByRole('button', { name: 'Nächster Monat' }).click();
  await month.getByRole('button', { name: '15 März 2030' }).click();
  await expect(field).toHaveValue('15.03.2030');
  await expect(field).toBeFocused();
  await expect(dialog.getByText('Bitte ein gültiges Datum eingeben.')).toBeHidden();
  await expectNoAxeViolations(page, 'lot dialog with its date fields');
  await page.keyboard.press('Escape');

  // In English the same field takes and shows DD/MM/YYYY.
  await switchLanguage(page, 'en');
  dialog = await openNewLot('New delivery lot');
  field = dialog.getByRole('textbox', { name: 'Requested date' });
  await expect(field).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await field.fill('15/3/2030');
  await field.blur();
  await expect(field).toHaveValue('15/03/2030');
  await shot(dialog, 'lot-dialog-dates-en');
  // Back to German for the journeys that follow.
  await switchLanguage(page, 'de');
});
