// The long tasks of a page while it opens, and what the browser did in them:
//   npx tsx scripts/bench/page-trace.mjs [sign-in | dashboard | details | order]
// Records a timeline trace in Debian's Chromium at 4× CPU throttling (as Lighthouse's mobile
// defaults) from navigation until the page's heading shows and the network is idle, and prints each
// main-thread task over 50 ms with the time of its parts (script evaluation, style sheet parsing,
// style recalculation, layout…) — the browser's own work that a JavaScript profile
// (page-profile.mjs) does not break down. The trace is not written anywhere.
import { chromium } from '@playwright/test';
import { budgetPages, demoApp, firstScreenReady, phoneContext } from './lib/demo-app.mjs';
import { CHROMIUM, ensureChromium } from '../lib/chromium.mjs';

const which = process.argv[2] ?? 'details';
ensureChromium();
const app = await demoApp();
const budget = await budgetPages(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
await firstScreenReady(address);
const paths = { 'sign-in': budget.signIn, dashboard: budget.dashboard, details: budget.details, order: budget.order };
if (!paths[which]) throw new Error(`unknown page ${which}: one of ${Object.keys(paths).join(', ')}`);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
const events = [];
try {
  const context = await phoneContext(browser, address, which !== 'sign-in');
  const page = await context.newPage();
  // A page of the same site first: the throttled renderer is the one that opens the page.
  await page.goto('/favicon.svg');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const done = new Promise((resolve) => cdp.on('Tracing.tracingComplete', resolve));
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,loading',
    transferMode: 'ReportEvents',
  });
  await page.goto(paths[which]);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  await cdp.send('Tracing.end');
  await done;
} finally {
  await browser.close();
  await app.close();
}

// The renderer's main thread: the thread of the navigation's first ParseHTML.
const parse = events.find((e) => e.name === 'ParseHTML');
const main = events.filter((e) => e.pid === parse?.pid && e.tid === parse?.tid && e.ph === 'X' && e.dur);
const start = Math.min(...main.map((e) => e.ts));
const tasks = main.filter((e) => e.name === 'RunTask' && e.dur > 50_000).sort((a, b) => a.ts - b.ts);
const inside = (task) => main.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur);
const label = (e) => {
  const url = e.args?.data?.url ?? e.args?.data?.styleSheetUrl ?? e.args?.beginData?.url ?? '';
  return `${e.name}${url ? ` ${url.replace(/^.*\/assets\//, '')}` : ''}`;
};
console.log(`${which}: main-thread tasks over 50 ms at 4× CPU throttling (ms from the first event)`);
let blocking = 0;
for (const task of tasks) {
  blocking += task.dur / 1000 - 50;
  console.log(`\n${((task.ts - start) / 1000).toFixed(0).padStart(6)} ms  task ${(task.dur / 1000).toFixed(0)} ms`);
  const parts = new Map();
  for (const e of inside(task)) {
    if (e.dur < 2_000) continue;
    const key = label(e);
    parts.set(key, (parts.get(key) ?? 0) + e.dur / 1000);
  }
  for (const [key, ms] of [...parts].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`         ${ms.toFixed(0).padStart(5)} ms  ${key}`);
}
console.log(`\nsum of the tasks' time over 50 ms: ${blocking.toFixed(0)} ms (Lighthouse's TBT counts it from FCP on)`);
