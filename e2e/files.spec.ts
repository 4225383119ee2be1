import fs from 'node:fs';
import { listZipEntries } from '../src/server/modules/files/zip-reader.test-helper';
import { expect, test } from './fixtures';
import { findUnit, interceptTus, pdfBytes, sha256, writeIfc } from './files-helpers';
import { expectNoAxeViolations } from './profile-helpers';
import { shot } from './shots';

const MB = 1024 * 1024;
/** The browser sends uploads in chunks of this size (src/client/features/files/api/upload-file.ts). */
const CHUNK = 32 * MB;

test('project files: upload two files with progress, interrupt and resume one, download the selection as a zip', async ({
  loginAs,
  page,
}, testInfo) => {
  await loginAs('planner');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '2. OG');
  await page.goto(`/home/app/project/details/${rootId}/${unit.projectUnitID}`);
  const card = page.getByTestId('project-files-card');
  await expect(card.getByTestId('file-row')).toHaveCount(1);
  await expect(card).toContainText('Vorabzug 2. OG.pdf');

  // Two files at once: a 40 MB model (two chunks) and a new version of the existing plan.
  const ifcPath = testInfo.outputPath('Modell 2. OG.ifc');
  const ifc = writeIfc(ifcPath, 40 * MB);
  const pdf = pdfBytes('Vorabzug, zweite Fassung');
  const pdfPath = testInfo.outputPath('Vorabzug 2. OG.pdf');
  fs.writeFileSync(pdfPath, pdf);
  const tus = await interceptTus(page, CHUNK);
  await card.getByTestId('file-dropzone').locator('input[type=file]').setInputFiles([ifcPath, pdfPath]);
  const items = card.getByTestId('upload-item');
  await expect(items).toHaveCount(2);
  const model = items.filter({ hasText: 'Modell 2. OG.ifc' });
  // Attached, not visible: at 0 % the bar's filled section has no width yet.
  await expect(model.getByRole('progressbar')).toBeAttached();
  // The small plan may already be done (then it is version 2 in the table) before this looks.
  await expect(
    items
      .filter({ hasText: 'Vorabzug 2. OG.pdf' })
      .getByRole('progressbar')
      .or(card.getByTestId('file-row').filter({ hasText: 'Vorabzug 2. OG.pdf' }).getByRole('button', { name: 'v2' }))
      .first(),
  ).toBeAttached();

  // The first chunk is on the server, the second is under way: interrupt it.
  await tus.holding;
  await expect(model).toHaveAttribute('data-status', 'uploading');
  await expect(model.getByTestId('upload-progress-text')).toContainText('%');
  await shot(card, 'upload-progress');
  await model.getByRole('button', { name: 'Anhalten' }).click();
  tus.release();
  await expect(model).toHaveAttribute('data-status', 'paused');
  await expect(model.getByTestId('upload-progress-text')).toContainText('Angehalten');
  const uploadUrl = tus.calls.find((c) => c.method === 'PATCH' && c.offset === CHUNK)!.url;
  const head = await page.request.head(uploadUrl, {
    headers: { 'Tus-Resumable': '1.0.0', 'X-Requested-With': 'XMLHttpRequest' },
  });
  expect(head.status()).toBe(200);
  expect(Number(head.headers()['upload-offset'])).toBe(CHUNK);

  // Resumed: it asks the server for the offset and sends only the rest.
  await model.getByRole('button', { name: 'Fortsetzen' }).click();
  await expect(model).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const modelCalls = tus.calls.filter((c) => c.url === uploadUrl);
  const patches = modelCalls.filter((c) => c.method === 'PATCH').map((c) => c.offset);
  expect(patches).toEqual([0, CHUNK, CHUNK]);
  expect(modelCalls.findIndex((c) => c.method === 'HEAD')).toBeGreaterThan(
    modelCalls.findIndex((c) => c.method === 'PATCH' && c.offset === CHUNK),
  );

  // Both files in the card; the plan now has two versions.
  await expect(card.getByTestId('file-row')).toHaveCount(2);
  const modelRow = card.getByTestId('file-row').filter({ hasText: 'Modell 2. OG.ifc' });
  await expect(modelRow).toContainText('v1');
  await expect(modelRow).toContainText('40 MB');
  const planRow = card.getByTestId('file-row').filter({ hasText: 'Vorabzug 2. OG.pdf' });
  await planRow.getByRole('button', { name: 'v2' }).click();
  await expect(card.getByRole('link', { name: 'Version 1' })).toBeVisible();
  await shot(card, 'files-card');
  await expectNoAxeViolations(page, 'files card de');

  // Download the unit's files as one zip.
  await page.getByRole('button', { name: 'Ausgewählte Dateien herunterladen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Dateien herunterladen' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: `${unit.projectUnitNo} – 2. OG` }).check();
  await expect(dialog.getByTestId('download-total')).toContainText('2 Dateien ausgewählt');
  await expectNoAxeViolations(page, 'download dialog de');
  await shot(dialog, 'download-dialog');
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Herunterladen', exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/Bürogebäude Hafenkante\.zip$/);
  await expect(dialog).toBeHidden();

  const entries = await listZipEntries(fs.readFileSync((await download.path())!));
  const folder = `${unit.projectUnitNo} - 2. OG`;
  expect(entries.map((e) => e.name).sort()).toEqual([`${folder}/Modell 2. OG.ifc`, `${folder}/Vorabzug 2. OG.pdf`]);
  const byName = new Map(entries.map((e) => [e.name, e.data]));
  expect(sha256(byName.get(`${folder}/Modell 2. OG.ifc`)!)).toBe(sha256(ifc));
  expect(byName.get(`${folder}/Vorabzug 2. OG.pdf`)!.equals(pdf)).toBe(true);
});

test('the tenant admin narrows the file policy, the upload area follows, and the defaults come back', async ({
  loginAs,
  page,
}) => {
  await loginAs('admin', '/home/app/admin/file-policy');
  await expect(page.getByRole('heading', { name: 'Dateirichtlinie' })).toBeVisible();
  await expect(page.getByTestId('file-policy-default')).toBeVisible();
  const save = page.getByRole('button', { name: 'Speichern' });
  await expect(save).toBeDisabled();
  // The defaults allow 2 GB per file; IFC models keep the converter's limit, which the page states.
  await expect(page.getByTestId('file-policy-model-cap')).toContainText('IFC-Modelle bleiben auf 512 MB begrenzt');
  await shot(page, 'file-policy-model-cap');
  await expectNoAxeViolations(page, 'file policy de');

  // Nothing allowed is refused in the form, before the server is asked.
  for (const kind of await page.getByRole('checkbox').all()) await kind.uncheck();
  await expect(page.getByText('Wählen Sie mindestens einen Dateityp.')).toBeVisible();
  await expect(save).toBeDisabled();

  await page.getByRole('checkbox', { name: 'PDF-Dokumente' }).check();
  await page.getByRole('checkbox', { name: 'IFC-Modelle' }).check();
  const size = page.getByRole('textbox', { name: 'Höchstgröße je Datei' });
  await size.fill('20000');
  await expect(page.getByText('Die Höchstgröße muss zwischen 1 MB und 10 GB liegen.')).toBeVisible();
  await size.fill('5');
  await expect(page.getByTestId('file-policy-model-cap')).toBeHidden();
  await save.click();
  await expect(page.getByText('Die Dateirichtlinie wurde gespeichert.')).toBeVisible();
  await expect(page.getByTestId('file-policy-default')).toBeHidden();

  // Signing in again replaces the session.
  await loginAs('planner');
  const { rootId, unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '2. OG');
  await page.goto(`/home/app/project/details/${rootId}/${unit.projectUnitID}`);
  await expect(page.getByTestId('file-dropzone')).toContainText('Erlaubt: pdf, ifc · bis 5 MB je Datei');

  await loginAs('admin', '/home/app/admin/file-policy');
  await expect(page.getByRole('checkbox', { name: 'PNG-Bilder' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Standardwerte wiederherstellen' }).click();
  await expect(page.getByText('Die Standardwerte gelten wieder.')).toBeVisible();
  await expect(page.getByTestId('file-policy-default')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'PNG-Bilder' })).toBeChecked();
});

test('the tenant admin sees the storage used against the quota, announced uploads included, with a warning from 80 %', async ({
  loginAs,
  page,
}) => {
  const xhr = { 'X-Requested-With': 'XMLHttpRequest' };
  const usageUrl = '/api/data/portal/file-policy/usage';
  await loginAs('admin', '/home/app/admin/file-policy');
  const card = page.getByTestId('storage-usage');
  await expect(card.getByRole('heading', { name: 'Speicherplatz' })).toBeVisible();
  // The demo data's files count from the first start; numbers in German.
  const before = (await (await page.request.get(usageUrl)).json()) as {
    storedBytes: number;
    storedFiles: number;
    quotaBytes: number;
  };
  expect(before.storedFiles).toBeGreaterThan(0);
  await expect(card).toContainText(`Dateien: ${before.storedFiles.toLocaleString('de-DE')} von 100.000`);
  await expect(card).toContainText('von 50 GB');
  await expect(page.getByTestId('storage-usage-warning')).toHaveCount(0);

  // 10 GB per file, so five announced uploads can take the tenant to 85 % of its quota (drawings:
  // models stay bounded by what the converter accepts).
  const policy = (await (await page.request.get('/api/data/portal/file-policy')).json()) as { allowedKinds: string[] };
  const GB10 = 10 * 1024 ** 3;
  const put = await page.request.put('/api/data/portal/file-policy', {
    headers: xhr,
    data: { allowedKinds: policy.allowedKinds.filter((kind) => kind !== 'ifc'), maxFileSizeBytes: GB10 },
  });
  expect(put.status()).toBe(200);

  await loginAs('planner');
  const { unit } = await findUnit(page.request, 'Bürogebäude Hafenkante', '2. OG');
  let missing = Math.ceil(before.quotaBytes * 0.85) - before.storedBytes;
  const locations: string[] = [];
  const b64 = (s: string) => Buffer.from(s).toString('base64');
  for (let i = 0; missing > 0; i++) {
    const size = Math.min(GB10, missing);
    const created = await page.request.post('/api/file/uploads', {
      headers: {
        ...xhr,
        'Tus-Resumable': '1.0.0',
        'Upload-Length': String(size),
        'Upload-Metadata': `filename ${b64(`Gesamtplan ${i}.pdf`)},unitId ${b64(String(unit.projectUnitID))}`,
      },
    });
    expect(created.status()).toBe(201);
    locations.push(created.headers()['location']!);
    missing -= size;
  }
  await loginAs('admin', '/home/app/admin/file-policy');
  await expect(page.getByTestId('storage-usage-warning')).toContainText('85 % des Kontingents sind belegt.');
  await expect(card).toContainText(`Davon für laufende Uploads reserviert:`);
  await expect(card).toContainText(`in ${locations.length} Uploads`);
  await expectNoAxeViolations(page, 'storage usage warning de');
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'storage-usage', { fullPage: true });

  // Cancelled uploads give their space back.
  await loginAs('planner');
  for (const location of locations) {
    const res = await page.request.delete(location, { headers: { ...xhr, 'Tus-Resumable': '1.0.0' } });
    expect(res.status()).toBe(204);
  }
  await loginAs('admin', '/home/app/admin/file-policy');
  await expect(card).toContainText(`Dateien: ${before.storedFiles.toLocaleString('de-DE')} von 100.000`);
  await expect(page.getByTestId('storage-usage-warning')).toHaveCount(0);
  expect((await page.request.delete('/api/data/portal/file-policy', { headers: xhr })).status()).toBe(200);
});
