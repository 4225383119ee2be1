import { expect, test } from './fixtures';
import { shot } from './shots';

test('the spec logout address opened in the browser signs out and lands on the sign-in page', async ({
  page,
  loginAs,
}) => {
  await loginAs('planner');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await page.goto('/Account/SignOut');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/account/me')).status()).toBe(401);
});

test('the logout address reached from another site asks before signing out', async ({ page, loginAs }) => {
  await loginAs('planner');
  await page.goto('/Account/SignOut', { referer: 'https://elsewhere.example/' });
  await expect(page.getByRole('heading', { name: 'Abmelden?' })).toBeVisible();
  expect((await page.request.get('/api/account/me')).status()).toBe(200);
  await page.getByRole('link', { name: 'Angemeldet bleiben' }).click();
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
  await page.goto('/Account/SignOut', { referer: 'https://elsewhere.example/' });
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/account/me')).status()).toBe(401);
});

test('the bare app path opens the dashboard; a malformed id shows the not-found page', async ({ page, loginAs }) => {
  await loginAs('planner', '/home/app');
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
  await page.goto('/home/app/');
  await expect(page).toHaveURL(/\/home\/app\/dash$/);

  for (const path of [
    '/home/app/project/details/12/planning',
    '/home/app/project/details/abc',
    '/home/app/project/details/1/99999999999',
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Seite nicht gefunden' })).toBeVisible();
    await expect(page.getByText(/Invalid input|NaN/)).toHaveCount(0);
  }
  await shot(page, 'not-found', { fullPage: true });
  await page.getByRole('link', { name: 'Zur Startseite' }).click();
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
});
