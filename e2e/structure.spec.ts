import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './shots';

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

const lotNames = (page: Page, sub: string) =>
  page
    .locator(`[data-subproject-name="${sub}"] [data-testid=approval-lot]`)
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-lot-name')));

/** A new project (in Structuring) through the create dialog; its id. */
async function newProject(page: Page, title: string): Promise<number> {
  await page.goto('/home/app/current-projects-list?create=1');
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt anlegen' });
  await dialog.getByLabel('Projekttitel').fill(title);
  await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
  return Number(page.url().split('/').pop());
}

/** Adds a row through an empty input row, by keyboard only. */
async function addByKeyboard(page: Page, input: ReturnType<Page['getByTestId']>, name: string) {
  await input.focus();
  await page.keyboard.type(name);
  await page.keyboard.press('Enter');
}

test('structure editor: build by keyboard, refusals, local draft, generate from the model, finish structuring', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(240_000);
  await loginAs('planner');
  const rootId = await findRoot(page.request, 'Wohnanlage Lindenhof');
  await page.goto(`/home/app/project/details/${rootId}`);
  await page.getByRole('link', { name: 'Projektstruktur anlegen' }).click();
  await expect(page).toHaveURL(`/home/app/project/structure/${rootId}`);
  await expect(page.getByTestId('empty-hint')).toContainText('Noch keine Struktur');
  await shot(page, 'structure-empty');

  // Build by keyboard: a subproject, two approval lots, volumes.
  await addByKeyboard(page, page.getByTestId('add-subproject'), 'Haus Nord');
  const nord = page.locator('[data-subproject-name="Haus Nord"]');
  await addByKeyboard(page, nord.getByTestId('add-lot'), 'EG');
  await addByKeyboard(page, nord.getByTestId('add-lot'), 'OG');
  await page.getByLabel('Volumen Porenbeton in EG').focus();
  await page.keyboard.type('120');
  await page.getByLabel('Volumen Porenbeton in OG').focus();
  // Key by key with the German decimal comma: "100," stays on the way to "100,5".
  await page.keyboard.type('100,5');
  await expect(page.getByLabel('Volumen Porenbeton in OG')).toHaveValue('100,5 m³');
  await expect(nord.getByTestId('subproject-total')).toHaveText('220,5 / 350 m³');
  // Reorder by keyboard: OG moves above EG, the focus stays on its handle.
  await page.getByRole('button', { name: 'Freigabelos OG verschieben' }).focus();
  await page.keyboard.press('ArrowUp');
  expect(await lotNames(page, 'Haus Nord')).toEqual(['OG', 'EG']);
  await expect(page.getByRole('button', { name: 'Freigabelos OG verschieben' })).toBeFocused();

  // Refusal: a subproject without approval lots.
  await addByKeyboard(page, page.getByTestId('add-subproject'), 'Haus Süd');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Das Teilprojekt „Haus Süd“ hat noch kein Freigabelos.')).toBeVisible();
  // Refusal: a material with volume 0.
  const sued = page.locator('[data-subproject-name="Haus Süd"]');
  await addByKeyboard(page, sued.getByTestId('add-lot'), 'EG');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(/Die Daten sind nicht gültig/)).toBeVisible();
  await sued.getByLabel('Volumen Porenbeton in EG').fill('80');
  // Refusal: a duplicate subproject name (inform dialog naming it).
  await sued.getByLabel('Name des Teilprojekts').fill('haus nord');
  await page.getByRole('button', { name: 'Speichern' }).click();
  const inform = page.getByRole('dialog');
  await expect(inform).toContainText('Ein Teilprojekt „haus nord“ gibt es bereits.');
  await shot(page, 'structure-duplicate');
  await inform.getByRole('button', { name: 'OK' }).click();
  await page.locator('[data-subproject-name="haus nord"]').getByLabel('Name des Teilprojekts').fill('Haus Süd');
  // The 350 m³ limit: the alert shows and Save is disabled.
  await nord.getByLabel('Volumen Porenbeton in EG').fill('260');
  await expect(nord.getByRole('alert')).toContainText('höchstens 350 m³');
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await shot(page, 'structure-limit');
  await nord.getByLabel('Volumen Porenbeton in EG').fill('120');
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeEnabled();

  // Reload: the local draft is offered back.
  await page.reload();
  await expect(page.getByTestId('local-draft-offer')).toBeVisible();
  await shot(page, 'structure-offer');
  await page.getByRole('button', { name: 'Entwurf fortsetzen' }).click();
  await expect(page.locator('[data-subproject-name="Haus Süd"]')).toBeVisible();
  expect(await lotNames(page, 'Haus Nord')).toEqual(['OG', 'EG']);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Der Entwurf wurde gespeichert.')).toBeVisible();

  // Generate from the FZK-Haus model, merged into the draft.
  await page.getByRole('button', { name: 'Aus Modell erzeugen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Struktur aus IFC-Modell erzeugen' });
  await expect(dialog.getByRole('radio', { name: 'AC20-FZK-Haus.ifc' })).toBeChecked();
  await dialog.getByText('Ergänzen').click();
  await dialog.getByRole('button', { name: 'Erzeugen' }).click();
  await expect(dialog).toBeHidden({ timeout: 90_000 });
  const fzk = page.locator('[data-subproject-name="FZK-Haus"]');
  expect(await lotNames(page, 'FZK-Haus')).toEqual(['Erdgeschoss', 'Dachgeschoss']);
  await expect(fzk.getByText('aus Modell')).toHaveCount(2);
  // The model was revised after its first version (a wall of the ground floor moved): that storey's lot is marked.
  await expect(fzk.locator('[data-model-changed=true]').getByTestId('lot-model-changes')).toHaveText(
    '1 Wand seit Version 1 geändert. Geänderte Wände: Wand-Int-ERDG-4',
    { timeout: 60_000 },
  );
  await shot(page, 'structure-generated');

  // Finishing asks to confirm the model's volumes first.
  await page.getByRole('button', { name: 'Strukturierung abschließen' }).click();
  await expect(
    page.getByText('Bitte bestätigen oder ändern Sie die aus dem Modell übernommenen Volumen.'),
  ).toBeVisible();
  const accept = fzk.getByRole('button', { name: 'Volumen aus dem Modell übernehmen' });
  for (let left = 2; left > 0; left--) {
    await accept.first().click();
    await expect(accept).toHaveCount(left - 1);
  }
  await page.getByRole('button', { name: 'Strukturierung abschließen' }).click();
  await expect(page).toHaveURL(`/home/app/project/details/${rootId}`, { timeout: 30_000 });
  for (const name of ['Haus Nord', 'Haus Süd', 'FZK-Haus']) await expect(page.getByText(name).first()).toBeVisible();
  await shot(page, 'structure-finished');
  expect(await page.evaluate((id) => localStorage.getItem(`planport.structure-draft.${id}`), rootId)).toBeNull();
});

test('two tabs on one project: a change in one shows a notice in the other, which may load it', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner');
  const rootId = await newProject(page, 'Zwei Tabs Stadthaus');
  await page.goto(`/home/app/project/structure/${rootId}`);
  await addByKeyboard(page, page.getByTestId('add-subproject'), 'Haus Ost');
  // The local draft is written shortly after the last change (later on a busy machine).
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', `planport.structure-draft.${rootId}`))
    .toContain('Haus Ost');

  // The second tab opens the same project and continues the local draft.
  const other = await page.context().newPage();
  await other.goto(`/home/app/project/structure/${rootId}`);
  await other.getByRole('button', { name: 'Entwurf fortsetzen' }).click();
  await expect(other.locator('[data-subproject-name="Haus Ost"]')).toBeVisible();
  await expect(other.getByTestId('other-tab-notice')).toHaveCount(0);

  // A change in the first tab: the second one is told, not overwritten.
  await addByKeyboard(page, page.getByTestId('add-subproject'), 'Haus West');
  const notice = other.getByTestId('other-tab-notice');
  await expect(notice).toContainText('In einem anderen Tab geändert');
  await expect(other.locator('[data-subproject-name="Haus West"]')).toHaveCount(0);
  await shot(other, 'structure-other-tab');
  await notice.getByRole('button', { name: 'Diese Fassung laden' }).click();
  await expect(other.locator('[data-subproject-name="Haus West"]')).toBeVisible();
  await expect(notice).toHaveCount(0);
  await other.close();
});

test('a large structure opens at once; rows far below are built when reached, also by keyboard', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner');
  const rootId = await newProject(page, 'Großes Quartier');
  const structure = {
    subProjects: Array.from({ length: 10 }, (_, s) => ({
      id: `s${s}`,
      name: `Block ${s + 1}`,
      expanded: true,
      approvalLots: Array.from({ length: 20 }, (_, l) => ({
        id: `s${s}l${l}`,
        name: `Los ${s + 1}.${l + 1}`,
        materials: [{ type: 'aac', volume: 10, deliveryDate: '2030-01-01' }],
      })),
    })),
  };
  await page.evaluate(
    ([key, value]) => localStorage.setItem(key!, value!),
    [`planport.structure-draft.${rootId}`, JSON.stringify({ structure, savedAt: new Date().toISOString(), tab: 'x' })],
  );
  await page.goto(`/home/app/project/structure/${rootId}`);
  await page.getByRole('button', { name: 'Entwurf fortsetzen' }).click();
  const lots = page.locator('[data-testid=approval-lot]');
  await expect(lots).toHaveCount(200);
  // Far below, only placeholders; their names are known already.
  const last = lots.last();
  await expect(last).toHaveAttribute('data-lot-name', 'Los 10.20');
  await expect(last.getByLabel('Freigabelos', { exact: true })).toHaveCount(0);
  await last.scrollIntoViewIfNeeded();
  await expect(last.getByLabel('Freigabelos', { exact: true })).toHaveValue('Los 10.20');
  // Tabbing onto a row not built yet builds it and hands the focus to its first field.
  // A row from the middle, far from both ends, pinned by its name (rows near the view are built meanwhile).
  const placeholders = page.locator('[data-testid=approval-lot][role=group]');
  const name = await placeholders.nth(Math.floor((await placeholders.count()) / 2)).getAttribute('data-lot-name');
  const placeholder = page.locator(`[data-testid=approval-lot][role=group][data-lot-name="${name}"]`);
  await placeholder.focus();
  await expect(page.locator(`[data-testid=approval-lot][data-lot-name="${name}"] :focus`)).toHaveCount(1);
});
