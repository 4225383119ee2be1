// A 1,000-row AAC order in Chromium with 4× CPU throttling: Interaction to Next Paint while
// editing cells (PerformanceObserver 'event' entries) and the summary recomputation time
// (the table's 'order-summary' User Timing measures). Run: CLIENT_DIR=dist/client npx tsx scripts/bench/order-table.mjs [rows]
import os from 'node:os';
import { chromium } from '@playwright/test';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';
import { buildClientIfStale, clientDir } from '../lib/build-client.mjs';
import { CHROMIUM } from '../lib/chromium.mjs';

const ROWS = Number(process.argv[2] ?? 1000);
const EDITS = 20;

buildClientIfStale();
const config = loadConfig({
  ...process.env,
  DATA_DIR: 'memory://',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: clientDir,
  SEED_DEMO: 'true',
  NODE_ENV: 'production',
});
const app = await buildApp(config, { logger: false });
await seedDemoIfEmpty(app.ctx.db);

// The demo AAC order lot, filled with ROWS rows over the catalogue's products and lengths.
const lot = await app.ctx.db
  .selectFrom('project_units')
  .select(['project_unit_id', 'root_project_unit_id', 'tenant_id'])
  .where('project_unit_type', '=', 'aacorderlot')
  .where('state_key', '=', 'PlaceOrder')
  .executeTakeFirstOrThrow();
const products = await app.ctx.db
  .selectFrom('aac_products')
  .selectAll()
  .where('tenant_id', '=', lot.tenant_id)
  .where('active', '=', true)
  .execute();
await app.ctx.db.deleteFrom('aac_order_items').where('project_unit_id', '=', lot.project_unit_id).execute();
const rooms = ['Wohnen', 'Küche', 'Bad', 'Flur', 'Schlafen', 'Kind 1', 'Kind 2', 'HWR'];
const values = Array.from({ length: ROWS }, (_, i) => {
  const p = products[i % products.length];
  const steps = (p.max_length_mm - p.min_length_mm) / 20;
  return {
    project_unit_id: lot.project_unit_id,
    item_index: i + 1,
    sublot_name: rooms[i % rooms.length],
    floor_name: ['KG', 'EG', 'OG', 'DG'][Math.floor(i / 250) % 4],
    aac_product_id: p.aac_product_id,
    item_length: (p.min_length_mm + (process.env.FEW_LENGTHS ? (i % 4) * 500 : ((i * 7) % (steps + 1)) * 20)) / 1000,
    qty: 1 + (i % 12),
    created_by: null,
  };
});
for (let i = 0; i < values.length; i += 200)
  await app.ctx.db
    .insertInto('aac_order_items')
    .values(values.slice(i, i + 200))
    .execute();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
const login = await page.request.post(`${address}/api/account/login`, {
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  data: { login: 'customer@demo.planport.test', password: 'Demo-2026' },
});
if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()}`);

const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

const started = Date.now();
await page.goto(`${address}/home/app/project/details/${lot.root_project_unit_id}/${lot.project_unit_id}/order`);
await page.getByLabel('Anzahl 1', { exact: true }).waitFor({ timeout: 120_000 });
const loadMs = Date.now() - started;

await page.evaluate(() => {
  const w = window;
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId) w.__events.push({ id: e.interactionId, name: e.name, duration: e.duration });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
  performance.clearMeasures('order-summary');
});

// Edit quantities spread over the table: focus the cell, type a digit (each key is an interaction).
for (let i = 0; i < EDITS; i++) {
  const index = 1 + Math.floor((i * (ROWS - 1)) / EDITS);
  // The table renders the rows in view: scroll its container to the row first.
  await page
    .getByTestId('aac-order-table-scroll')
    .evaluate((el, top) => el.scrollTo({ top }), Math.max(0, (index - 3) * 40));
  const cell = page.getByLabel(`Anzahl ${index}`, { exact: true });
  await cell.waitFor();
  await cell.click();
  await page.keyboard.press('End');
  await page.keyboard.type(String(i % 10));
  await page.waitForTimeout(150);
}
await page.waitForTimeout(500);

const result = await page.evaluate(() => {
  const w = window;
  const byInteraction = new Map();
  for (const e of w.__events) byInteraction.set(e.id, Math.max(byInteraction.get(e.id) ?? 0, e.duration));
  const summaries = performance.getEntriesByName('order-summary', 'measure').map((m) => m.duration);
  return {
    interactions: [...byInteraction.values()].sort((a, b) => a - b),
    summaries: summaries.sort((a, b) => a - b),
  };
});
await browser.close();
await app.close();

const pct = (list, p) => (list.length === 0 ? 0 : list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]);
const inp = result.interactions.length === 0 ? '< 16' : pct(result.interactions, 98).toFixed(0);
console.log(
  `order table, ${ROWS} rows, Chromium with 4× CPU throttling (machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}):`,
);
console.log(`  first render of the table: ${loadMs} ms`);
console.log(
  `  INP while editing cells (${EDITS} edits; interactions ≥ 16 ms: ${result.interactions.length}): ${inp} ms (max ${result.interactions.at(-1)?.toFixed(0) ?? '< 16'} ms; budget 200 ms)`,
);
console.log(
  `  summary recomputation (${result.summaries.length} runs): median ${pct(result.summaries, 50).toFixed(2)} ms, p90 ${pct(result.summaries, 90).toFixed(2)} ms, max ${(result.summaries.at(-1) ?? 0).toFixed(2)} ms (budget 16 ms)`,
);
