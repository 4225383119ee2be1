import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations, lastMailTo } from './profile-helpers';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-projects';
const title = `Neubau Quartier Nord ${Date.now() % 100000}`;

/** Picks a user in the searchable member field; their usual roles are preselected, `extraRoles` are added. */
async function chooseMember(page: Page, scope: Locator, search: string, name: string, extraRoles: string[]) {
  const user = scope.getByTestId('member-user-select');
  await user.click();
  await user.fill(search);
  await page.getByRole('option', { name: new RegExp(name) }).click();
  const roleSelect = scope.getByTestId('member-roles-select');
  await roleSelect.click();
  for (const role of extraRoles) await page.getByRole('option', { name: role, exact: true }).click();
  await page.keyboard.press('Escape');
}

test('a sales planner creates a project, adds an external reviewer, who then sees the project and its task', async ({
  loginAs,
  page,
  browser,
}) => {
  // The sales planner starts on the dashboard.
  await loginAs('planner');
  await page.getByRole('link', { name: 'Neues Projekt' }).click();
  await expect(page).toHaveURL(/current-projects-list\?create=1/);
  const dialog = page.getByRole('dialog', { name: 'Neues Projekt anlegen' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Projekttitel').fill(title);
  await dialog.getByText('Baustellenadresse und Ansprechpartner angeben').click();
  await dialog.getByLabel('Straße und Hausnummer').fill('Nordring 5');
  await dialog.getByLabel('Ort').fill('Bremen');
  await dialog.getByLabel('BIM-Projekt').check();
  await expectNoAxeViolations(page, 'create-project dialog (de)');
  await page.screenshot({ path: `${shots}/create-project-de.png`, fullPage: true });
  await dialog.getByRole('button', { name: 'Projekt anlegen' }).click();

  // The new project: number from the sequence, Structuring, the planner as member.
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+$/);
  const projectId = Number(page.url().split('/').pop());
  // The number comes from the tenant's yearly sequence.
  await expect(page.getByText(new RegExp(`^\\d{4}-\\d{4} ${title}$`))).toBeVisible();

  // Add the external reviewer: reviewer, and processor so they hold the Structuring task.
  await page.getByTestId('members-card').getByRole('button', { name: 'Verwalten' }).click();
  const manage = page.getByRole('dialog', { name: 'Mitglieder verwalten' });
  const addForm = manage.getByTestId('add-member-form');
  await chooseMember(page, addForm, 'Vogt', 'Thomas Vogt', ['Verarbeiter']);
  await expect(addForm.getByText('Prüfer')).toBeVisible();
  await expect(addForm.getByText('Verarbeiter')).toBeVisible();
  await manage.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByText('Thomas Vogt wurde hinzugefügt und per E-Mail benachrichtigt.')).toBeVisible();
  await expect(manage.getByTestId('manage-member-row').filter({ hasText: 'Thomas Vogt' })).toBeVisible();
  await expectNoAxeViolations(page, 'manage members dialog (de)');
  await page.screenshot({ path: `${shots}/manage-members-de.png`, fullPage: true });
  await manage.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(page.getByTestId('member-tile').filter({ hasText: 'Thomas Vogt' })).toBeVisible();

  // The reviewer was told by mail, in German, with a link to the project.
  const mail = await lastMailTo(browser, 'reviewer@demo.planport.test');
  expect(mail.subject).toContain(title);
  expect(mail.textBody).toContain(`/home/app/project/details/${projectId}`);

  // The reviewer signs in (in English) and sees the project and their task.
  await page.context().clearCookies();
  await loginAs('reviewer');
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  const lang = await page.request.put(`/api/data/portal/users/${me.userID}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { languageKey: 'en' },
  });
  expect(lang.status()).toBe(200);
  await page.goto('/home/app/current-projects-list');
  await page.getByRole('link', { name: new RegExp(title) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/details/${projectId}$`));
  const tasks = page.getByTestId('project-tasks-panel');
  await expect(tasks).toBeVisible();
  await expect(tasks.getByText('Structuring').first()).toBeVisible();
  // An external member neither creates projects nor manages members.
  await expect(page.getByTestId('members-card').getByRole('button', { name: 'Manage' })).toHaveCount(0);
  await page.screenshot({ path: `${shots}/reviewer-project-en.png`, fullPage: true });
  await page.goto('/home/app/task-list');
  await expect(page.getByText(title).first()).toBeVisible();
  await page.screenshot({ path: `${shots}/reviewer-tasks-en.png`, fullPage: true });
  await page.goto('/home/app/dash');
  await expect(page.getByTestId('welcome-card')).toBeVisible();
  await expect(page.getByRole('link', { name: 'New project' })).toHaveCount(0);
});

test('the request mail link opens the dialog with the requester as the first member (en)', async ({
  loginAs,
  page,
}) => {
  await loginAs('bim');
  // A BIM coordinator does not create projects: no button, and the link does not open the dialog.
  await page.goto('/home/app/current-projects-list?create=1');
  await expect(page.getByRole('heading', { name: 'Current projects' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.context().clearCookies();
  await loginAs('coordinator');
  const me = (await (await page.request.get('/api/account/me')).json()) as { userID: number };
  await page.request.put(`/api/data/portal/users/${me.userID}`, {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { languageKey: 'en' },
  });
  const customer = await page.request.get(
    `/api/data/portal/projects/member-candidates?$filter=${encodeURIComponent("userLogin eq 'customer@demo.planport.test'")}`,
  );
  const [requester] = ((await customer.json()) as { data: { userID: number }[] }).data;
  await page.goto(`/home/app/current-projects-list?create=1&member=${requester.userID}`);
  const dialog = page.getByRole('dialog', { name: 'Create a new project' });
  await expect(dialog).toBeVisible();
  const first = dialog.getByTestId('create-project-member').first();
  await expect(first.getByTestId('member-user-select')).toHaveValue(/customer@demo\.planport\.test/);
  await expectNoAxeViolations(page, 'create-project dialog (en)');
  await page.screenshot({ path: `${shots}/create-project-prefilled-en.png`, fullPage: true });
  await dialog.getByLabel('Project title').fill('Wohnanlage Lindenhof');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('A project "Wohnanlage Lindenhof" already exists.')).toBeVisible();
});
