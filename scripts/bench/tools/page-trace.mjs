// The long tasks of a page while it opens, and what the browser did in them:
//   npx tsx scripts/bench/tools/page-trace.mjs [sign-in | dashboard | details | order]
// Records a timeline trace in Debian's Chromium at 4× CPU throttling (as Lighthouse's mobile
// defaults) from navigation until the page's heading shows and the network is idle, and prints each
// main-thread task over 50 ms with the time of its parts (script evaluation, style sheet parsing,
// style recalculation, layout…) — the browser's own work that a JavaScript profile
// (page-profile.mjs) does not break down — and, from the JavaScript samples recorded in the same
// trace, the functions that ran in the task (self time), the app's outermost functions they ran
// under, and the app's functions with the time of what they called (React components included). With a build that has source maps, names are the original ones:
//   npx vite build --sourcemap --outDir /tmp/dist-map && CLIENT_DIR=/tmp/dist-map npx tsx scripts/bench/tools/page-trace.mjs
// The trace is not written anywhere.
import { chromium } from '@playwright/test';
import { budgetPages, demoApp, firstScreenReady, phoneContext } from '../lib/demo-app.mjs';
import { originalFrame } from '../lib/source-names.mjs';
import { CHROMIUM, ensureChromium } from '../../lib/chromium.mjs';

const which = process.argv[2] ?? 'details';
// PAGE_TRACE_TOP=<n>: how many functions of each task to list by self time (6 unless told).
const SELF_TOP = Number(process.env.PAGE_TRACE_TOP ?? 6);
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
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,loading,disabled-by-default-v8.cpu_profiler',
    transferMode: 'ReportEvents',
  });
  await page.goto(paths[which]);
  await page.locator('h1').first().waitFor();
  // The server's first screen has the heading too: wait until the app has replaced it.
  await page.locator('#root[data-first-screen]').waitFor({ state: 'detached' });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
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
// The JavaScript samples of the main thread: [time µs, node id], and the nodes' frames and parents.
const profileNodes = new Map();
const parentOf = new Map();
const samples = [];
for (const profile of events.filter((e) => e.name === 'Profile' && e.pid === parse?.pid && e.tid === parse?.tid)) {
  let time = profile.args.data.startTime;
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.id === profile.id).sort((a, b) => a.ts - b.ts);
  for (const chunk of chunks) {
    const { cpuProfile = {}, timeDeltas = [] } = chunk.args.data;
    for (const node of cpuProfile.nodes ?? []) {
      profileNodes.set(node.id, node);
      if (node.parent !== undefined) parentOf.set(node.id, node.parent);
    }
    (cpuProfile.samples ?? []).forEach((id, i) => {
      time += timeDeltas[i] ?? 0;
      samples.push([time, id]);
    });
  }
}
const frameName = (id) => {
  const { name, source } = originalFrame(profileNodes.get(id).callFrame);
  return `${name} ${source}`;
};
/** Self time per function, and per outermost function of the app's own sources, within a task. */
function scriptTime(task) {
  const self = new Map();
  const app = new Map();
  const inclusive = new Map();
  const within = samples.filter(([t]) => t >= task.ts && t < task.ts + task.dur);
  within.forEach(([t, id], i) => {
    const ms = ((within[i + 1]?.[0] ?? t) - t) / 1000;
    const frame = profileNodes.get(id)?.callFrame;
    if (!frame || ['(idle)', '(program)', '(root)'].includes(frame.functionName)) return;
    const name = frameName(id);
    self.set(name, (self.get(name) ?? 0) + ms);
    let outer = null;
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parentOf.get(cur)) {
      const n = profileNodes.get(cur)?.callFrame.url ? frameName(cur) : '';
      if (!n.includes(' src/')) continue;
      outer = n;
      if (!seen.has(n)) inclusive.set(n, (inclusive.get(n) ?? 0) + ms);
      seen.add(n);
    }
    const key = outer ?? '(outside the app)';
    app.set(key, (app.get(key) ?? 0) + ms);
  });
  return { self, app, inclusive };
}

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
  const { self, app, inclusive } = scriptTime(task);
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .filter(([, ms]) => ms >= 2);
  if (self.size) console.log('         JavaScript, self time:');
  for (const [key, ms] of top(self, SELF_TOP)) console.log(`         ${ms.toFixed(0).padStart(5)} ms  ${key}`);
  if (app.size) console.log("         under the app's outermost functions:");
  for (const [key, ms] of top(app, 5)) console.log(`         ${ms.toFixed(0).padStart(5)} ms  ${key}`);
  if (inclusive.size) console.log("         the app's functions, with what they called:");
  for (const [key, ms] of top(inclusive, 10)) console.log(`         ${ms.toFixed(0).padStart(5)} ms  ${key}`);
}
console.log(`\nsum of the tasks' time over 50 ms: ${blocking.toFixed(0)} ms (Lighthouse's TBT counts it from FCP on)`);
