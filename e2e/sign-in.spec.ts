import { demoLogin, DEMO_PASSWORD, expect, test } from './fixtures';
import { shot } from './shots';

test('sign in, see the shell, switch language, sign out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Planport' })).toBeVisible();

  await page.getByLabel('E-Mail-Adresse').fill(demoLogin('planner'));
  await page.getByLabel('Passwort').fill('falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('E-Mail-Adresse oder Passwort ist falsch.');

  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
  await expect(page.getByTestId('welcome-card')).toContainText('Willkommen, Jonas Meyer');
  await expect(page.getByRole('link', { name: 'Impressum' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Datenschutz' })).toBeVisible();
  await expect(page.getByTestId('profile-header')).toContainText(demoLogin('planner'));
  await shot(page, 'dashboard', { fullPage: true });

  await page.getByRole('button', { name: 'Sprache' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByTestId('welcome-card')).toContainText('Welcome, Jonas Meyer');
  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: 'Nederlands' }).click();
  await expect(page.getByTestId('welcome-card')).toContainText('Welkom, Jonas Meyer');
  await page.getByRole('button', { name: 'Taal' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();

  await page.getByRole('link', { name: 'Impressum' }).click();
  await expect(page.getByRole('heading', { name: 'Impressum' })).toBeVisible();
  await expect(page.getByText('Planport Baustoffe GmbH')).toBeVisible();
  await page.goBack();

  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const me = await page.request.get('/api/account/me');
  expect(me.status()).toBe(401);
  await page.goto('/home/app/dash');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown paths lead to the dashboard', async ({ loginAs, page }) => {
  await loginAs('reviewer', '/does/not/exist');
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
  await page.goto('/home/app/nothing-here');
  await expect(page).toHaveURL(/\/home\/app\/dash$/);
  await expect(page.getByTestId('welcome-card')).toContainText('Thomas Vogt');
});

test('the browser language picks the interface language', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Aanmelden' })).toBeVisible();
  await context.close();
});

test('repeated failed attempts make the page ask to wait', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail-Adresse').fill('niemand@demo.planport.test');
  await page.getByLabel('Passwort').fill('falsch-0');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('E-Mail-Adresse oder Passwort ist falsch.');
  // The limits count per account and per client (decision in docs/architecture.md); within at
  // most 25 attempts the page asks to wait.
  let throttled = false;
  for (let i = 1; i <= 25 && !throttled; i++) {
    await page.getByLabel('Passwort').fill(`falsch-${i}`);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(/Passwort ist falsch|Zu viele Versuche/);
    throttled = (await alert.textContent())?.includes('Zu viele') ?? false;
  }
  expect(throttled).toBe(true);
  // The page tells the real wait the server asks for (it starts at one second and grows).
  await expect(page.getByRole('alert')).toContainText(/Bitte warten Sie \d+ s und versuchen Sie es dann erneut\./);
});

test('an external-login user cannot sign in with a password', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-Mail-Adresse').fill(demoLogin('sso'));
  await page.getByLabel('Passwort').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  // The same answer as a wrong password: the page does not tell which accounts exist or how they sign in.
  await expect(page.getByRole('alert')).toContainText(/Passwort ist falsch|Zu viele Versuche/);
  await expect(page).toHaveURL(/\/login$/);
});
