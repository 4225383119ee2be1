// The structure editor with 30 subprojects × 20 approval lots in Chromium with 4× CPU throttling (CPU_THROTTLE):
// the time to expand all 600 lots, and Interaction to Next Paint while typing into lot names and
// volumes (only the interactions of the edits; the clicks on "continue", "expand all" and "collapse all"
// are reported on their own), with where the slowest interactions spent their time (input delay,
// processing, presentation). Run: npx tsx scripts/bench/structure-editor.mjs [subprojects] [lots]
import os from 'node:os';
import { chromium } from '@playwright/test';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';
import { buildClientIfStale, clientDir } from '../lib/build-client.mjs';
import { CHROMIUM } from '../lib/chromium.mjs';

const SUBS = Number(process.argv[2] ?? 30);
const LOTS = Number(process.argv[3] ?? 20);
const EDITS = 20;
const THROTTLE = Number(process.env.CPU_THROTTLE ?? 4);

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
const root = await app.ctx.db
  .selectFrom('project_units')
  .select('project_unit_id')
  .where('title', '=', 'Wohnanlage Lindenhof')
  .executeTakeFirstOrThrow();
const address = await app.listen({ port: 0, host: '127.0.0.1' });

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ locale: 'de-DE', viewport: { width: 1400, height: 900 } });
page.setDefaultTimeout(300_000);
const login = await page.request.post(`${address}/api/account/login`, {
  headers: { 'X-Requested-With': 'XMLHttpRequest' },
  data: { login: 'planner@demo.planport.test', password: 'Demo-2026' },
});
if (login.status() !== 200) throw new Error(`sign-in failed: ${login.status()}`);

// A local draft of SUBS × LOTS, as if built earlier on this device.
const structure = {
  subProjects: Array.from({ length: SUBS }, (_, s) => ({
    id: `s${s}`,
    name: `Haus ${s + 1}`,
    expanded: false,
    approvalLots: Array.from({ length: LOTS }, (_, l) => ({
      id: `s${s}l${l}`,
      name: `Los ${l + 1}`,
      materials: [{ type: 'aac', volume: 10, deliveryDate: '2030-01-01' }],
    })),
  })),
};
await page.goto(`${address}/login`);
await page.evaluate(
  ([key, value]) => localStorage.setItem(key, value),
  [
    `planport.structure-draft.${root.project_unit_id}`,
    JSON.stringify({ structure, savedAt: new Date().toISOString(), tab: 'bench' }),
  ],
);

const cdp = await page.context().newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
await page.goto(`${address}/home/app/project/structure/${root.project_unit_id}`);
const continueDraft = page.getByRole('button', { name: 'Entwurf fortsetzen' });
await continueDraft.waitFor({ timeout: 120_000 });
// Every interaction's event timing entries; each belongs to the phase of the run it started in.
await page.evaluate(() => {
  const w = window;
  w.__phases = [{ name: 'continue', at: 0 }];
  w.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        w.__events.push({
          id: e.interactionId,
          name: e.name,
          start: e.startTime,
          processingStart: e.processingStart,
          processingEnd: e.processingEnd,
          duration: e.duration,
        });
  }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
});
const phase = (name) => page.evaluate((n) => window.__phases.push({ name: n, at: performance.now() }), name);
let t = Date.now();
await continueDraft.click();
await page
  .locator('[data-testid=subproject]')
  .nth(SUBS - 1)
  .waitFor();
const continueMs = Date.now() - t;
await page.waitForTimeout(300);
await phase('expand');
t = Date.now();
await page.getByRole('button', { name: 'Alle aufklappen' }).click();
await page
  .locator('[data-testid=approval-lot]')
  .nth(SUBS * LOTS - 1)
  .waitFor({ timeout: 120_000 });
const expandMs = Date.now() - t;

await page.waitForTimeout(300);
await phase('typing');
for (let i = 0; i < EDITS; i++) {
  const sub = page.locator('[data-testid=subproject]').nth(Math.floor((i * SUBS) / EDITS));
  const lot = sub.locator('[data-testid=approval-lot]').nth(i % LOTS);
  // Rows far below are built as they come near the visible area: scroll to the row first.
  await lot.scrollIntoViewIfNeeded();
  const field = i % 2 === 0 ? lot.getByLabel('Freigabelos', { exact: true }) : lot.getByLabel(/^Volumen/);
  await field.scrollIntoViewIfNeeded();
  await field.click();
  await page.keyboard.press('End');
  await page.keyboard.type(String(i % 10));
  await page.waitForTimeout(150);
}
await page.waitForTimeout(500);
await phase('collapse');
t = Date.now();
await page.getByRole('button', { name: 'Alle zuklappen' }).click();
await page.locator('[data-testid=approval-lot]').first().waitFor({ state: 'detached' });
const collapseMs = Date.now() - t;
await page.waitForTimeout(500);
/** One row per interaction: its longest entry, split into input delay, processing and presentation. */
const interactions = await page.evaluate(() => {
  const byId = new Map();
  const phaseAt = (start) => window.__phases.findLast((p) => p.at <= start).name;
  for (const e of window.__events) {
    const i = byId.get(e.id) ?? { phase: phaseAt(e.start), names: [], start: e.start, ps: Infinity, pe: 0, end: 0 };
    i.names.push(e.name);
    i.start = Math.min(i.start, e.start);
    i.ps = Math.min(i.ps, e.processingStart);
    i.pe = Math.max(i.pe, e.processingEnd);
    i.end = Math.max(i.end, e.start + e.duration);
    byId.set(e.id, i);
  }
  return [...byId.values()].map((i) => ({
    phase: i.phase,
    names: [...new Set(i.names)].join('/'),
    duration: i.end - i.start,
    delay: i.ps - i.start,
    processing: i.pe - i.ps,
    presentation: i.end - i.pe,
  }));
});
await browser.close();
await app.close();

const pct = (list, p) => (list.length === 0 ? 0 : list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))]);
console.log(
  `structure editor, ${SUBS} subprojects × ${LOTS} approval lots, Chromium with ${THROTTLE}× CPU throttling (machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}):`,
);
console.log(
  `  continue the local draft (collapsed): ${continueMs} ms; expand all (${SUBS * LOTS} lots): ${expandMs} ms; collapse all: ${collapseMs} ms`,
);
const ms = (n) => `${n.toFixed(0)} ms`;
const slowest = (p) => interactions.filter((i) => i.phase === p).sort((a, b) => b.duration - a.duration);
const click = (p) => (slowest(p)[0] ? ms(slowest(p)[0].duration) : '< 16 ms');
const typing = slowest('typing')
  .map((i) => i.duration)
  .sort((a, b) => a - b);
console.log(
  `  INP of the clicks: continue ${click('continue')}, expand all ${click('expand')}, collapse all ${click('collapse')}`,
);
console.log(
  `  INP while typing into lot names and volumes (${EDITS} edits; interactions ≥ 16 ms: ${typing.length}): p98 ${typing.length ? ms(pct(typing, 98)) : '< 16 ms'}, max ${typing.length ? ms(typing.at(-1)) : '< 16 ms'} (budget 200 ms)`,
);
const all = interactions.map((i) => i.duration).sort((a, b) => a - b);
console.log(`  all interactions of the run (${all.length}): p98 ${ms(pct(all, 98))}, max ${ms(all.at(-1) ?? 0)}`);
for (const i of slowest('typing').slice(0, 3))
  console.log(
    `  slow while typing: ${i.names} ${ms(i.duration)} = input delay ${ms(i.delay)} + processing ${ms(i.processing)} + presentation ${ms(i.presentation)}`,
  );
