// The drawing review in Chromium (software WebGL here): time from the click on a file to its
// first rendered PDF page and to the converted model on screen, the server's conversion of the
// FZK-Haus fixture, and the sizes of the viewer's lazy chunks. Median of RUNS page loads.
// Run: npx tsx scripts/bench/viewer.mjs [runs = 3]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { clientDir } from '../lib/build-client.mjs';
import { demoApp } from './lib/demo-app.mjs';
import { CHROMIUM } from '../lib/chromium.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const app = await demoApp();
// The approval lot of the demo whose drawing is "Werkplan 1. OG.pdf" (Bürogebäude Hafenkante).
const unit = await app.ctx.db
  .selectFrom('project_files as f')
  .innerJoin('project_units as u', 'u.project_unit_id', 'f.project_unit_id')
  .select(['u.project_unit_id', 'u.root_project_unit_id'])
  .where('f.name', '=', 'Werkplan 1. OG.pdf')
  .where('f.deleted_at', 'is', null)
  .executeTakeFirstOrThrow();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// The demo's models are converted in the background at start: wait until they are ready.
const convertStarted = performance.now();
for (;;) {
  const pending = await app.ctx.db
    .selectFrom('file_conversions')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', 'in', ['queued', 'converting'])
    .executeTakeFirstOrThrow();
  if (Number(pending.n) === 0) break;
  if (performance.now() - convertStarted > 300_000) throw new Error('conversions still running after 5 min');
  await new Promise((r) => setTimeout(r, 250));
}

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
const page = await context.newPage();
page.setDefaultTimeout(180_000);
const login = await page.request.post(`${address}/api/account/login`, {
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  data: { login: 'reviewer@demo.planport.test', password: 'Demo-2026' },
});
if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()}`);

const pdfTimes = [];
const modelTimes = [];
for (let i = 0; i < RUNS; i++) {
  await page.goto(`${address}/home/app/viewer/${unit.root_project_unit_id}/${unit.project_unit_id}/view`);
  await page.getByRole('heading', { name: /Planprüfung/ }).waitFor();
  let t = performance.now();
  await page.getByText('Werkplan 1. OG.pdf').first().click();
  await page.locator('[data-page="1"] canvas[data-rendered="true"]').waitFor();
  pdfTimes.push(performance.now() - t);
  t = performance.now();
  await page.getByText('AC20-FZK-Haus.ifc').first().click();
  await page.locator('[data-model-ready="true"]').waitFor();
  modelTimes.push(performance.now() - t);
}
await browser.close();
await app.close();

// The viewer's chunks: everything the viewer route loads beyond the first page.
const manifest = JSON.parse(fs.readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8'));
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = new Set();
(function collect(key) {
  if (initial.has(key)) return;
  initial.add(key);
  for (const imp of manifest[key]?.imports ?? []) collect(imp);
})(entry);
const lazy = Object.entries(manifest)
  .filter(
    ([key, c]) =>
      !initial.has(key) && c.file.endsWith('.js') && /viewer|pdf|fragments|three|web-ifc|thatopen/i.test(key),
  )
  .map(([key, c]) => {
    const buf = fs.readFileSync(path.join(clientDir, c.file));
    return { key, raw: buf.length, gz: zlib.gzipSync(buf, { level: 9 }).length };
  })
  .sort((a, b) => b.gz - a.gz);

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
console.log(
  `drawing review in Chromium (software WebGL), median of ${RUNS} (machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}):`,
);
console.log(
  `  click → first PDF page rendered: ${median(pdfTimes).toFixed(0)} ms (runs: ${pdfTimes.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `  click → converted model on screen: ${median(modelTimes).toFixed(0)} ms (runs: ${modelTimes.map((x) => x.toFixed(0)).join(', ')})`,
);
console.log(
  `  demo model conversions finished ${((performance.now() - convertStarted) / 1000).toFixed(1)} s after start (server, worker threads)`,
);
console.log('  lazy viewer chunks (not in the first page):');
for (const c of lazy.slice(0, 8))
  console.log(`    ${c.key}: ${(c.raw / 1024).toFixed(0)} KB raw, ${(c.gz / 1024).toFixed(0)} KB gz`);
