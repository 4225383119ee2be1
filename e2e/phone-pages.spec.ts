import { expect, test } from './fixtures';
import { findUnit } from './files-helpers';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** Nothing wider than the phone's screen: no sideways scrolling of the page. */
async function fitsTheScreen(page: import('@playwright/test').Page) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // Elements inside a horizontally scrolling container (tables) may be wider.
        let p = el.parentElement;
        while (p) {
          const o = getComputedStyle(p).overflowX;
          if (o === 'auto' || o === 'scroll' || o === 'hidden') return false;
          p = p.parentElement;
        }
        return r.width > 0 && r.right > width + 1;
      })
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')} ${el.getAttribute('data-testid') ?? ''}`,
      );
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });
  expect(overflow.wide, 'elements reaching past the right edge').toEqual([]);
  expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.width);
}

test('at 390 px the project details, the task list and the delivery overview fit the screen and pass axe', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(90_000);
  await loginAs('planner');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '1. OG');

  await page.goto(`/home/app/project/details/${rootId}`);
  await expect(page.getByRole('heading', { name: /Bürogebäude Hafenkante/ }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shot(page, 'phone-project-details', { fullPage: true });
  await fitsTheScreen(page);
  await expectNoAxeViolations(page, 'project details at 390 px');

  await page.goto(`/home/app/project/details/${rootId}/${unit.projectUnitID}`);
  await expect(page.getByTestId('project-files-card')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shot(page, 'phone-unit-details', { fullPage: true });
  await fitsTheScreen(page);
  await expectNoAxeViolations(page, 'unit details at 390 px');

  await page.goto('/home/app/task-list');
  await expect(page.getByTestId('task-grid')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await shot(page, 'phone-task-list', { fullPage: true });
  await fitsTheScreen(page);
  await expectNoAxeViolations(page, 'task list at 390 px');

  await page.goto(`/home/app/project/delivery-overview/${rootId}`);
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main')).toBeVisible();
  await shot(page, 'phone-delivery-overview', { fullPage: true });
  await fitsTheScreen(page);
  await expectNoAxeViolations(page, 'delivery overview at 390 px');
});
