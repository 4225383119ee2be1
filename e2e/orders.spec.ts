import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './shots';

type Task = { taskKey: string; projectUnitID: number; rootProjectUnitID: number; projectUnitType: string };

/** The demo order lots are found through the signed-in customer's PlaceOrder tasks. */
async function orderLot(request: APIRequestContext, type: 'aacorderlot' | 'lintelorderlot') {
  const tasks = (await (await request.get('/api/tasks')).json()) as Task[];
  const task = tasks.find((t) => t.taskKey === 'PlaceOrder' && t.projectUnitType === type);
  if (!task) throw new Error(`no PlaceOrder task for ${type}`);
  return {
    rootId: task.rootProjectUnitID,
    unitId: task.projectUnitID,
    url: `/home/app/project/details/${task.rootProjectUnitID}/${task.projectUnitID}`,
  };
}

const row = (page: Page, testId: string, index: number) => page.getByTestId(testId).nth(index - 1);

test('both order tables fit the details page from 1280 px on, without horizontal scrolling', async ({
  loginAs,
  page,
}) => {
  await loginAs('customer');
  for (const type of ['aacorderlot', 'lintelorderlot'] as const) {
    const lot = await orderLot(page.request, type);
    for (const width of [1280, 1360]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(lot.url);
      const key = type === 'aacorderlot' ? 'aac' : 'lintel';
      const scroll = page.getByTestId(`${key}-order-table-scroll`);
      await expect(page.getByTestId(`${key}-order-table`)).toBeVisible();
      const overflow = await scroll.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow, `${type} at ${width} px`).toBeLessThanOrEqual(0);
      // Quantity and the row actions are on screen.
      await expect(page.getByLabel('Anzahl 1')).toBeInViewport();
      if (width === 1280) await shot(page, `${key}-1280`, { fullPage: true });
    }
  }
});

test('fill an AAC order: copied rows, the 20 mm grid, the small-volume warning, delete, place the order', async ({
  loginAs,
  page,
}) => {
  await loginAs('customer');
  const lot = await orderLot(page.request, 'aacorderlot');
  await page.goto(lot.url);
  const table = page.getByTestId('aac-order-table');
  await expect(table.getByTestId('aac-row')).toHaveCount(6);
  // The new row copies the last row (room, storey, article, length) with an empty quantity.
  await expect(page.getByLabel('Raum 6')).toHaveValue('Flur');
  await expect(page.getByLabel('Länge (mm) 6')).toHaveValue('2740');
  await expect(page.getByLabel('Anzahl 6')).toHaveValue('');
  await expect(page.getByTestId('small-volume')).toBeVisible();
  await expect(page.getByTestId('aac-summary-total')).toContainText('7,84');
  await shot(page, 'aac-start', { fullPage: true });

  // Typing into the blank row and clearing it again leaves it blank: not invalid, the order can be placed.
  await page.getByLabel('Anzahl 6').fill('4');
  await expect(row(page, 'aac-row', 6)).toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('place-order')).toHaveCount(0);
  await page.getByLabel('Anzahl 6').fill('');
  await expect(row(page, 'aac-row', 6)).not.toHaveAttribute('data-invalid', 'true');
  await expect(page.getByTestId('place-order')).toBeVisible();
  // A saved row changed and changed back is clean again.
  const room = await page.getByLabel('Raum 1').inputValue();
  await page.getByLabel('Raum 1').fill(`${room} Nord`);
  await expect(row(page, 'aac-row', 1)).toHaveAttribute('data-dirty', 'true');
  await page.getByLabel('Raum 1').fill(room);
  await expect(row(page, 'aac-row', 1)).not.toHaveAttribute('data-dirty', 'true');
  await expect(page.getByTestId('place-order')).toBeVisible();

  // Tab moves across the cells of a row.
  await page.getByLabel('Raum 6').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Geschoss 6')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Artikel 6')).toBeFocused();

  // Enter saves a valid row; the rows reload with a new copied row.
  await page.getByLabel('Anzahl 6').fill('10');
  await expect(page.getByRole('button', { name: 'Position speichern 6' })).toBeVisible();
  await page.getByLabel('Anzahl 6').press('Enter');
  await expect(page.getByLabel('Anzahl 7')).toHaveValue('');
  await expect(page.getByLabel('Raum 7')).toHaveValue('Flur');
  await expect(page.getByRole('button', { name: 'Position löschen 6' })).toBeVisible();

  // A length off the 20 mm grid is refused: the row is highlighted and cannot be saved.
  await page.getByLabel('Länge (mm) 7').fill('2750');
  await page.getByLabel('Anzahl 7').fill('5');
  await expect(row(page, 'aac-row', 7)).toHaveAttribute('data-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Position speichern 7' })).toHaveCount(0);
  await expect(row(page, 'aac-row', 7).getByTestId('row-problems')).toHaveAttribute(
    'aria-label',
    /Vielfaches von 20 mm/,
  );
  await page.getByLabel('Anzahl 7').press('Enter');
  await expect(page.getByLabel('Anzahl 8')).toHaveCount(0);
  await page.getByLabel('Länge (mm) 7').fill('2760');
  await page.getByRole('button', { name: 'Position speichern 7' }).click();
  await expect(page.getByLabel('Anzahl 8')).toHaveValue('');
  await expect(page.getByTestId('aac-summary-total')).toContainText('12,59');

  // The warning follows the pallets of the rows as they are typed: 29.87 pallets fill a truck, 40.24 do not.
  await page.getByLabel('Länge (mm) 8').fill('6000');
  await page.getByLabel('Anzahl 8').fill('25');
  await expect(page.getByTestId('aac-summary-total')).toContainText('29,87');
  await expect(page.getByTestId('small-volume')).toHaveCount(0);
  await shot(page, 'aac-no-warning', { fullPage: true });
  await page.getByLabel('Anzahl 8').fill('40');
  await expect(page.getByTestId('small-volume')).toBeVisible();
  // Unsaved rows hide the order action.
  await expect(page.getByTestId('place-order')).toHaveCount(0);
  await page.getByLabel('Anzahl 8').fill('25');
  await page.getByLabel('Anzahl 8').press('Enter');
  await expect(page.getByLabel('Anzahl 9')).toHaveValue('');

  // Delete row 1 after confirming: the rows behind it move up one position.
  const secondRoom = await page.getByLabel('Raum 2').inputValue();
  await page.getByRole('button', { name: 'Position löschen 1' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByLabel('Anzahl 9')).toHaveCount(0);
  await expect(page.getByLabel('Raum 1')).toHaveValue(secondRoom);
  await expect(page.getByLabel('Anzahl 8')).toHaveValue('');
  await expect(table.getByTestId('aac-row')).toHaveCount(8);
  await expect(page.getByTestId('aac-summary-total')).toContainText('27,39');

  // Place the order: the table freezes and the confirmation is available.
  await page.getByTestId('place-order').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Bestellung aufgeben' }).click();
  await expect(page.getByText('Die Bestellung wurde aufgegeben')).toBeVisible();
  await expect(table.getByRole('textbox')).toHaveCount(0);
  await expect(table.getByTestId('aac-row')).toHaveCount(7);
  await shot(page, 'aac-placed', { fullPage: true });
  await page.getByRole('link', { name: 'Bestellbestätigung' }).click();
  await expect(page.getByTestId('order-confirmation')).toContainText('Celona Planelement PPE 2-0,35 d=365 h=625');
  await expect(page.getByRole('heading', { name: 'Bestellbestätigung' })).toBeVisible();
  await expect(page.getByTestId('placed-by')).toHaveText('Julia Neumann');
  await expect(page.getByTestId('placed-at')).toHaveText(/\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}/);
  await expect(page.getByTestId('site-address')).not.toHaveText('nicht angegeben');
  await expect(page.getByTestId('order-preview')).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  await shot(page, 'aac-confirmation-print', { fullPage: true });
});

test('fill a lintel order through thickness → length → height: an exact flat lintel, and a cut standard lintel where the flat one would need cutting', async ({
  loginAs,
  page,
}) => {
  await loginAs('customer');
  const lot = await orderLot(page.request, 'lintelorderlot');
  await page.goto(lot.url);
  const table = page.getByTestId('lintel-order-table');
  await expect(table.getByTestId('lintel-row')).toHaveCount(5);
  await expect(page.getByTestId('lintel-summary')).toContainText('C-ST-175-1500-124');

  await page.getByLabel('Raum 5').fill('Schlafen');
  await page.getByLabel('Geschoss 5').fill('OG');
  await page.getByLabel('Dicke (mm) 5').selectOption('115');
  await page.getByLabel('Länge (mm) 5').selectOption('1250');
  // 71 mm is exactly the flat lintel: no cut.
  await page.getByLabel('Höhe (mm) 5').fill('71');
  await page.getByLabel('Anzahl 5').fill('3');
  await expect(page.getByLabel('Artikel 5')).toHaveValue(/\d+/);
  await expect(row(page, 'lintel-row', 5)).toContainText('Flachsturz (FS)');
  await expect(row(page, 'lintel-row', 5)).not.toHaveAttribute('data-invalid', 'true');
  // 110 mm: the 113 mm flat lintel cannot be cut, so the row takes the 124 mm standard lintel, cut to size.
  await page.getByLabel('Höhe (mm) 5').fill('110');
  await expect(row(page, 'lintel-row', 5)).toContainText('Standard');
  await expect(row(page, 'lintel-row', 5)).not.toHaveAttribute('data-invalid', 'true');
  await expect(row(page, 'lintel-row', 5).getByTestId('lintel-cut').first()).toBeVisible();
  await shot(page, 'lintel-cut', { fullPage: true });
  await page.getByRole('button', { name: 'Position speichern 5' }).click();
  await expect(page.getByLabel('Dicke (mm) 6')).toHaveValue('');
  await expect(page.getByTestId('lintel-summary')).toContainText('C-ST-115-1250-124');

  // Before the order is placed there is no confirmation, only a preview marked as such.
  await page.goto(`${lot.url}/order-confirmation`);
  await expect(page.getByRole('heading', { name: 'Vorschau der Bestellung' })).toBeVisible();
  await expect(page.getByTestId('order-preview')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Drucken' })).toHaveCount(0);
  await expect(page.getByTestId('placed-by')).toHaveCount(0);
  await shot(page, 'lintel-preview', { fullPage: true });
  await page.goto(lot.url);

  // Changing the thickness clears length, height and article.
  await page.getByLabel('Dicke (mm) 6').selectOption('175');
  await page.getByLabel('Länge (mm) 6').selectOption('1500');
  await page.getByLabel('Höhe (mm) 6').fill('124');
  await page.getByLabel('Dicke (mm) 6').selectOption('240');
  await expect(page.getByLabel('Länge (mm) 6')).toHaveValue('');
  await expect(page.getByLabel('Höhe (mm) 6')).toHaveValue('');
  await expect(page.getByLabel('Artikel 6')).toHaveValue('');

  // Delete the saved row again.
  await page.getByRole('button', { name: 'Position löschen 5' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Löschen' }).click();
  await expect(page.getByLabel('Raum 5')).toHaveValue('');
  await shot(page, 'lintel-after', { fullPage: true });
});

test('a member without the PlaceOrder task sees the order read-only', async ({ loginAs, page }) => {
  await loginAs('customer');
  const lot = await orderLot(page.request, 'lintelorderlot');
  await loginAs('reviewer', lot.url);
  const table = page.getByTestId('lintel-order-table');
  await expect(table.getByTestId('lintel-row')).toHaveCount(4);
  await expect(table.getByRole('textbox')).toHaveCount(0);
  await expect(table.getByRole('combobox')).toHaveCount(0);
  await expect(page.getByTestId('order-read-only')).toBeVisible();
  await expect(page.getByTestId('place-order')).toHaveCount(0);
  await shot(page, 'lintel-read-only', { fullPage: true });
});

test('an admin imports a catalogue: a refused file changes nothing, a valid one replaces it', async ({
  loginAs,
  page,
}) => {
  await loginAs('admin', '/home/app/admin/catalogues');
  await expect(page.getByTestId('aac-catalogue')).toContainText('PE-240-625');
  const header =
    'articleNo;title;thicknessMm;widthMm;minLengthMm;maxLengthMm;lengthStepMm;palletCapacity;colorIndex;active';
  const upload = async (csv: string) => {
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('import-aac').click();
    await (await chooser).setFiles({ name: 'katalog.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  };
  await upload(`${header}\nX-1;Test;240;625;1000;6000;20;abc;0;true\nX-2;Test 2;240;625;3000;1000;20;1.8;0;true`);
  const refused = page.getByTestId('import-refused');
  await expect(refused).toContainText('2 Probleme');
  await expect(refused).toContainText('keine Zahl');
  await expect(refused).toContainText('Maximallänge kleiner als Minimallänge');
  await shot(page, 'catalogue-refused', { fullPage: true });
  await expect(page.getByTestId('aac-catalogue')).not.toContainText('X-1');

  await upload(
    `${header}\nPE-240-625;Celona Planelement PPE 2-0,35 d=240 h=625;240;625;1000;6000;20;1.8;1;true\nNEU-300-750;Celona Planelement neu d=300 h=750;300;750;1200;5000;20;2.16;2;true`,
  );
  await expect(page.getByTestId('import-applied')).toContainText('2 Zeilen importiert: 1 neu, 1 aktualisiert');
  await expect(page.getByTestId('aac-catalogue')).toContainText('NEU-300-750');
  await expect(page.getByTestId('aac-catalogue').getByRole('row', { name: /PE-100-500/ })).toContainText('inaktiv');
  await shot(page, 'catalogue-applied', { fullPage: true });
});

test('a new order lot without rows says what to do before the order can be placed', async ({ loginAs, page }) => {
  await loginAs('customer');
  const lot = await orderLot(page.request, 'lintelorderlot');
  const unit = (await (await page.request.get(`/api/data/portal/projects/${lot.unitId}`)).json()) as {
    parentProjectUnitID: number;
  };
  // The sales planner adds the lot; the customer's PlaceOrder task comes with it.
  const planner = await page.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: 'planner@demo.planport.test', password: 'Demo-2026' },
  });
  expect(planner.status()).toBe(200);
  const created = await page.request.post('/api/data/portal/projects', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: {
      parentProjectUnitID: unit.parentProjectUnitID,
      projectUnitType: 'lintelorderlot',
      title: 'Nachlieferung Treppenhaus',
      deliveryDate: '2030-06-03',
    },
  });
  expect(created.status()).toBe(200);
  const { projectUnitID } = (await created.json()) as { projectUnitID: number };
  await loginAs('customer');
  await page.goto(`/home/app/project/details/${lot.rootId}/${projectUnitID}`);
  await expect(page.getByTestId('project-tasks-panel')).toBeVisible();
  await expect(page.getByTestId('place-order-below')).toContainText('Bestelltabelle unten');
  await expect(page.getByTestId('place-order-hint')).toHaveText(
    'Fügen Sie mindestens eine Position hinzu, um die Bestellung aufzugeben.',
  );
  await expect(page.getByTestId('place-order')).toHaveCount(0);
  await shot(page, 'empty-order-lot', { fullPage: true });
});
