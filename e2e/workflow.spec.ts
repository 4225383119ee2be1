import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { shot } from './shots';

const xhr = { 'X-Requested-With': 'XMLHttpRequest' };
const PROJECT = 'Appartementencomplex De Linde';

async function findRoot(request: APIRequestContext, title: string): Promise<number> {
  for (let id = 1; id < 150; id++) {
    const res = await request.get(`/api/data/portal/projects/${id}`);
    if (res.ok()) {
      const unit = (await res.json()) as { title: string; parentProjectUnitID: number | null };
      if (unit.title === title && unit.parentProjectUnitID === null) return id;
    }
  }
  throw new Error(`project ${title} not found`);
}

async function createUnit(request: APIRequestContext, body: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/data/portal/projects', { headers: xhr, data: body });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { projectUnitID: number }).projectUnitID;
}

async function signOut(page: Page) {
  await page.request.post('/Account/SignOut', { headers: xhr });
}

/** The task list shows the task; its row opens the unit's details with the tasks panel. */
async function openTaskFromList(page: Page, unitTitle: string, stateLabel: string) {
  await page.goto('/home/app/task-list');
  const row = page.getByRole('row').filter({ hasText: unitTitle }).filter({ hasText: stateLabel });
  await expect(row).toBeVisible();
  await row.click();
  await expect(page.getByTestId('project-tasks-panel')).toContainText(stateLabel);
}

/** `changed` is the success message's start in the user's language (nl for the cs demo tenant, de for Celona). */
async function act(page: Page, actionLabel: string, expectedState: string, changed = 'Status gewijzigd') {
  await page.getByTestId('project-tasks-panel').getByRole('button', { name: actionLabel }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: actionLabel }).click();
  await expect(page.getByText(`${changed}: ${expectedState}`)).toBeVisible();
}

async function dashboardTasks(page: Page): Promise<string> {
  await page.goto('/home/app/dash');
  const tile = page.getByTestId('tile-tasks');
  await expect(tile).toContainText(/\d/);
  return (await tile.innerText()).replace(/\D+/g, '');
}

test('a project walks from Structuring through the contract to ProvideFiles, each step by the task holder', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(120_000);
  // 1. The customer (processor side) holds the Structuring task and sets up the structure.
  await loginAs('cs-customer');
  const rootId = await findRoot(page.request, PROJECT);
  expect(Number(await dashboardTasks(page))).toBeGreaterThan(0);
  const sub = await createUnit(page.request, {
    parentProjectUnitID: rootId,
    projectUnitType: 'subproject',
    title: 'Blok A',
  });
  await createUnit(page.request, { parentProjectUnitID: sub, projectUnitType: 'approvallot', title: 'Begane grond' });

  await page.goto('/home/app/task-list');
  await expect(page.getByRole('row').filter({ hasText: PROJECT })).toContainText('Structureren');
  await shot(page, '1-task-list-customer', { fullPage: true });
  await openTaskFromList(page, PROJECT, 'Structureren');
  await shot(page, '2-tasks-panel', { fullPage: true });
  await act(page, 'Structurering afronden', 'Voorbereiding');
  await expect(page.getByTestId('project-tasks-panel')).toHaveCount(0);
  await signOut(page);

  // 2. The sales planner (internal) completes preparation, then validation, then starts planning.
  await loginAs('cs-planner');
  const before = Number(await dashboardTasks(page));
  expect(before).toBeGreaterThan(0);
  await openTaskFromList(page, PROJECT, 'Voorbereiding');
  await act(page, 'Voorbereiding afronden', 'Controle door binnendienst');
  await openTaskFromList(page, PROJECT, 'Controle door binnendienst');
  await act(page, 'Markeren als gereed voor contract', 'Contract in behandeling');
  await openTaskFromList(page, PROJECT, 'Contract in behandeling');
  await shot(page, '3-pending-contract', { fullPage: true });
  await act(page, 'Planningsproces starten', 'Bestanden aanleveren');
  // The approval lot left PendingContract with the root and now waits for files; the tenant has
  // no reviewer, so its internal member holds the task.
  await openTaskFromList(page, 'Begane grond', 'Bestanden aanleveren');
  // Drawings can be requested once the approval lot holds a file (the request-drawings guard).
  await expect(
    page.getByTestId('project-tasks-panel').getByRole('button', { name: 'Tekeningen aanvragen' }),
  ).toBeDisabled();
  await signOut(page);

  // 4. The journal lists the changes for the internal planner; an external user is refused.
  await loginAs('cs-planner', `/home/app/project/details/${rootId}/${rootId}/journal`);
  await expect(page.getByRole('row').filter({ hasText: 'Structureren → Voorbereiding' }).first()).toBeVisible();
  await shot(page, '7-journal', { fullPage: true });
  await page.getByLabel('Naam').fill('Begane');
  await expect(page.getByRole('row').filter({ hasText: 'Begane grond' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Appartementencomplex' })).toHaveCount(0);
  await page.goto('/home/app/project/workflows');
  await expect(page.getByTestId('workflow-notifications')).toBeVisible();
  // Material types by their names and a count of one in the singular.
  await expect(page.getByTestId('workflow-notifications')).toContainText('Kalkzandsteen ·');
  await expect(page.getByTestId('workflow-notifications')).not.toContainText(/\bcs ·/);
  await expect(page.getByTestId('workflow-notifications').getByText('1 item', { exact: true })).toBeVisible();
  await shot(page, '8-workflows', { fullPage: true });
  await signOut(page);
  await loginAs('cs-customer', `/home/app/project/details/${rootId}/${rootId}/journal`);
  await expect(page.getByTestId('journal-not-available')).toBeVisible();
  const refused = await page.request.get(`/api/data/portal/project-unit-journal/${rootId}`);
  expect(refused.status()).toBe(403);
});

test('an element project walks from Structuring to PlaceOrder: each holder in turn sees the task in the list and on the counter', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(150_000);
  // Demo: Stadtvillen Eichenhain (Celona, aac_elements, Structuring) with the order lot "Lieferung Villa 1".
  const project = 'Stadtvillen Eichenhain';
  const lot = 'Lieferung Villa 1';
  const changed = 'Status geändert';
  const countOf = async (key: string) => {
    await loginAs(key);
    const n = Number(await dashboardTasks(page));
    await signOut(page);
    return n;
  };
  const coordinatorBefore = await countOf('coordinator');

  // 1. The process planner holds the Structuring task and finishes structuring.
  await loginAs('processor');
  expect(Number(await dashboardTasks(page))).toBeGreaterThan(0);
  await openTaskFromList(page, project, 'Strukturierung');
  await act(page, 'Strukturierung abschließen', 'Vorbereitung', changed);
  await signOut(page);
  // The customer held Structuring too; from here on the customer has nothing on this project.
  const customerBefore = await countOf('customer');

  // 2. The project coordinator sees the Preparing task appear and completes preparation.
  await loginAs('coordinator');
  expect(Number(await dashboardTasks(page))).toBe(coordinatorBefore + 1);
  await openTaskFromList(page, project, 'Vorbereitung');
  await act(page, 'Vorbereitung abschließen', 'Prüfung durch Innendienst', changed);
  await signOut(page);

  // 3. The sales planner validates (the demo root has its product-type assignment).
  await loginAs('planner');
  await openTaskFromList(page, project, 'Prüfung durch Innendienst');
  await act(page, 'Als vertragsbereit markieren', 'Vertrag ausstehend', changed);
  await signOut(page);

  // 4. The coordinator starts planning: the root provides files, the order lot enters PlaceOrder.
  await loginAs('coordinator');
  await openTaskFromList(page, project, 'Vertrag ausstehend');
  await act(page, 'Planungsprozess starten', 'Dateien bereitstellen', changed);
  await signOut(page);

  // 5. The customer (holder of PlaceOrder) sees the new task on the counter and in the list.
  await loginAs('customer');
  expect(Number(await dashboardTasks(page))).toBe(customerBefore + 1);
  await shot(page, 'walk-1-dashboard-customer', { fullPage: true });
  await page.goto('/home/app/task-list');
  await expect(page.getByRole('row').filter({ hasText: lot })).toContainText('Bestellung aufgeben');
  await shot(page, 'walk-2-task-list-customer', { fullPage: true });
  await openTaskFromList(page, lot, 'Bestellung aufgeben');
  // An order lot places its order from the order panel (it knows about unsaved rows), not from the tasks panel.
  await expect(page.getByTestId('place-order')).toBeVisible();
  await shot(page, 'walk-3-order-lot-tasks-panel', { fullPage: true });
});

test('the customer holds the PlaceOrder task of an order lot; the info dialog leads to it', async ({
  loginAs,
  page,
}) => {
  // Order lots exist only under aac_elements or lintel projects (demo: Mehrfamilienhaus Birkenweg).
  await loginAs('customer');
  expect(Number(await dashboardTasks(page))).toBeGreaterThan(0);
  await shot(page, '4-dashboard-customer', { fullPage: true });
  await openTaskFromList(page, 'Lieferung Erdgeschoss', 'Bestellung aufgeben');
  // The tasks panel shows the task; the order panel offers the action (it knows about unsaved rows).
  await expect(page.getByTestId('place-order')).toBeVisible();
  await shot(page, '5-place-order', { fullPage: true });

  await page.goto('/home/app/task-list');
  await page.getByRole('row').filter({ hasText: 'Lieferung Erdgeschoss' }).getByTestId('task-state').click();
  const info = page.getByTestId('task-info-dialog');
  await expect(info).toContainText('Erfassen Sie die Positionen der Bestellung');
  await shot(page, '6-task-info');
  await info.getByRole('button', { name: 'Zum Projekt' }).click();
  await expect(page).toHaveURL(/\/home\/app\/project\/details\/\d+\/\d+$/);
});

test('task list: grid view, page size kept, help panel with the manual', async ({ loginAs, page }) => {
  await loginAs('coordinator', '/home/app/task-list');
  await expect(page.getByRole('heading', { name: 'Meine Aufgaben' })).toBeVisible();
  await page.getByText('Kacheln').click();
  await expect(page.getByTestId('task-grid')).toBeVisible();
  await page.getByRole('button', { name: 'Hilfe zu Ihren Aufgaben' }).click();
  await expect(page.getByRole('link', { name: 'Handbuch herunterladen (PDF)' })).toHaveAttribute(
    'href',
    '/manuals/manual_for_reviewer_de.pdf',
  );
  await shot(page, 'task-grid', { fullPage: true });
  await page.reload();
  await expect(page.getByTestId('task-grid')).toBeVisible();
});

test('the journal link is offered to a reader of the journal only (the unit abilities)', async ({ loginAs, page }) => {
  await loginAs('cs-planner');
  const rootId = await findRoot(page.request, PROJECT);
  const details = `/home/app/project/details/${rootId}`;
  const journalLink = page.locator(`a[href$="/project/details/${rootId}/${rootId}/journal"]`);
  await page.goto(details);
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  await expect(page.getByTestId('site-address-card')).toBeVisible();
  await expect(journalLink).toBeVisible();
  await shot(page, 'journal-link-planner');
  await signOut(page);

  // The customer is a member of the project but not internal: the server refuses the journal, so no link.
  await loginAs('cs-customer', details);
  await expect(page.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  const unit = await page.request.get(`/api/data/portal/projects/${rootId}`);
  expect(((await unit.json()) as { abilities: { canReadJournal: boolean } }).abilities.canReadJournal).toBe(false);
  // The actions card renders together with the site address card: once that shows, the link would be there.
  await expect(page.getByTestId('site-address-card')).toBeVisible();
  await expect(journalLink).toHaveCount(0);
  await shot(page, 'journal-link-customer');
});
