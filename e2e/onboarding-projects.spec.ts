import { expect, test } from './fixtures';
import { expectNoAxeViolations, lastMailTo } from './profile-helpers';
import { chooseMember } from './onboarding-helpers';
import { shot } from './shots';

const title = `Neubau Quartier Nord ${Date.now() % 100000}`;

test('a sales planner creates a project, adds an external reviewer, who then sees the project and its task', async ({
  loginAs,
  page,
  browser,
}) => {
  // The sales planner starts on the dashboard.
  await loginAs('planner');
  await expect(page.getByRole('link', { name: 'Neues Projekt' })).toBeVisible();
  await shot(page, 'dashboard-de');
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
  await shot(page, 'create-project-de', { fullPage: true });
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
  await shot(page, 'manage-members-de', { fullPage: true });
  await manage.getByRole('button', { name: 'Schließen' }).last().click();
  await expect(page.getByTestId('member-tile').filter({ hasText: 'Thomas Vogt' })).toBeVisible();

  // The reviewer was told by mail, in German, with a link to the project.
  const mail = await lastMailTo(browser, 'reviewer@demo.planport.test', title);
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
  await page
    .getByRole('link', { name: new RegExp(title) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/home/app/project/details/${projectId}$`));
  const tasks = page.getByTestId('project-tasks-panel');
  await expect(tasks).toBeVisible();
  await expect(tasks.getByText('Structuring').first()).toBeVisible();
  // An external member neither creates projects nor manages members.
  await expect(page.getByTestId('members-card').getByRole('button', { name: 'Manage' })).toHaveCount(0);
  await expect(page.getByText('Nordring 5').last()).toBeVisible();
  await shot(page, 'reviewer-project-en', { fullPage: true });
  await page.goto('/home/app/task-list');
  await expect(page.getByText(title).first()).toBeVisible();
  await shot(page, 'reviewer-tasks-en', { fullPage: true });
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
  await page.goto(`/home/app/current-projects-list?create=1&member=${requester?.userID}`);
  const dialog = page.getByRole('dialog', { name: 'Create a new project' });
  await expect(dialog).toBeVisible();
  const first = dialog.getByTestId('create-project-member').first();
  await expect(first.getByTestId('member-user-select')).toHaveValue(/customer@demo\.planport\.test/);
  await expectNoAxeViolations(page, 'create-project dialog (en)');
  await shot(page, 'create-project-prefilled-en', { fullPage: true });
  await dialog.getByLabel('Project title').fill('Wohnanlage Lindenhof');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('A project “Wohnanlage Lindenhof” already exists.')).toBeVisible();
});

test('drawing jobs and folders under an approval lot; a folder is deleted with its files named', async ({
  loginAs,
  page,
}) => {
  // The drafter (internal) adds a drawing job and holds its check-data task.
  await loginAs('drafter');
  const get = async <T>(path: string) => (await (await page.request.get(`/api/data/portal/${path}`)).json()) as T;
  type Unit = { projectUnitID: number; title: string };
  const roots = await get<{ data: Unit[] }>('projectlist/current?$top=50');
  const root = roots.data.find((p) => p.title === 'Bürogebäude Hafenkante');
  if (!root) throw new Error('demo project missing');
  const [sub] = (await get<{ data: Unit[] }>(`projects/${root.projectUnitID}/children`)).data;
  const lot = (await get<{ data: Unit[] }>(`projects/${sub?.projectUnitID}/children`)).data.find(
    (u) => u.title === '1. OG',
  );
  if (!lot) throw new Error('demo lot missing');
  await page.goto(`/home/app/project/details/${root.projectUnitID}/${lot.projectUnitID}`);

  // The demo drawing jobs, one in each check-data state.
  const cards = page.getByTestId('child-unit-card');
  await expect(cards).toHaveCount(3);
  await expect(cards.filter({ hasText: 'Außenwände Achse A–D' })).toContainText('Daten prüfen (unvollständig)');
  await page.getByTestId('new-unit-tile').click();
  await page.getByTestId('type-tile-drawingjob').click();
  await page.getByLabel('Titel').fill('Giebelwände');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByTestId('unit-band-3')).toContainText('Giebelwände');
  await expect(page.getByTestId('project-tasks-panel')).toBeVisible();
  await shot(page, 'drawing-job-de', { fullPage: true });

  // A folder under the lot; below a folder nothing more is created; it is always deletable.
  await page.goto(`/home/app/project/details/${root.projectUnitID}/${lot.projectUnitID}`);
  await page.getByTestId('new-unit-tile').click();
  await page.getByTestId('type-tile-folder').click();
  await page.getByLabel('Titel').fill('Pläne Statik');
  await page.getByRole('button', { name: 'Hinzufügen', exact: true }).click();
  await expect(page.getByTestId('unit-band-3')).toContainText('Pläne Statik');
  // A folder holds files only: no New-unit tile there.
  await expect(page.getByTestId('project-files-card')).toBeVisible();
  await expect(page.getByTestId('new-unit-tile')).toHaveCount(0);
  await page
    .getByTestId('project-files-card')
    .locator('input[type=file]')
    .setInputFiles({ name: 'statik.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
  await expect(page.getByTestId('files-table')).toContainText('statik.pdf');
  await page.getByRole('button', { name: 'Löschen' }).first().click();
  const confirm = page.getByRole('dialog', { name: /löschen/i });
  await expect(confirm).toContainText('Pläne Statik');
  await expect(confirm.getByTestId('delete-folder-files')).toContainText('statik.pdf');
  await shot(page, 'delete-folder-de');
  await confirm.getByRole('button', { name: 'Löschen' }).click();
  await expect(page).toHaveURL(new RegExp(`/details/${root.projectUnitID}/${lot.projectUnitID}$`));
  await expect(cards).toHaveCount(4);
});
