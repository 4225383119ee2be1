import { expect, test } from './fixtures';
import { DEMO_PASSWORD, demoLogin } from './fixtures';
import { findUnit } from './files-helpers';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

const base = '/api/data/portal';
const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** A horizontal swipe on an element, as touch events (React listens to them at the root). */
async function swipe(page: import('@playwright/test').Page, testId: string, dx: number) {
  await page.getByTestId(testId).evaluate((el, distance) => {
    const rect = el.getBoundingClientRect();
    const y = rect.top + 40;
    const x0 = rect.left + rect.width / 2 - distance / 2;
    const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: y });
    el.dispatchEvent(
      new TouchEvent('touchstart', { bubbles: true, touches: [touch(x0)], changedTouches: [touch(x0)] }),
    );
    el.dispatchEvent(
      new TouchEvent('touchend', { bubbles: true, touches: [], changedTouches: [touch(x0 + distance)] }),
    );
  }, dx);
}

test('on a phone the lists open as cards with the whole path and the state, and swipe pages', async ({ page }) => {
  // Enough current projects for two pages of ten.
  const login = await page.request.post('/api/account/login', {
    headers: xhr,
    data: { login: demoLogin('planner'), password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const context = (await (await page.request.get(`${base}/projects/creation-context`)).json()) as {
    defaultSalesOrgID: number | null;
    salesOrgs: { salesOrgID: number }[];
  };
  const salesOrgID = context.defaultSalesOrgID ?? context.salesOrgs[0]!.salesOrgID;
  for (const n of [1, 2, 3, 4]) {
    const res = await page.request.post(`${base}/root-projects`, {
      headers: xhr,
      data: { title: `Reihenhausgruppe mit besonders langem Namen am Stadtrand, Abschnitt ${n}`, salesOrgID },
    });
    expect(res.status()).toBe(200);
  }

  await page.goto('/home/app/current-projects-list?size=10');
  await expect(page.getByTestId('project-grid')).toBeVisible();
  const card = page.getByTestId('project-card').filter({ hasText: 'Abschnitt 4' });
  // The whole title, not cut.
  await expect(card).toContainText('Reihenhausgruppe mit besonders langem Namen am Stadtrand, Abschnitt 4');
  await expect(card.getByTestId('state-badge')).toBeVisible();
  await shot(page, 'phone-projects', { fullPage: true });
  await swipe(page, 'project-grid', -200);
  await expect(page).toHaveURL(/[?&]page=2/);
  // Page 2 is on screen (the pager marks it) before swiping back.
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await swipe(page, 'project-grid', 200);
  await expect(page).not.toHaveURL(/[?&]page=2/);

  await page.goto('/home/app/task-list');
  await expect(page.getByTestId('task-grid')).toBeVisible();
  const first = page.getByTestId('task-card').first();
  await expect(first.getByTestId('state-badge')).toBeVisible();
  await shot(page, 'phone-tasks', { fullPage: true });

  // A chosen view stays chosen.
  await page.getByRole('radio', { name: /Tabelle/ }).dispatchEvent('click');
  await page.reload();
  await expect(page.getByTestId('task-grid')).toHaveCount(0);
});

test('on a phone the drawing viewer fits the screen: files, drawing and topics stacked, the decisions reachable', async ({
  loginAs,
  page,
}) => {
  await loginAs('reviewer');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '1. OG');
  await page.goto(`/home/app/viewer/${rootId}/${unit.projectUnitID}/view`);
  await page.getByText('Werkplan 1. OG.pdf').first().click();
  await expect(page.locator('[data-page] canvas[data-rendered="true"]').first()).toBeVisible({ timeout: 60_000 });
  const approve = page.getByRole('button', { name: 'Zeichnungen freigeben' });
  await expect(approve).toBeVisible();
  // Nothing wider than the screen: no sideways scrolling, no control cut off at the right edge.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const right = async (locator: ReturnType<typeof page.getByTestId>) => {
    const box = await locator.boundingBox();
    return box ? box.x + box.width : Infinity;
  };
  expect(await right(approve)).toBeLessThanOrEqual(390);
  // The panels are stacked: the topics come below the drawing, each as wide as the screen allows.
  const centre = await page.getByTestId('viewer-centre').boundingBox();
  const topics = await page.getByText(/^Anmerkungen \(/).boundingBox();
  expect(centre && topics && topics.y > centre.y + centre.height - 1).toBe(true);
  expect(centre && centre.width > 300 && centre.height > 300).toBe(true);
  await shot(page, 'phone-viewer', { fullPage: true });
  await expectNoAxeViolations(page, 'viewer on a phone');
});
