// Lighthouse (mobile defaults: Moto G power emulation, slow 4G, 4× CPU throttling) on the four pages
// of the budget — sign-in, dashboard, project details and the order page — in Debian's Chromium,
// against the built client served by the app with demo data on the embedded database.
// Budget (issue 19): performance ≥ 90 and accessibility 100; LCP ≤ 2.5 s, TBT ≤ 200 ms, CLS ≤ 0.1.
// Run: npx tsx scripts/bench/lighthouse.mjs [runs per page = 1]   (exit code 1 when a budget is missed)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { budgetPages, demoApp, firstScreenReady } from './lib/demo-app.mjs';
import { CHROMIUM, ensureChromium } from '../lib/chromium.mjs';
import { cpuReference, describeCpuReference } from './lib/cpu-reference';

const RUNS = Number(process.argv[2] ?? 1);
const THROTTLING = process.env.LIGHTHOUSE_THROTTLING;
// LIGHTHOUSE_JSON_DIR=<dir> keeps every run's full report (<page>-<run>.json) for a closer look.
const JSON_DIR = process.env.LIGHTHOUSE_JSON_DIR;
if (JSON_DIR) fs.mkdirSync(JSON_DIR, { recursive: true });
// Lighthouse's own threshold (core/gather/driver/environment.js) for its slow-host warning.
const SLOW_HOST_INDEX = 1000;
const BUDGET = { performance: 90, accessibility: 100, lcp: 2500, tbt: 200, cls: 0.1 };

ensureChromium();
const app = await demoApp();
const paths = await budgetPages(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
await firstScreenReady(address);

const signIn = await fetch(`${address}/api/account/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
  body: JSON.stringify({ login: 'planner@demo.planport.test', password: 'Demo-2026' }),
});
if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status}`);
const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];

// LIGHTHOUSE_PAGES=details,order: only the pages whose label contains one of the words.
const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
const pages = [
  { label: 'sign-in', path: paths.signIn, signedIn: false },
  { label: 'dashboard', path: paths.dashboard, signedIn: true },
  { label: 'project details', path: paths.details, signedIn: true },
  { label: 'order page', path: paths.order, signedIn: true },
].filter((page) => !only || only.some((word) => page.label.includes(word)));

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const rows = [];
try {
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      // A trace that could not be recorded (Lighthouse says to run again) is retried twice.
      let lhr;
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(`${address}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          // LIGHTHOUSE_THROTTLING=devtools: the slow network and CPU applied in the browser while the
          // page loads, instead of simulated from an unthrottled load (Lighthouse's default).
          ...(THROTTLING ? { throttlingMethod: THROTTLING } : {}),
          extraHeaders: page.signedIn ? { Cookie: cookie } : undefined,
        });
        lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${page.path}`);
        if (!lhr.runtimeError) break;
        if (attempt === 3) throw new Error(`${page.path}: ${lhr.runtimeError.message}`);
      }
      if (JSON_DIR)
        fs.writeFileSync(path.join(JSON_DIR, `${page.label.replace(/\W+/g, '-')}-${i + 1}.json`), JSON.stringify(lhr));
      if (new URL(lhr.finalDisplayedUrl).pathname !== page.path)
        throw new Error(`${page.path} ended on ${lhr.finalDisplayedUrl} (not signed in?)`);
      runs.push({
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
        tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
        cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
        fcp: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
        // Lighthouse's measure of this machine's CPU, taken with every run: its 4× slowdown is meant
        // for hosts of about 1,500 and over; below 1,000 it warns that the figures come out worse.
        benchmarkIndex: lhr.environment.benchmarkIndex,
        // What moved, for a CLS over budget: the elements Lighthouse names with their share.
        shifts: (lhr.audits['layout-shifts']?.details?.items ?? [])
          .slice(0, 3)
          .map((item) => `${item.node?.selector ?? item.node?.nodeLabel ?? '?'} (${Number(item.score).toFixed(3)})`),
      });
    }
    // The median run by performance score.
    runs.sort((a, b) => a.performance - b.performance);
    rows.push({ label: page.label, ...runs[Math.floor(runs.length / 2)] });
  }
} finally {
  chrome.kill();
  await app.close();
}

const misses = [];
console.log(
  `Lighthouse 12 (mobile defaults${THROTTLING ? `, ${THROTTLING} throttling` : ''}), Debian Chromium, median of ${RUNS} run(s) per page (machine: ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)}):`,
);
console.log('page              performance  accessibility   FCP ms   LCP ms   TBT ms    CLS  CPU index');
for (const r of rows) {
  const miss = [
    r.performance < BUDGET.performance && 'performance',
    r.accessibility < BUDGET.accessibility && 'accessibility',
    r.lcp > BUDGET.lcp && 'LCP',
    r.tbt > BUDGET.tbt && 'TBT',
    r.cls > BUDGET.cls && 'CLS',
  ].filter(Boolean);
  if (miss.length) misses.push(`${r.label}: ${miss.join(', ')}`);
  console.log(
    `${r.label.padEnd(18)}${String(r.performance).padStart(11)}  ${String(r.accessibility).padStart(13)}  ${r.fcp.toFixed(0).padStart(7)}  ${r.lcp.toFixed(0).padStart(7)}  ${r.tbt.toFixed(0).padStart(7)}  ${r.cls.toFixed(3).padStart(6)}  ${r.benchmarkIndex.toFixed(0).padStart(9)}${miss.length ? `   missed: ${miss.join(', ')}` : ''}`,
  );
  if (r.cls > BUDGET.cls) console.log(`${''.padEnd(18)}layout shifts: ${r.shifts.join(', ')}`);
}
console.log(
  `budget: performance ≥ ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, LCP ≤ ${BUDGET.lcp} ms, TBT ≤ ${BUDGET.tbt} ms, CLS ≤ ${BUDGET.cls} — ${misses.length ? `missed on ${misses.join('; ')}` : 'met'}`,
);
const slowHost = rows.filter((r) => r.benchmarkIndex < SLOW_HOST_INDEX);
if (slowHost.length)
  console.log(
    `note: Lighthouse's CPU index of this machine was below ${SLOW_HOST_INDEX} on ${slowHost.map((r) => r.label).join(', ')}: Lighthouse warns that a host this slow makes performance figures worse than on the device its mobile defaults stand for`,
  );
// The machine's own figures beside Lighthouse's CPU index: TBT moves with the cost of fresh memory
// (the page's heap and layout) at least as much as with the speed of arithmetic.
console.log(describeCpuReference(cpuReference()));
process.exitCode = misses.length ? 1 : 0;
