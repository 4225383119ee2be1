import type { Page } from '@playwright/test';
import { demoLogin, expect, test } from './fixtures';
import { waitForStill } from './pixels';
import { present } from '../src/shared/present';
import { shot } from './shots';

type ListBody = { data: { projectUnitID: number; title: string; stateKey: string }[]; count: number };

async function fetchList(page: Page, kind: 'current' | 'closed'): Promise<ListBody> {
  const res = await page.request.get(`/api/data/portal/projectlist/${kind}?$count=true&$top=100`);
  expect(res.status()).toBe(200);
  return (await res.json()) as ListBody;
}

test('dashboard: counter tiles and the workflow tile lead to their pages', async ({ loginAs, page }) => {
  await loginAs('planner');
  const current = await fetchList(page, 'current');
  await expect(page.getByTestId('tile-projects')).toContainText(`Aktuelle Projekte${current.count}`);
  const tasks = (await (await page.request.get('/api/data/portal/dashboard/taskCount')).json()) as { count: number };
  await expect(page.getByTestId('tile-tasks')).toContainText(`Offene Aufgaben${tasks.count}`);
  await expect(page.getByTestId('tile-news')).toContainText('NeuigkeitenKeine neuen Beiträge');
  // The demo tenant has the Workflow feature on.
  await expect(page.getByTestId('tile-workflows')).toHaveAttribute('href', '/home/app/project/workflows');
  await expect(page.getByTestId('tile-tasks')).toHaveAttribute('href', '/home/app/task-list');
  await shot(page, 'dashboard', { fullPage: true });

  await page.getByTestId('tile-projects').click();
  await expect(page).toHaveURL(/\/home\/app\/current-projects-list$/);
  await page.goBack();
  await page.getByTestId('tile-news').click();
  await expect(page).toHaveURL(/\/home\/app\/news$/);
  await expect(page.getByRole('heading', { name: 'Neuigkeiten' })).toBeVisible();
  await expect(page.getByTestId('news-empty')).toHaveText('Zurzeit gibt es keine Neuigkeiten.');
});

test('a counter the server does not offer shows a dash instead of a number', async ({ loginAs, page }) => {
  // Simulates a deployment in which a counter endpoint is missing: the tile degrades, nothing breaks.
  await page.route('**/api/data/portal/dashboard/taskCount', (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      body: JSON.stringify({ status: 404, code: 'NotFound', messages: [] }),
    }),
  );
  await loginAs('planner');
  await expect(page.getByTestId('tile-tasks')).toContainText('Offene Aufgaben–');
  await expect(page.getByTestId('tile-tasks').getByLabel('nicht verfügbar')).toBeVisible();
  await expect(page.getByTestId('tile-projects')).not.toContainText('–');
});

test('current projects: table newest first, grid view remembered, a row opens the details', async ({
  loginAs,
  page,
}) => {
  await loginAs('planner', '/home/app/current-projects-list');
  const current = await fetchList(page, 'current');
  await expect(page.getByRole('heading', { name: 'Aktuelle Projekte' })).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(current.data.length);
  for (const [i, item] of current.data.entries()) await expect(rows.nth(i)).toContainText(item.title);
  await expect(page.getByText(`${current.count} Einträge`)).toBeVisible();
  await expect(rows.first().getByRole('columnheader')).toHaveCount(0);
  await expect(page.getByRole('columnheader')).toHaveText(['Logo', 'Projekt', 'Status', 'Seit']);
  await shot(page, 'current-table', { fullPage: true });

  await page.getByText('Kacheln').click();
  await expect(page.getByTestId('project-card')).toHaveCount(current.data.length);
  const firstCard = page.getByTestId('project-card').first();
  await expect(firstCard).toContainText(present(current.data[0]).title);
  const box = await firstCard.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThanOrEqual(352);
  await shot(page, 'current-grid', { fullPage: true });

  await page.reload();
  await expect(page.getByTestId('project-card')).toHaveCount(current.data.length);
  await firstCard.click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/details/${current.data[0]?.projectUnitID}$`));

  // On a phone the cards take the full width and the toolbar wraps.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/home/app/current-projects-list');
  const phoneCard = await page.getByTestId('project-card').first().boundingBox();
  expect(phoneCard?.width ?? 0).toBeGreaterThan(300);
  await shot(page, 'current-grid-phone', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByText('Tabelle').click();
  await rows.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/details/${current.data[1]?.projectUnitID}$`));
});

test('closed projects: pages in ?page, page size 10/20/50 stored locally', async ({ loginAs, page }) => {
  await loginAs('planner', '/home/app/closed-projects-list');
  const closed = await fetchList(page, 'closed');
  expect(closed.count).toBeGreaterThan(20);
  expect(closed.data.every((p) => ['Closed', 'Archived'].includes(p.stateKey))).toBe(true);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText(present(closed.data[0]).title);

  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(page).toHaveURL(/\/home\/app\/closed-projects-list\?page=2$/);
  await expect(rows).toHaveCount(closed.count - 20);
  await expect(rows.first()).toContainText(present(closed.data[20]).title);
  await shot(page, 'closed-page-2', { fullPage: true });

  await page.goto('/home/app/closed-projects-list?page=2');
  await expect(rows.first()).toContainText(present(closed.data[20]).title);
  await page.getByRole('button', { name: 'Vorherige Seite' }).click();
  await expect(page).toHaveURL(/\/home\/app\/closed-projects-list$/);

  await page.getByRole('combobox', { name: 'Einträge pro Seite' }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await expect(rows).toHaveCount(10);
  await page.goto('/home/app/closed-projects-list?page=3');
  await expect(rows).toHaveCount(Math.min(10, closed.count - 20));
  await expect(rows.first()).toContainText(present(closed.data[20]).title);

  await page.getByText('Kacheln').click();
  await expect(page.getByTestId('project-card').first()).toContainText(present(closed.data[20]).title);
  await expect(page).toHaveURL(/\?page=3$/);
  await shot(page, 'closed-grid', { fullPage: true });
});

test('a page beyond the last one shows the last page (issue 10 point 4)', async ({ loginAs, page }) => {
  await loginAs('planner', '/home/app/closed-projects-list?page=99');
  const closed = await fetchList(page, 'closed');
  const last = Math.ceil(closed.count / 20);
  await expect(page).toHaveURL(new RegExp(`/home/app/closed-projects-list${last > 1 ? `\\?page=${last}` : ''}$`));
  await expect(page.locator('tbody tr')).toHaveCount(closed.count - (last - 1) * 20);
  await expect(page.getByTestId('project-list-empty')).toHaveCount(0);
});

test('grid cards and task rows are links: new tab, keyboard', async ({ loginAs, page }) => {
  await loginAs('planner', '/home/app/current-projects-list');
  const current = await fetchList(page, 'current');
  await page.getByText('Kacheln').click();
  const card = page.getByTestId('project-card').first();
  await expect(card).toHaveAttribute('href', `/home/app/project/details/${current.data[0]?.projectUnitID}`);
  await page.getByText('Tabelle').click();
  await page.goto('/home/app/task-list');
  const link = page.locator('tbody tr').first().getByRole('link');
  await expect(link).toHaveAttribute('href', /\/home\/app\/project\/details\/\d+\/\d+$/);
  const href = await link.getAttribute('href');
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`${href}$`));
});

test('an external reviewer sees only the projects they are a member of', async ({ loginAs, page }) => {
  await loginAs('reviewer', '/home/app/closed-projects-list');
  const current = await fetchList(page, 'closed');
  const planner = await page.context().browser()!.newContext({ baseURL: test.info().project.use.baseURL });
  const res = await planner.request.post('/api/account/login', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { login: demoLogin('planner'), password: 'Demo-2026' },
  });
  expect(res.status()).toBe(200);
  const all = (await (await planner.request.get('/api/data/portal/projectlist/closed?$count=true')).json()) as ListBody;
  await planner.close();
  expect(current.count).toBeGreaterThan(0);
  expect(current.count).toBeLessThan(all.count);
  await expect(page.getByText(`${current.count} Einträge`)).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(Math.min(20, current.count));
});

test('sales organisation request: confirmation names the organisation and the login, then a toast', async ({
  loginAs,
  page,
}, testInfo) => {
  await loginAs('customer');
  const panel = page.getByTestId('sales-org-panel');
  await expect(panel.getByRole('heading', { name: 'Neues Projekt anfragen' })).toBeVisible();
  const nord = page.getByTestId('sales-org-card').filter({ hasText: 'Celona Vertrieb Nord' });
  await expect(nord.getByRole('link', { name: 'Website öffnen' })).toHaveAttribute('target', '_blank');
  await expect(nord.getByRole('link', { name: 'Website öffnen' })).toHaveAttribute(
    'href',
    'https://nord.celona.example',
  );
  await shot(page, 'sales-orgs', { fullPage: true });

  await nord.getByRole('button', { name: 'Projekt anfragen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt anfragen' });
  await expect(dialog).toContainText('Möchten Sie bei Celona Vertrieb Nord ein neues Projekt anfragen?');
  await expect(dialog).toContainText(demoLogin('customer'));
  await expect(dialog.getByRole('button', { name: 'Anfrage senden' })).toBeVisible();
  await waitForStill(page.locator('body'), testInfo.outputPath('sales-org-confirm.png'));
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(dialog).toBeHidden();

  await nord.getByRole('button', { name: 'Projekt anfragen' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Anfrage senden' }).click();
  await expect(page.getByText('Ihre Anfrage wurde an Celona Vertrieb Nord gesendet.')).toBeVisible();
});

test('help page, help dialog, manual link and the test dialog', async ({ loginAs, page }) => {
  await loginAs('reviewer', '/home/app/help/upload');
  await expect(page.getByRole('heading', { name: 'Dateien hochladen' })).toBeVisible();
  await expect(page.getByTestId('help-upload')).toContainText('steht unter dem Feld');
  await page.getByRole('link', { name: 'Projektstruktur anlegen' }).click();
  await expect(page).toHaveURL(/\/home\/app\/help\/structuring$/);
  await expect(page.getByTestId('help-structuring')).toContainText('350 m³');
  await shot(page, 'help', { fullPage: true });

  await page.getByRole('button', { name: 'Hilfe: Projektstruktur anlegen' }).click();
  const helpDialog = page.getByRole('dialog', { name: 'Projektstruktur anlegen' });
  await expect(helpDialog).toContainText('Teilprojekte und Freigabelose');
  await expect(helpDialog.getByRole('link', { name: 'Handbuch (PDF)' })).toHaveAttribute(
    'href',
    '/manuals/manual_for_reviewer_de.pdf',
  );
  await page.keyboard.press('Escape');
  await expect(helpDialog).toBeHidden();

  const manual = page.getByRole('navigation', { name: 'Service-Links' }).getByRole('link', { name: 'Handbuch' });
  await expect(manual).toHaveAttribute('href', '/manuals/manual_for_reviewer_de.pdf');
  const pdf = await page.request.get('/manuals/manual_for_reviewer_de.pdf');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  expect((await page.request.get('/manuals/manual_for_reviewer_nl.pdf')).status()).toBe(200);

  await page.getByRole('button', { name: 'Test-Dialog öffnen' }).click();
  const test = page.getByRole('dialog', { name: 'Test-Dialog' });
  const submit = test.getByRole('button', { name: 'Absenden' });
  await expect(submit).toBeDisabled();
  const email = test.getByRole('textbox', { name: 'E-Mail' });
  await email.fill('kein-gueltiger-wert');
  await expect(test).toContainText('Dies ist keine gültige E-Mail');
  await expect(submit).toBeDisabled();
  await email.fill('');
  await expect(test).toContainText('Bitte geben Sie eine E-Mail ein');
  await email.fill('pruefer@example.test');
  await expect(submit).toBeEnabled();
  await shot(page, 'help-test-dialog');
  await submit.click();
  await expect(page.getByText('Die E-Mail-Adresse pruefer@example.test ist gültig.')).toBeVisible();
  await expect(test).toBeHidden();
});

test('the manual link follows the language: Dutch for nl, German otherwise', async ({ loginAs, page }) => {
  await loginAs('cs-customer', '/home/app/help/upload');
  await expect(page.getByRole('heading', { name: 'Bestanden uploaden' })).toBeVisible();
  await expect(page.locator('header').getByRole('link', { name: 'Handleiding', exact: true })).toHaveAttribute(
    'href',
    '/manuals/manual_for_reviewer_nl.pdf',
  );
});
