import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './fixtures';
import { findUnit } from './files-helpers';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

test('on a phone the viewer stacks files, drawing and topics within the screen width', async ({
  loginAs,
  page,
}, testInfo) => {
  await loginAs('reviewer');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '1. OG');
  await page.goto(`/home/app/viewer/${rootId}/${unit.projectUnitID}/view`);
  await expect(page.getByTestId('viewer-centre')).toBeVisible();
  // Nothing wider than the phone: no panel and no top-bar control is cut off.
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  const panels = await page.getByTestId('viewer-panels').evaluate((el) => getComputedStyle(el).flexDirection);
  expect(panels).toBe('column');
  await page.screenshot({ path: testInfo.outputPath('viewer-phone.png'), fullPage: true });
  const axe = await new AxeBuilder({ page }).include('[data-testid="viewer-panels"]').analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
});
