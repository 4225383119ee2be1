import fs from 'node:fs';
import { expect, test } from './fixtures';
import { findUnit, pdfBytes } from './files-helpers';
import { findColour, ORANGE, waitForColour } from './pixels';
import { shot } from './shots';

const shots = process.env.SHOTS_DIR ?? '/tmp/shots-h14';

/** A valid PDF of `pages` plan sheets (A1 landscape), each with a frame and its page number. */
function planSet(pages: number): Buffer {
  const objects: string[] = ['<</Type/Catalog/Pages 2 0 R>>', ''];
  const kids: string[] = [];
  objects.push('<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>');
  for (let i = 1; i <= pages; i++) {
    const content = `2 w 40 40 2304 1604 re S BT /F1 120 Tf 1000 800 Td (Blatt ${i}) Tj ET`;
    objects.push(`<</Length ${content.length}>>stream\n${content}\nendstream`);
    objects.push(
      `<</Type/Page/Parent 2 0 R/MediaBox[0 0 2384 1684]/Resources<</Font<</F1 3 0 R>>>>/Contents ${objects.length} 0 R>>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<</Type/Pages/Kids[${kids.join(' ')}]/Count ${pages}>>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((o, i) => {
    const at = Buffer.byteLength(out);
    out += `${i + 1} 0 obj${o}endobj\n`;
    return at;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer<</Size ${objects.length + 1}/Root 1 0 R>>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

test('a 50-sheet plan set: only the pages near the view are rendered; thumbnails and page navigation', async ({
  loginAs,
  page,
}) => {
  test.setTimeout(180_000);
  await loginAs('reviewer');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '1. OG');
  // The drawing's content is served as a 50-sheet A1 set.
  const set = planSet(50);
  await page.route('**/api/file/**/content?*', (route) =>
    route.fulfill({ status: 200, contentType: 'application/pdf', body: set }),
  );
  await page.goto(`/home/app/viewer/${rootId}/${unit.projectUnitID}/view`);
  await page.getByText('Werkplan 1. OG.pdf').first().click();
  await expect(page.getByTestId('pdf-page')).toHaveText(/1\D+50/);
  const rendered = page.locator('[data-page] canvas[data-rendered="true"]');
  await expect(rendered.first()).toBeVisible({ timeout: 60_000 });
  expect(await page.locator('[data-page]').count()).toBe(50);
  expect(await rendered.count()).toBeLessThanOrEqual(4);

  // A thumbnail jumps to its sheet; pages far from the view hold no canvas.
  await page.getByRole('button', { name: '40', exact: true }).click();
  await expect(page.locator('[data-page="40"] canvas[data-rendered="true"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('pdf-page')).toHaveText(/40\D+50/);
  await expect(page.locator('[data-page="1"] canvas')).toHaveCount(0);
  expect(await page.locator('[data-page] canvas').count()).toBeLessThanOrEqual(4);
  await page.getByRole('button', { name: 'Nächste Seite' }).click();
  await expect(page.getByTestId('pdf-page')).toHaveText(/41\D+50/);

  // Ctrl + wheel (a trackpad pinch) and a two-finger pinch zoom the sheet.
  const zoom = async () => Number((await page.getByTestId('pdf-zoom').textContent())!.replace(/\D/g, ''));
  const sheet = (await page.getByTestId('pdf-scroller').boundingBox())!;
  const [cx, cy] = [sheet.x + sheet.width / 2, sheet.y + sheet.height / 2];
  const before = await zoom();
  await page.mouse.move(cx, cy);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -300);
  await page.keyboard.up('Control');
  await expect.poll(zoom).toBeGreaterThan(before);
  const wheeled = await zoom();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 2 });
  const fingers = (d: number) => [
    { x: cx - d, y: cy, id: 1 },
    { x: cx + d, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(30) });
  for (const d of [45, 60, 75, 90]) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(d) });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await expect.poll(zoom).toBeGreaterThan(wheeled * 2);
  await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: false });

  // A damaged file and a PDF without pages: a clear message instead of the drawing.
  const unreadable = 'Die PDF-Datei kann nicht gelesen werden. Sie ist beschädigt oder keine gültige PDF-Datei.';
  for (const body of [Buffer.from('%PDF-1.4 kaputt'), pdfBytes('ohne Seiten')]) {
    await page.unrouteAll();
    await page.route('**/api/file/**/content?*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/pdf', body }),
    );
    await page.reload();
    await page.getByText('Werkplan 1. OG.pdf').first().click();
    await expect(page.getByText(unreadable)).toBeVisible({ timeout: 30_000 });
  }
});

test('the viewer start page; an assignee on a topic; BCF export and import through the topics panel', async ({
  loginAs,
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  fs.mkdirSync(shots, { recursive: true });
  await loginAs('reviewer', '/home/app/viewer');
  const table = page.getByTestId('review-units');
  await expect(table.getByRole('row').filter({ hasText: '1. OG' })).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: '3. OG' })).toBeVisible();
  await shot(page, 'viewer-start', { fullPage: true });
  await table
    .getByRole('row')
    .filter({ hasText: '1. OG' })
    .getByRole('link', { name: /Viewer/ })
    .click();
  await expect(page.getByRole('heading', { name: /Planprüfung: 1\. OG/ })).toBeVisible();

  // The assignee of a topic is chosen among the project's members and stays after a reload.
  const topic = page.getByTestId('topic').filter({ hasText: 'Innenwand ohne Öffnung' });
  const assignee = topic.getByRole('combobox', { name: 'Zuständig' });
  await assignee.click();
  // Another member than the one assigned now.
  const current = await assignee.inputValue();
  const options = page.getByRole('option');
  const option = (current ? options.filter({ hasNotText: current }) : options).first();
  const name = (await option.textContent())!.trim();
  await option.click();
  await expect(page.getByRole('option')).toHaveCount(0);
  await page.reload();
  await expect(
    page
      .getByTestId('topic')
      .filter({ hasText: 'Innenwand ohne Öffnung' })
      .getByRole('combobox', { name: 'Zuständig' }),
  ).toHaveValue(name);

  // Export: a .bcfzip download.
  const started = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'BCF exportieren' }).click(),
  ]);
  const archive = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(archive);
  testInfo.annotations.push({ type: 'BCF export of 1. OG (ms)', description: String(Date.now() - started) });
  expect(download.suggestedFilename()).toMatch(/\.bcfzip$/);
  expect(fs.readFileSync(archive).subarray(0, 2).toString()).toBe('PK');
  await shot(page, 'viewer-bcf-buttons');

  // Import into 3. OG: the topics of 1. OG appear there, with their assignee.
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '3. OG');
  await page.goto(`/home/app/viewer/${rootId}/${unit.projectUnitID}/view`);
  // The unit's topics as stored, and the panel showing all of them, before the imports.
  const stored = await page.request.get(`/api/viewer/${rootId}/${unit.projectUnitID}/topics`);
  const before = ((await stored.json()) as { data: unknown[] }).data.length;
  await expect(page.getByTestId('topic')).toHaveCount(before);
  const broken = testInfo.outputPath('kaputt.bcfzip');
  fs.writeFileSync(broken, 'kein Archiv');
  const input = page.locator('input[type=file][accept*=".bcfzip"]');
  await input.setInputFiles(broken);
  await expect(
    page.getByText('Die Datei ist kein lesbares BCF-Archiv (.bcfzip). Es wurde nichts importiert.'),
  ).toBeVisible();
  await expect(page.getByTestId('topic')).toHaveCount(before);
  await input.setInputFiles(archive);
  await expect(page.getByText(/Themen importiert, 0 bereits vorhanden/)).toBeVisible();
  const imported = page.getByTestId('topic').filter({ hasText: 'Innenwand ohne Öffnung' });
  await expect(imported).toBeVisible();
  await expect(imported.getByRole('combobox', { name: 'Zuständig' })).toHaveValue(name);
  // The copy is the reviewer's; who wrote the original and when is shown as provenance only.
  await expect(imported.getByTestId('topic-provenance').first()).toContainText(
    /^Aus BCF importiert; ursprünglich von .+ am .+/,
  );
  await imported.scrollIntoViewIfNeeded();
  await shot(imported, 'viewer-bcf-provenance');
  expect(await page.getByTestId('topic').count()).toBeGreaterThan(before);
  await shot(page, 'viewer-bcf-imported');
});

test('drawing review: markup on a PDF, a highlighted model element, revision, new version, approval', async ({
  loginAs,
  page,
}, testInfo) => {
  test.setTimeout(300_000);
  fs.mkdirSync(shots, { recursive: true });
  page.on('console', (m) => m.type() === 'error' && console.log('browser:', m.text()));
  page.on('pageerror', (e) => console.log('page error:', e.message));
  await loginAs('reviewer');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '1. OG');
  const viewer = `/home/app/viewer/${rootId}/${unit.projectUnitID}/view`;
  await page.goto(viewer);
  await expect(page.getByRole('heading', { name: /Planprüfung: 1\. OG/ })).toBeVisible();

  // PDF: first page rendered, then an area drawn on it becomes a topic.
  const started = Date.now();
  await page
    .getByRole('link', { name: /Werkplan 1\. OG\.pdf/ })
    .or(page.getByText('Werkplan 1. OG.pdf'))
    .first()
    .click();
  const firstPage = page.locator('[data-page="1"]');
  await expect(firstPage.locator('canvas[data-rendered="true"]')).toBeVisible({ timeout: 60_000 });
  testInfo.annotations.push({ type: 'first PDF page (ms)', description: String(Date.now() - started) });
  await page.getByLabel('Bereich markieren').click();
  const box = (await firstPage.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.45, { steps: 5 });
  await page.mouse.up();
  const form = page.getByTestId('topic-form');
  await form.getByLabel('Titel').fill('Deckendurchbruch fehlt');
  await form.getByLabel('Kommentar').fill('Bitte Durchbruch für Lüftung eintragen.');
  await form.getByLabel('Fällig am').fill('02.01.2025');
  await form.getByLabel('Schlagworte').fill('Lüftung');
  await form.getByLabel('Schlagworte').press('Enter');
  await form.getByRole('button', { name: 'Anmerkung anlegen' }).click();
  const raised = page.getByTestId('topic').filter({ hasText: 'Deckendurchbruch fehlt' });
  await expect(raised).toBeVisible();
  // Past its due date and open: flagged in words, not by colour alone.
  await expect(raised.getByTestId('topic-overdue')).toHaveText('Überfällig seit 02.01.2025');
  await expect(raised.getByText('Lüftung', { exact: true })).toBeVisible();
  await page.getByTestId('topic-filter-status').click();
  await page.getByRole('option', { name: 'erledigt' }).click();
  await expect(raised).toBeHidden();
  await expect(page.getByTestId('topics-shown')).toHaveText(
    /^(\d+ von \d+ Anmerkungen angezeigt|Keine Anmerkung passt zum Filter\.)$/,
  );
  await page.getByTestId('topic-filter-status').click();
  await page.getByRole('option', { name: 'offen' }).click();
  await expect(raised).toBeVisible();
  await shot(page.locator('.viewer-topics'), 'viewer-topics-filtered');
  // The drawing's key shortcuts work again once the filter field lets go of the focus.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  // The dialog has faded out before the page is photographed.
  await expect(form).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const pdfShot = await firstPage.screenshot({ path: `${shots}/viewer-pdf-markup.png` });
  // The markup's red outline is on the page.
  expect((await findColour(pdfShot, [224, 49, 49], 40)).count).toBeGreaterThan(200);

  // More markups by their keys: a revision cloud (drag), a polyline (clicks, Enter), a text (click, type, Enter).
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  const drag = async (from: readonly [number, number], to: readonly [number, number]) => {
    await page.mouse.move(...from);
    await page.mouse.down();
    await page.mouse.move(...to, { steps: 5 });
    await page.mouse.up();
  };
  const saveTopic = async (title: string) => {
    await form.getByLabel('Titel').fill(title);
    await form.getByRole('button', { name: 'Anmerkung anlegen' }).click();
    await expect(form).toBeHidden();
  };
  await page.keyboard.press('c');
  await drag(at(0.1, 0.55), at(0.3, 0.7));
  await saveTopic('Fenster geändert');
  await page.keyboard.press('p');
  for (const [x, y] of [
    [0.35, 0.6],
    [0.45, 0.52],
    [0.5, 0.68],
  ] as const)
    await page.mouse.click(...at(x, y));
  await page.keyboard.press('Enter');
  await saveTopic('Leitungsführung prüfen');
  await page.keyboard.press('t');
  await page.mouse.click(...at(0.1, 0.45));
  await page.getByTestId('markup-text-input').fill('Brüstung 1,10 m');
  await page.getByTestId('markup-text-input').press('Enter');
  await saveTopic('Brüstungshöhe');
  await expect(firstPage.locator('[data-kind="cloud"]')).toHaveCount(1);
  await expect(firstPage.locator('[data-kind="polyline"]')).toHaveCount(1);
  await expect(firstPage.locator('text[data-kind="text"]')).toHaveText('Brüstung 1,10 m');

  // Measuring asks for the page's scale first: 8 m over 40 % of the sheet's width, then 20 % measure 4 m.
  await page.keyboard.press('m');
  await page.mouse.click(...at(0.2, 0.85));
  await expect(page.getByTestId('pdf-needs-calibration')).toContainText('Seite 1 hat noch keinen Maßstab');
  await drag(at(0.2, 0.85), at(0.6, 0.85));
  const calibrate = page.getByTestId('calibration-form');
  // The sheet's title block states its scale; it is offered, but the known length is typed here.
  await expect(page.getByTestId('calibration-use-scale')).toHaveText('Maßstab des Plans verwenden (1:50)');
  await calibrate.getByLabel('Länge').fill('8');
  await calibrate.getByRole('button', { name: 'Maßstab speichern' }).click();
  await expect(calibrate).toBeHidden();
  await expect(page.getByTestId('pdf-needs-calibration')).toBeHidden();
  await drag(at(0.2, 0.8), at(0.4, 0.8));
  await expect(page.getByTestId('pdf-measure-result')).toHaveText(/^Seite 1: (3,9\d|4,0\d) m$/);
  await expect(firstPage.getByTestId('markup-length')).toHaveText(/^(3,9\d|4,0\d) m$/);
  const markupsShot = await page
    .getByTestId('viewer-centre')
    .screenshot({ path: `${shots}/viewer-pdf-markups-measure.png` });
  // The measure line in blue beside the red markups.
  expect((await findColour(markupsShot, [24, 100, 171], 40)).count).toBeGreaterThan(100);
  // On a phone the sheet's tools stay on the screen.
  const wide = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  const pdfTools = (await page.getByTestId('pdf-tools').boundingBox())!;
  expect(pdfTools.x + pdfTools.width).toBeLessThanOrEqual(390);
  await shot(page.getByTestId('viewer-centre'), 'viewer-pdf-tools-phone');
  await page.setViewportSize(wide);

  // IFC: the converted model opens; a topic's view highlights its wall in orange.
  const modelStarted = Date.now();
  await page.getByText('AC20-FZK-Haus.ifc').first().click();
  await expect(page.locator('[data-model-ready="true"]')).toBeVisible({ timeout: 120_000 });
  testInfo.annotations.push({ type: 'first model (ms)', description: String(Date.now() - modelStarted) });
  // Storey and category visibility: the FZK-Haus's two storeys, categories of elements only.
  // At this width the storeys and classes wait behind a button, so the model has the room.
  await expect(page.getByRole('checkbox', { name: 'Erdgeschoss' })).toBeHidden();
  await page.getByRole('button', { name: 'Geschosse und Bauteilklassen einblenden' }).click();
  await expect(page.getByRole('checkbox', { name: 'Erdgeschoss' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Dachgeschoss' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^WALLSTANDARDCASE/ })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^MATERIAL/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Geschosse und Bauteilklassen ausblenden' }).click();
  await expect(page.getByRole('checkbox', { name: 'Erdgeschoss' })).toBeHidden();
  await page
    .getByTestId('topic')
    .filter({ hasText: 'Innenwand ohne Öffnung' })
    .getByRole('button', { name: 'Ansicht zeigen' })
    .click();
  const orange = await waitForColour(
    page.getByTestId('model-canvas'),
    ORANGE,
    `${shots}/viewer-model-highlight.png`,
    (found) => found.count > 100,
  );
  // A click on the highlighted wall shows the element's name, type, GlobalId and properties.
  await page.getByTestId('model-canvas').click({ position: orange.front! });
  const properties = page.getByTestId('model-properties');
  await expect(properties.getByRole('row', { name: /GlobalId/ })).toBeVisible();
  await expect(properties.getByRole('row', { name: /GlobalId/ }).getByRole('cell')).toHaveText(/^[0-9A-Za-z_$]{22}$/);

  // 3D: a distance between two points of the model (the ground slab's front and the highlighted wall's foot),
  // found by their colours in the settled picture; then a section plane through the house.
  const canvas = page.getByTestId('model-canvas');
  await page.getByRole('button', { name: 'Abstand messen' }).click();
  const picture = await canvas.screenshot();
  const slab = (await findColour(picture, [49, 134, 38], 30)).front;
  const wall = (await findColour(picture, ORANGE)).front;
  expect(slab && wall).toBeTruthy();
  await canvas.click({ position: slab! });
  await canvas.click({ position: wall! });
  await expect(page.getByTestId('model-measure-result')).toHaveText(/^Abstand: \d+,\d\d m$/);
  await shot(canvas, 'viewer-model-measure');
  await page.getByRole('button', { name: 'Abstand messen' }).click();
  await page.getByRole('button', { name: 'Schnittebene' }).click();
  await expect(page.getByTestId('model-section-slider')).toBeVisible();
  // On a phone the tools stay within the model's width.
  const desktop = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByTestId('model-tools').scrollIntoViewIfNeeded();
  const tools = (await page.getByTestId('model-tools').boundingBox())!;
  expect(tools.x + tools.width).toBeLessThanOrEqual(390);
  await shot(page, 'viewer-model-section-phone');
  await page.setViewportSize(desktop);
  await page.getByRole('button', { name: 'Schnittebene' }).click();
  await shot(canvas, 'viewer-model-section');

  // The decision: request revision (open topics exist).
  await page.getByRole('button', { name: 'Überarbeitung anfordern' }).click();
  await page.getByTestId('confirm-decision').click();
  // The decision's mails and notifications go out with it: on a busy machine that takes a while.
  await expect(page.getByText('Entscheidung gespeichert.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await shot(page, 'viewer-after-request');

  // The drafter sees the topics, uploads the revised plan, submits.
  await loginAs('drafter', viewer);
  await expect(page.getByTestId('topic').filter({ hasText: 'Deckendurchbruch fehlt' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Überarbeitete Zeichnungen einreichen' });
  await expect(submit).toBeDisabled();
  const revised = testInfo.outputPath('Werkplan 1. OG.pdf');
  fs.writeFileSync(revised, planSet(1));
  await page.goto(`/home/app/project/details/${rootId}/${unit.projectUnitID}`);
  const card = page.getByTestId('project-files-card');
  await card.getByTestId('file-dropzone').locator('input[type=file]').setInputFiles(revised);
  await expect(card.getByTestId('upload-item').first()).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await page.goto(viewer);
  // The open topic comes along to the new version, marked with the version it was raised on.
  await expect(
    page
      .getByTestId('topic')
      .filter({ hasText: 'Deckendurchbruch fehlt' })
      .getByText(/^aus Version \d+$/),
  ).toBeVisible();
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText('Entscheidung gespeichert.')).toBeVisible({ timeout: 30_000 });

  // The reviewer's task leads to the viewer, where the decision is made.
  await loginAs('reviewer', `/home/app/project/details/${rootId}/${unit.projectUnitID}`);
  const tasks = page.getByTestId('project-tasks-panel');
  await expect(tasks.getByTestId('decide-in-viewer')).toBeVisible();
  await expect(tasks.getByRole('button', { name: 'Zeichnungen freigeben' })).toHaveCount(0);
  await tasks.getByRole('link', { name: 'Viewer öffnen' }).click();
  await expect(page).toHaveURL(new RegExp(`${viewer}$`));
  await page.getByRole('button', { name: 'Zeichnungen freigeben' }).click();
  // Approving past open topics is possible, but the dialog lists them first.
  const stillOpen = page.getByTestId('approve-open-topics');
  await expect(stillOpen).toContainText(/Diese \d+ Anmerkungen sind noch offen/);
  await expect(stillOpen).toContainText('Deckendurchbruch fehlt');
  // Each open topic needs a choice; approving one anyway needs a reason.
  const confirm = page.getByTestId('confirm-decision');
  await expect(confirm).toBeDisabled();
  const rows = stillOpen.getByTestId('open-topic-choice');
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    const accept = (await row.textContent())?.includes('Deckendurchbruch fehlt');
    await row.getByText(accept ? 'Trotzdem freigeben' : 'In nächste Überarbeitung übernehmen', { exact: true }).click();
  }
  await expect(confirm).toBeDisabled();
  await stillOpen.getByTestId('accept-comment').fill('Durchbruch folgt mit der TGA-Planung.');
  await expect(confirm).toBeEnabled();
  await shot(page.getByRole('dialog'), 'viewer-approve-open-topics');
  await confirm.click();
  await expect(page.getByText('Entscheidung gespeichert.')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Nur Ansicht: Die Zeichnungen sind freigegeben.')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The sign-off record of the approved version: the topic, the choice, the reason, the PDF.
  const signOff = page.getByTestId('sign-off');
  await expect(signOff).toContainText(
    'Deckendurchbruch fehlt — Trotzdem freigegeben: Durchbruch folgt mit der TGA-Planung.',
  );
  await expect(signOff.getByRole('link', { name: 'Freigabeprotokoll (PDF)' })).toBeVisible();
  await shot(page, 'viewer-approved');
});
