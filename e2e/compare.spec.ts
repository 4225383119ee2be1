import { axeBuilder } from './axe';
import { expect, test } from './fixtures';
import { findUnit } from './files-helpers';
import { findColour, ORANGE, waitForColour, waitForStill } from './pixels';
import { shot } from './shots';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-compare';

/** The model comparison's red for removed elements (#e03131). */
const REMOVED: [number, number, number] = [224, 49, 49];
/** Overlay colours of the compare view: removed, added, unchanged. */
const RED: [number, number, number] = [224, 49, 49];
const BLUE: [number, number, number] = [25, 113, 194];
const GREY: [number, number, number] = [134, 142, 150];

test('the reviewer of revised drawings steps through the changes, raises a markup on one and sees the model diff', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(240_000);
  await loginAs('reviewer');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '3. OG');
  await page.goto(`/home/app/viewer/${rootId}/${unit.projectUnitID}/view`);
  await page.getByText('Werkplan 3. OG.pdf').first().click();

  // In the review of revised drawings the viewer opens in compare mode against the version reviewed last.
  await expect(page.getByTestId('compare-toggle')).toHaveAttribute('aria-pressed', 'true');
  const compare = page.getByTestId('pdf-compare');
  await expect(compare.getByRole('combobox', { name: 'Vergleichen mit' })).toHaveValue('Version 1');
  await expect(page.getByTestId('compare-summary')).toHaveText(/Änderung 1 von \d+/, { timeout: 90_000 });
  await expect(page.getByTestId('compare-offset')).toContainText('5 mm / 3 mm');
  const overlay = page.getByTestId('compare-overlay');
  await expect(overlay).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  const count = Number((await page.getByTestId('compare-summary').textContent())!.match(/von (\d+)/)![1]);
  expect(count).toBeGreaterThanOrEqual(3);

  // The overlay (zoomed in on the first change): the moved wall's old place red, its new place blue, the rest grey.
  for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Vergrößern' }).click();
  await expect(overlay).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
  await page.getByRole('button', { name: 'Nächste Änderung (N)' }).click();
  await page.getByRole('button', { name: 'Vorige Änderung (P)' }).click();
  // The older version at full strength (the slider's End key).
  await page.getByRole('slider', { name: 'Ältere Version' }).focus();
  await page.keyboard.press('End');
  await expect(page.getByRole('slider', { name: 'Ältere Version' })).toHaveAttribute('aria-valuenow', '100');
  const overlayShot = await waitForStill(page.getByTestId('compare-scroller'), `${shots}/compare-overlay.png`);
  expect((await findColour(overlayShot, RED, 30)).count).toBeGreaterThan(150);
  expect((await findColour(overlayShot, BLUE, 30)).count).toBeGreaterThan(150);
  expect((await findColour(overlayShot, GREY, 20)).count).toBeGreaterThan(2000);

  // The compare view has no accessibility violations.
  const axe = await axeBuilder(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })
    .include('[data-testid="pdf-compare"]')
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`)).toEqual([]);

  // N steps to the next change (keyboard), P back; the active box is marked.
  await page.getByTestId('compare-scroller').focus();
  await page.keyboard.press('n');
  await expect(page.getByTestId('compare-summary')).toHaveText(new RegExp(`Änderung 2 von ${count}`));
  await page.keyboard.press('p');
  await expect(page.getByTestId('compare-summary')).toHaveText(new RegExp(`Änderung 1 von ${count}`));
  await page.getByRole('button', { name: 'Nächste Änderung (N)' }).click();
  await expect(page.locator('[data-region][data-active="true"]')).toHaveCount(1);

  // Side by side: both versions, scrolling together.
  await page.getByText('Nebeneinander').click();
  await expect(page.getByTestId('compare-older').locator('canvas[data-rendered="true"]')).toBeVisible();
  await expect(page.getByTestId('compare-newer').locator('canvas[data-rendered="true"]')).toBeVisible();
  // Zoomed in, both sheets scroll together.
  for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Vergrößern' }).click();
  await expect(page.getByTestId('compare-older').locator('canvas[data-rendered="true"]')).toBeVisible();
  // (After the last zoom the sheets are drawn anew and the active change is centred once more,
  // which may move them again: each step is tried until it holds.)
  const scrolledTogether = async (from: string, to: string, left: number) =>
    expect(async () => {
      await page.getByTestId(from).evaluate((el, x) => (el.scrollLeft = x), left);
      await expect.poll(() => page.getByTestId(to).evaluate((el) => el.scrollLeft), { timeout: 2_000 }).toBe(left);
    }).toPass({ timeout: 20_000 });
  await scrolledTogether('compare-older', 'compare-newer', 150);
  await scrolledTogether('compare-newer', 'compare-older', 60);
  await shot(page, 'compare-side-by-side');
  await page.getByText('Überlagert').click();

  // The change becomes a markup with one click: its box is the markup area.
  await page.getByRole('button', { name: 'Anmerkung zu dieser Änderung' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Seite 1')).toBeVisible();
  await dialog.getByLabel('Titel').fill('Wand versetzt: Statik prüfen');
  await dialog.getByRole('button', { name: 'Anmerkung anlegen' }).click();
  await expect(page.getByText('Wand versetzt: Statik prüfen').first()).toBeVisible();

  // The model: the revision lists one added column, one removed window and one moved wall, coloured in
  // the 3D view (the removed window in red in its opening, from the earlier version).
  await page.getByText('AC20-FZK-Haus.ifc').first().click();
  await expect(page.getByTestId('model-compare-summary')).toHaveText('1 hinzugefügt · 1 entfernt · 1 geändert', {
    timeout: 120_000,
  });
  await expect(page.getByTestId('model-diff-item')).toHaveCount(3);
  const canvas = page.locator('canvas[data-model-ready="true"], [data-model-ready="true"] canvas').first();
  await expect(canvas).toBeVisible({ timeout: 120_000 });
  await waitForStill(page.getByTestId('viewer-centre'), `${shots}/compare-model.png`);

  // Clicking the added column selects it: framed, in the highlight colour, the rest ghosted.
  await page.getByTestId('model-diff-item').filter({ hasText: 'Stütze-ERDG-1' }).click();
  await expect(page.getByTestId('model-diff-item').filter({ hasText: 'Stütze-ERDG-1' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  // The renderer needs a moment (software rendering): wait until the highlight shows.
  await waitForColour(
    page.getByTestId('viewer-centre'),
    ORANGE,
    `${shots}/compare-model-added.png`,
    (f) => f.count > 100,
  );

  // The removed window: framed where it was, red in its opening (the rest ghosted grey).
  await page.getByTestId('model-diff-item').filter({ hasText: 'EG-Fenster-1' }).click();
  await expect(page.getByText('Nur in Version 1', { exact: false })).toBeVisible();
  await waitForColour(canvas, REMOVED, `${shots}/compare-model-removed.png`, (f) => f.count > 300);

  // Compare mode off: the list goes, the plain model stays.
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('model-compare')).toHaveCount(0);
  await page.getByTestId('compare-toggle').click();
  await expect(page.getByTestId('model-diff-item')).toHaveCount(3);

  const modelAxe = await axeBuilder(page, { tags: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] })
    .include('[data-testid="model-compare"]')
    .analyze();
  expect(modelAxe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 120)).join(', ')}`)).toEqual([]);

  // Filter to the changed element; clicking it selects it and shows what differs.
  await page.getByTestId('model-compare').getByRole('radiogroup').getByText('Geändert').click();
  await expect(page.getByTestId('model-diff-item')).toHaveCount(1);
  await page.getByTestId('model-diff-item').click();
  await expect(page.getByTestId('model-diff-changes')).toContainText('Lage');
  await waitForStill(page.locator('body'), `${shots}/compare-model-changed.png`);

  // The decision dialog counts what changed since the version reviewed last.
  await page.getByRole('button', { name: 'Zeichnungen freigeben' }).click();
  await expect(page.getByTestId('decision-changes')).toHaveText(
    new RegExp(`${count} Bereiche geändert / 3 Elemente geändert`),
    { timeout: 60_000 },
  );
  await shot(page, 'compare-decision');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
});
