import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { axeBuilder } from './axe';

/** Types a name into an add row and adds it with Enter; the row empties once the name is added. */
async function addByKeyboard(input: Locator, name: string) {
  await input.fill(name);
  await input.press('Enter');
  await expect(input).toHaveValue('');
}

test('the structure editor with its refusals showing has no accessibility violations', async ({ loginAs, page }) => {
  await loginAs('planner');
  await page.goto('/home/app/current-projects-list?create=1');
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt anlegen' });
  await dialog.getByLabel('Projekttitel').fill('Barrierefreiheit Struktur');
  await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
  const rootId = Number(page.url().split('/').pop());
  await page.goto(`/home/app/project/structure/${rootId}`);
  await addByKeyboard(page.getByTestId('add-subproject'), 'Haus Nord');
  const nord = page.locator('[data-subproject-name="Haus Nord"]');
  await addByKeyboard(nord.getByTestId('add-lot'), 'EG');
  await addByKeyboard(page.getByTestId('add-subproject'), 'Haus Süd');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Speichern nicht möglich').first()).toBeVisible();
  const sued = page.locator('[data-subproject-name="Haus Süd"]');
  await addByKeyboard(sued.getByTestId('add-lot'), 'EG');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText(/Die Daten sind nicht gültig/).first()).toBeVisible();
  await sued.getByLabel('Name des Teilprojekts').fill('haus nord');
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  const result = await axeBuilder(page, {
    tags: null,
    rules: { 'label-content-name-mismatch': { enabled: true } },
  }).analyze();
  const violations = result.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => `${n.html.slice(0, 200)} ${n.any[0]?.message ?? ''}`).join(' | ')}`,
  );
  expect(violations).toEqual([]);
});
