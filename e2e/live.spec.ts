import fs from 'node:fs';
import { expect, test } from './fixtures';
import { DEMO_PASSWORD, demoLogin } from './fixtures';
import { findUnit, pdfBytes, type TreeNode } from './files-helpers';
import { shot } from './shots';

const xhr = { 'X-Requested-With': 'XMLHttpRequest' };

test('two people on the same unit: a new version uploaded by one shows on the other’s page without reload within 2 s', async ({
  loginAs,
  page,
  browser,
  baseURL,
}, testInfo) => {
  await loginAs('planner');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '2. OG');
  const address = `/home/app/project/details/${rootId}/${unit.projectUnitID}`;

  // The second person: the tenant's admin, in a browser context of their own.
  const other = await browser.newContext({ baseURL, locale: 'de-DE' });
  const watcher = await other.newPage();
  const signIn = await watcher.request.post('/api/account/login', {
    headers: xhr,
    data: { login: demoLogin('admin'), password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  const stream = watcher.waitForResponse((r) => r.url().includes('/api/events/stream'));
  await watcher.goto(address);
  expect((await stream).status()).toBe(200);
  const watched = watcher
    .getByTestId('project-files-card')
    .getByTestId('file-row')
    .filter({ hasText: 'Vorabzug 2. OG.pdf' });
  await expect(watched).toBeVisible();
  await expect(watched.getByRole('button', { name: 'v2' })).toHaveCount(0);
  let reloads = 0;
  watcher.on('framenavigated', (f) => {
    if (f === watcher.mainFrame()) reloads++;
  });

  // The planner uploads a new version of the plan through the page.
  await page.goto(address);
  const card = page.getByTestId('project-files-card');
  await expect(card).toContainText('Vorabzug 2. OG.pdf');
  const pdfPath = testInfo.outputPath('Vorabzug 2. OG.pdf');
  fs.writeFileSync(pdfPath, pdfBytes('Vorabzug, zweite Fassung (live)'));
  await card.getByTestId('file-dropzone').locator('input[type=file]').setInputFiles([pdfPath]);
  await expect(
    card.getByTestId('file-row').filter({ hasText: 'Vorabzug 2. OG.pdf' }).getByRole('button', { name: 'v2' }),
  ).toBeVisible();
  const done = Date.now();

  // The other page shows it by itself, without a reload, within 2 s.
  await expect(watched.getByRole('button', { name: 'v2' })).toBeVisible({ timeout: 2000 });
  const latency = Date.now() - done;
  expect(reloads).toBe(0);
  testInfo.annotations.push({
    type: 'live latency (ms, upload shown → other page shown)',
    description: String(latency),
  });
  await shot(watcher, 'live-other-page', { fullPage: true });

  // At sign-out the stream ends with the session.
  const closed = watcher.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const es = new EventSource('/api/events/stream');
        es.addEventListener('ready', () => {
          void fetch('/Account/SignOut', { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
        });
        es.onerror = () => {
          // After the session is gone the browser's reconnect is refused (401) and it gives up.
          if (es.readyState === EventSource.CLOSED) resolve(true);
        };
        setTimeout(() => resolve(false), 10_000);
      }),
  );
  expect(await closed).toBe(true);
  await other.close();
});

test('a form being edited is never overwritten: a state change by someone else shows “changed by … — reload”', async ({
  loginAs,
  page,
  browser,
  baseURL,
}) => {
  await loginAs('planner');
  const other = await browser.newContext({ baseURL, locale: 'de-DE' });
  const admin = other.request;
  expect(
    (
      await admin.post('/api/account/login', {
        headers: xhr,
        data: { login: demoLogin('admin'), password: DEMO_PASSWORD },
      })
    ).status(),
  ).toBe(200);
  // A unit of the demo project on which the admin can take a step now.
  const { rootId } = await findUnit(page.request, 'Bürogebäude Hafenkante', '1. OG');
  const tree = (await (await page.request.get(`/api/file/projectFiles/${rootId}`)).json()) as TreeNode;
  const nodes: TreeNode[] = [];
  const walk = (n: TreeNode) => {
    nodes.push(n);
    n.children.forEach(walk);
  };
  walk(tree);
  const candidates: { id: number; stateKey: string; requirement: string | null; holdsTask: boolean }[] = [];
  for (const n of nodes.reverse()) {
    const res = await admin.get(`/api/data/portal/projectunitstates/${n.projectUnitID}/actions`);
    if (!res.ok()) continue;
    const a = (await res.json()) as {
      stateKey: string;
      holdsTask: boolean;
      actions: { enabled: boolean; requirement: string | null }[];
    };
    const step = a.actions.find((x) => x.enabled);
    if (step)
      candidates.push({
        id: n.projectUnitID,
        stateKey: a.stateKey,
        requirement: step.requirement,
        holdsTask: a.holdsTask,
      });
  }
  // Task holders first: a review decision is theirs alone.
  candidates.sort((x, y) => Number(y.holdsTask) - Number(x.holdsTask));
  expect(candidates.length, 'a unit with an enabled step').toBeGreaterThan(0);

  const dialog = page.getByRole('dialog');
  const title = dialog.getByRole('textbox', { name: /Titel/ }).first();
  let changedOne = false;
  for (const target of candidates) {
    await page.goto(`/home/app/project/details/${rootId}/${target.id}`);
    await page.getByRole('button', { name: 'Daten bearbeiten' }).first().click();
    await expect(title).toBeVisible();
    await title.fill('Meine ungespeicherte Eingabe');
    const changed = await admin.put(`/api/data/portal/projectunitstates/${target.id}`, {
      headers: xhr,
      data: { projectUnitID: target.id, stateKey: target.stateKey, requirements: target.requirement },
    });
    if (changed.status() === 200) {
      changedOne = true;
      break;
    }
    // Not this one (a step that is someone else's task): nothing changed, the next unit.
    expect(await page.getByTestId('changed-by-notice').count()).toBe(0);
  }
  expect(changedOne, 'the admin took a step on one of the units').toBe(true);

  const notice = dialog.getByTestId('changed-by-notice');
  await expect(notice).toBeVisible({ timeout: 2000 });
  await expect(notice).toContainText(/Inzwischen von .+ geändert/);
  // The user's entry stays as typed.
  await expect(title).toHaveValue('Meine ungespeicherte Eingabe');
  await shot(page, 'changed-by');
  await other.close();
});
