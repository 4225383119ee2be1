import { expect, test } from './fixtures';
import { DEMO_PASSWORD, demoLogin } from './fixtures';

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

test('on a phone the lists open as cards with the whole path and the state, and swipe pages', async ({
  page,
}, testInfo) => {
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
  await page.screenshot({ path: testInfo.outputPath('phone-projects.png'), fullPage: true });
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
  await page.screenshot({ path: testInfo.outputPath('phone-tasks.png'), fullPage: true });

  // A chosen view stays chosen.
  await page.getByRole('radio', { name: /Tabelle/ }).dispatchEvent('click');
  await page.reload();
  await expect(page.getByTestId('task-grid')).toHaveCount(0);
});
