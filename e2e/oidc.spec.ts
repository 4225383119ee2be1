import { demoLogin, DEMO_PASSWORD, expect, test } from './fixtures';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

test('external sign-in through the demo identity provider; external-login rules on the profile', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Mit Ihrem Firmenkonto anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Demo-Anmeldedienst' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(demoLogin('sso'));
  await page.getByLabel('Passwort', { exact: true }).fill('falsch');
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.getByRole('alert')).toHaveText('Unbekanntes Konto oder falsches Passwort.');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();

  // The first start converts the demo models in worker threads; the sign-in may take a while then.
  await expect(page).toHaveURL(/\/home\/app\/dash$/, { timeout: 45_000 });
  await expect(page.getByTestId('profile-header')).toContainText(demoLogin('sso'));

  await page.goto('/home/app/profile');
  await expect(page.getByTestId('personal-card')).toContainText('Miriam');
  await expect(page.getByTestId('personal-card').getByRole('button', { name: 'Bearbeiten' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Passwort ändern' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Konto löschen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Profilbild ändern' })).toBeVisible();
  await expect(page.getByTestId('company-card').getByRole('button', { name: 'Bearbeiten' })).toBeEnabled();
  await shot(page, 'external-profile', { fullPage: true });

  // The server refuses whatever the client sends.
  const res = await page.request.put('/api/account/portal/password', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { oldPassword: 'Abc-123', newPassword: 'Neu-123!', confirmNewPassword: 'Neu-123!' },
  });
  expect(res.status()).toBe(403);

  // A second sign-in goes by the linked subject. Signing out clears the site's cookies
  // (Clear-Site-Data), and the demo provider shares the app's origin, so it asks again.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('link', { name: 'Mit Ihrem Firmenkonto anmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Demo-Anmeldedienst' })).toBeVisible();
  await page.getByLabel('E-Mail').fill(demoLogin('sso'));
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/home\/app\/dash$/, { timeout: 45_000 });
});

test('a refused external sign-in explains why', async ({ page }) => {
  await page.goto('/api/account/oidc/callback?code=x&state=y');
  await expect(page).toHaveURL(/\/login\/external-refused\?reason=expired$/);
  await expect(page.getByRole('alert')).toContainText('zu lange gedauert');
  await expectNoAxeViolations(page, 'refused page');
  await page.goto('/login/external-refused?reason=no-account');
  await expect(page.getByRole('alert')).toContainText('keinen Benutzer');
  await page.getByRole('link', { name: 'Zurück zur Anmeldung' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expectNoAxeViolations(page, 'sign-in page');
});
