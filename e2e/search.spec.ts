import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

test('search page: umlaut-free term, highlighted hit, open the unit, back restores the search', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner');
  await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Suche' }).click();
  await expect(page).toHaveURL(/\/home\/app\/project\/search$/);
  await expect(page.getByTestId('search-hint')).toContainText('Wonach suchen Sie?');
  const box = page.getByRole('textbox', { name: 'Suchbegriff' });
  await box.fill('Arztehaus');
  await expect(page).toHaveURL(/q=Arztehaus/);
  const row = page.getByRole('row', { name: /Ärztehaus Am Markt/ });
  await expect(row).toBeVisible();
  await expect(row.locator('mark').first()).toHaveText('Ärztehaus');
  await expect(row).toContainText('Porenbeton-Planelemente');
  await expect(row).toContainText('Werk Hannover-Misburg');
  await shot(page, 'search-page', { fullPage: true });

  await row.getByRole('link', { name: 'Ärztehaus Am Markt' }).click();
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
  await expect(page.getByTestId('product-types-card')).toContainText('Porenbeton-Planelemente');
  await shot(page, 'details-product-types', { fullPage: true });
  await page.goBack();
  await expect(page).toHaveURL(/q=Arztehaus/);
  await expect(box).toHaveValue('Arztehaus');
  await expect(page.getByRole('row', { name: /Ärztehaus Am Markt/ })).toBeVisible();

  await box.fill('Quarkstrudel');
  await expect(page.getByTestId('search-no-results')).toContainText('Keine Treffer für „Quarkstrudel“');
  await shot(page, 'search-none', { fullPage: true });
});

test('quick search: Ctrl+K, a typo, Enter opens the project', async ({ loginAs, page }) => {
  await loginAs('customer');
  await expect(page.getByTestId('quick-search-button')).toBeVisible();
  await page.keyboard.press('Control+K');
  const input = page.getByRole('textbox', { name: 'Suchbegriff' });
  await expect(input).toBeFocused();
  await input.fill('Birkenwg');
  const hit = page.getByTestId('quick-search-hit').filter({ hasText: 'Mehrfamilienhaus Birkenweg' }).first();
  await expect(hit).toBeVisible();
  // The selected hit (filled background) keeps every line and its icon readable.
  await expect(hit).toHaveAttribute('data-selected', 'true');
  await expectNoAxeViolations(page, 'quick search with a selected hit');
  await shot(page, 'quick-search', { fullPage: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
  await expect(page.getByRole('heading', { name: /Mehrfamilienhaus Birkenweg/ }).first()).toBeVisible();
});

test('product types: an internal user assigns one with plant and order number', async ({ loginAs, page }) => {
  await loginAs('planner');
  await expect(page.getByTestId('quick-search-button')).toBeVisible();
  await page.keyboard.press('Control+K');
  await page.getByRole('textbox', { name: 'Suchbegriff' }).fill('Haus A');
  await page
    .getByTestId('quick-search-hit')
    .filter({ hasText: /^Haus A\d/ })
    .first()
    .click();
  const card = page.getByTestId('product-types-card');
  await expect(card).toContainText('Dieser Einheit ist noch kein Produkttyp zugeordnet.');
  await card.getByRole('button', { name: 'Produkttyp zuordnen' }).click();
  const form = page.getByTestId('product-type-form');
  await form.getByLabel(/^Produkttyp/).click();
  await page.getByRole('option', { name: /Porenbeton-Stürze/ }).click();
  await form.getByLabel('Werk').click();
  await page.getByRole('option', { name: /Werk Leipzig/ }).click();
  await form.getByLabel('Auftragsnummer').fill('4500777001');
  await shot(page, 'product-type-dialog', { fullPage: true });
  await form.getByRole('button', { name: 'Speichern' }).click();
  await expect(card).toContainText('Porenbeton-Stürze');
  await expect(card).toContainText('4500777001');
  // The search finds the unit by the new order number.
  await page.goto('/home/app/project/search?q=4500777001');
  await expect(page.getByRole('row', { name: /Haus A/ })).toBeVisible();
});
