import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeBuilder } from './axe';
import { switchLanguage } from './profile-helpers';
import { shot } from './shots';

async function findRoot(request: APIRequestContext, title: string): Promise<number> {
  const res = await request.get('/api/data/portal/projectlist/current?$top=50');
  const list = (await res.json()) as { data: { projectUnitID: number; title: string }[] };
  const found = list.data.find((p) => p.title === title);
  if (!found) throw new Error(`project ${title} not found`);
  return found.projectUnitID;
}

async function expectAccessible(page: Page, label: string) {
  const result = await axeBuilder(page).include('[data-testid=questionnaire]').analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    label,
  ).toEqual([]);
}

test('material-choice tenant: chips activate sheets, too few block leaving with a pulse and a toast, a valid sheet saves on leaving', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${rootId}`);
  await page.getByRole('link', { name: 'Projektinformationsblatt' }).click();
  await expect(page.getByRole('heading', { name: 'Projektinformationsblatt' })).toBeVisible();
  await expect(page.getByTestId('sheet-tab-xde-aac')).toBeVisible();
  await expect(page.getByTestId('sheet-tab-xde-lintel')).toBeVisible();
  await expectAccessible(page, 'de');
  await shot(page, 'material-choice-de', { fullPage: true });

  // Choosing no material hides the material sheets; leaving is refused with the pulse and the toast.
  const chips = page.getByTestId('material-chips');
  await chips.getByText('Porenbeton-Planelemente').click();
  await chips.getByText('Porenbeton-Stürze').click();
  await expect(page.getByTestId('sheet-tab-xde-aac')).toHaveCount(0);
  await page.getByRole('link', { name: 'Zurück zum Projekt' }).click();
  await expect(page.getByText('Bitte wählen Sie oben mindestens ein Material aus')).toBeVisible();
  await expect(chips).toHaveAttribute('data-pulse', 'true');
  await expect(page).toHaveURL(/questionnaire$/);
  await shot(page, 'material-choice-pulse');
  await expect(chips).toHaveAttribute('data-pulse', 'false', { timeout: 8000 });

  // Calcium silicate: its sheet appears with its mandatory fields; the tab shows the warning.
  await chips.getByText('Kalksandstein').click();
  await page.getByTestId('sheet-tab-xde-cs').click();
  await expect(page.getByTestId('sheet-tab-xde-cs').getByLabel('Pflichtangaben fehlen')).toBeVisible();
  await page.getByTestId('control-csFormat').click();
  await page.getByRole('option', { name: 'KS-P Planstein' }).click();
  await page.getByTestId('control-csStrength').getByLabel('20').check();
  await expect(page.getByTestId('sheet-tab-xde-cs').getByLabel('Pflichtangaben fehlen')).toHaveCount(0);

  // Leaving now saves; the server keeps the new materials.
  await page.getByRole('link', { name: 'Zurück zum Projekt' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/details/${rootId}$`));
  const saved = (await (await page.request.get(`/api/questionnaire/${rootId}`)).json()) as {
    isValid: boolean;
    data: Record<string, Record<string, unknown>>;
  };
  expect(saved.isValid).toBe(true);
  expect(saved.data['xde-general']?.materials).toEqual(['cs']);

  // English: the same screen passes axe.
  await switchLanguage(page, 'en');
  await page.goto(`/home/app/project/details/${rootId}/questionnaire`);
  await expect(page.getByRole('heading', { name: 'Project information sheet' })).toBeVisible();
  await expectAccessible(page, 'en');
  // Back to German for the journeys that follow.
  await switchLanguage(page, 'de');
});

test('supplier tenant: country sheets, block types, delivery schedule; leaving asks in the final variant, next in the next variant, the reminder when valid', async ({
  page,
  loginAs,
}) => {
  test.setTimeout(180_000);
  await loginAs('cs-planner');
  const rootId = await findRoot(page.request, 'Woonzorgcentrum Het Anker');
  await page.goto(`/home/app/project/questionnaire/${rootId}`);
  await expect(page.getByRole('heading', { name: 'Projectinformatieblad' })).toBeVisible();
  // The second demo project has the brick assortment: the alternate set with facing bricks.
  await expect(page.getByTestId('sheet-tab-ccl-blocks-brick')).toBeVisible();
  await expect(page.getByTestId('sheet-tab-ccl-nl')).toBeVisible();

  // An invalid first sheet: next asks (next variant), No stays.
  await page.getByTestId('control-contractor').fill('');
  await page.getByRole('button', { name: 'Volgende' }).click();
  const nextDialog = page.getByRole('dialog', { name: 'Verplichte velden ontbreken' });
  await expect(nextDialog).toContainText('Toch naar het volgende blad?');
  await nextDialog.getByRole('button', { name: 'Nee' }).click();
  await expect(page.getByTestId('control-contractor')).toBeVisible();

  // Leaving with an invalid set asks (final variant); No keeps the user here.
  await page.getByRole('link', { name: 'Terug naar het project' }).click();
  const finalDialog = page.getByRole('dialog', { name: 'Verplichte velden ontbreken' });
  await expect(finalDialog).toContainText('Toch opslaan en sluiten?');
  await shot(page, 'supplier-final-dialog');
  await finalDialog.getByRole('button', { name: 'Nee' }).click();
  await expect(page).toHaveURL(/questionnaire/);

  // The block-type table and the delivery schedule.
  await page.getByTestId('sheet-tab-ccl-blocks-brick').click();
  await expect(page.getByTestId('block-types')).toContainText('Gewichtsgroep vanaf 15 kg');
  await page.getByLabel('Gevelsteen WF 210×100×50 CS20').check();
  await shot(page, 'supplier-blocks', { fullPage: true });
  await page.getByTestId('sheet-tab-ccl-delivery').click();
  await expect(page.getByTestId('delivery-schedule')).toContainText('Begane grond');
  await shot(page, 'supplier-delivery', { fullPage: true });

  // Valid again: leaving shows the reminder about uploading files, then saves.
  await page.getByTestId('sheet-tab-ccl-project').click();
  await page.getByTestId('control-contractor').fill('Bouwbedrijf De Vries B.V.');
  await page.getByRole('button', { name: 'Opslaan en sluiten' }).click();
  const reminder = page.getByRole('dialog', { name: 'Tekeningen uploaden' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/project/details/${rootId}$`));
  const saved = (await (await page.request.get(`/api/questionnaire/${rootId}`)).json()) as {
    isValid: boolean;
    data: Record<string, Record<string, unknown>>;
  };
  expect(saved.isValid).toBe(true);
  expect(saved.data['ccl-blocks-brick']?.blockTypes).toContain('WF:cs20');
});

test('an incomplete sheet blurs the New-unit tile with the reason; completing it frees the tile', async ({
  page,
  loginAs,
}) => {
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  const q = (await (await page.request.get(`/api/questionnaire/${rootId}`)).json()) as {
    data: Record<string, Record<string, unknown>>;
  };
  const put = (data: Record<string, unknown>) =>
    page.request.put(`/api/questionnaire/${rootId}`, {
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      data: { data, isValid: true },
    });
  // The client claims valid; the server decides from the data (the site manager is required).
  const incomplete = await put({ ...q.data, 'xde-general': { ...q.data['xde-general'], siteManager: '' } });
  expect(((await incomplete.json()) as { isValid: boolean }).isValid).toBe(false);

  await page.goto(`/home/app/project/details/${rootId}`);
  const tile = page.getByTestId('new-unit-tile');
  await expect(tile).toHaveAttribute('aria-disabled', 'true');
  await expect(tile).toHaveCSS('filter', /blur/);
  await tile.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Bitte füllen Sie zuerst das Projektinformationsblatt vollständig aus.',
  );
  await shot(page, 'new-unit-tile-blurred');

  expect(((await (await put(q.data)).json()) as { isValid: boolean }).isValid).toBe(true);
  await page.reload();
  await expect(page.getByTestId('new-unit-tile')).toHaveAttribute('aria-disabled', 'false');
});

test('typed values survive a reload as a local draft; discarding drops them', async ({ page, loginAs }) => {
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${rootId}/questionnaire`);
  const field = page.getByTestId('control-siteManager');
  await expect(field).toHaveValue('Jörg Hartmann');
  await expect(page.getByTestId('questionnaire-discard')).toHaveCount(0);
  await field.fill('Jörg Hartmann (Vertretung: Sabine Krüger)');
  await expect(page.getByTestId('questionnaire-discard')).toBeVisible();
  // Give the draft its moment to be written, then lose the page.
  await expect
    .poll(() => page.evaluate((id) => localStorage.getItem(`planport.questionnaire-draft.${id}`), rootId))
    .toContain('Sabine Krüger');
  await page.reload();
  await expect(page.getByText('Ungespeicherte Eingaben wurden wiederhergestellt.')).toBeVisible();
  await expect(page.getByTestId('control-siteManager')).toHaveValue('Jörg Hartmann (Vertretung: Sabine Krüger)');
  await page.getByTestId('questionnaire-discard').click();
  await expect(page.getByTestId('control-siteManager')).toHaveValue('Jörg Hartmann');
  await expect(page.getByTestId('questionnaire-discard')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('control-siteManager')).toHaveValue('Jörg Hartmann');

  // Closing the tab with unsaved input asks first.
  await page.getByTestId('control-siteManager').click();
  await page.keyboard.type(' (Bauleitung)');
  await expect(page.getByTestId('questionnaire-discard')).toBeVisible();
  const asked = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await asked;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('the print page shows every sheet with data under the project number and title, and prints', async ({
  page,
  loginAs,
}) => {
  // The first journey of this file changed Lindenhof's materials: start from the shipped sheet.
  const reset = await page.request.post('/api/testing/reset-demo', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    timeout: 60_000,
  });
  expect(reset.status()).toBe(200);
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  // The print icon opens the print page in a new window.
  await page.goto(`/home/app/project/details/${rootId}/questionnaire`);
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('questionnaire-print').click()]);
  await expect(popup).toHaveURL(new RegExp(`/questionnaire/${rootId}$`));
  await popup.close();

  await page.addInitScript(() => {
    const w = window as unknown as { printed: number; printedAt: number; closedAt: number; loadedAt: number };
    w.printed = 0;
    w.closedAt = 0;
    window.print = () => {
      w.printed++;
      w.printedAt = performance.now();
      // A real print dialog fires afterprint when it closes.
      window.dispatchEvent(new Event('afterprint'));
    };
    window.close = () => {
      w.closedAt = performance.now();
    };
  });
  await page.goto(`/questionnaire/${rootId}`);
  const sheet = page.getByTestId('questionnaire-print-page');
  await expect(sheet).toContainText('Porenbeton-Planelemente');
  await expect(sheet).toContainText('Jörg Hartmann');
  await expect(sheet).not.toContainText('Kalksandstein');
  await expect.poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  // The window closes about 400 ms after printing.
  await expect.poll(() => page.evaluate(() => (window as unknown as { closedAt: number }).closedAt)).toBeGreaterThan(0);
  const gap = await page.evaluate(() => {
    const w = window as unknown as { printedAt: number; closedAt: number };
    return w.closedAt - w.printedAt;
  });
  expect(gap).toBeGreaterThanOrEqual(390);
  expect(gap).toBeLessThan(2000);
  await expect(page).toHaveTitle(/2026-0001 Wohnanlage Lindenhof/);
  await expect(page.getByRole('banner')).toHaveCount(0);
  await shot(page, 'print', { fullPage: true });
});
