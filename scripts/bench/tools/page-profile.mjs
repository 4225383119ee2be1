// Where a page's main-thread JavaScript time goes while it opens:
//   npx tsx scripts/bench/tools/page-profile.mjs [sign-in | dashboard | details | order]
// Records a CPU profile in Debian's Chromium at 4× CPU throttling (as Lighthouse's mobile
// defaults) from navigation until the page's heading shows and the network is idle, and prints the
// self time per package or source file and per function. With a build that has source maps,
// positions are mapped to the original sources:
//   npx vite build --sourcemap --outDir /tmp/dist-map && CLIENT_DIR=/tmp/dist-map npx tsx scripts/bench/tools/page-profile.mjs
// MODULE_EVALUATION=1 counts only what runs below a module's top level (the entry's evaluation and
// the code after its top-level awaits); TOP=<n> prints more functions. The profile is not written anywhere.
import { chromium } from '@playwright/test';
import { budgetPages, demoApp, phoneContext } from '../lib/demo-app.mjs';
import { originalFrame } from '../lib/source-names.mjs';
import { CHROMIUM, ensureChromium } from '../../lib/chromium.mjs';

const which = process.argv[2] ?? 'details';
const onlyModuleEvaluation = process.env.MODULE_EVALUATION === '1';
ensureChromium();
const app = await demoApp();
const budget = await budgetPages(app);
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const paths = { 'sign-in': budget.signIn, dashboard: budget.dashboard, details: budget.details, order: budget.order };
if (!paths[which]) throw new Error(`unknown page ${which}: one of ${Object.keys(paths).join(', ')}`);

const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
let profile;
try {
  const context = await phoneContext(browser, address, which !== 'sign-in');
  const page = await context.newPage();
  // One visit first: the profiled one finds the code in the HTTP cache, as a returning user does.
  await page.goto(paths[which]);
  await page.locator('h1').first().waitFor();
  await page.goto('about:blank');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto(paths[which]);
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle');
  ({ profile } = await cdp.send('Profiler.stop'));
} finally {
  await browser.close();
  await app.close();
}

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parentOf = new Map();
for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
/** The outermost JavaScript frame of a sample: a module's top level has no function name. */
function outermostScriptFrame(id) {
  let outer = null;
  for (let cur = id; cur !== undefined; cur = parentOf.get(cur))
    if (nodes.get(cur).callFrame.url) outer = nodes.get(cur).callFrame;
  return outer;
}
const selfTime = new Map();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));

const perSource = new Map();
const perFunction = new Map();
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
for (const [id, us] of selfTime) {
  const frame = nodes.get(id).callFrame;
  if (onlyModuleEvaluation && outermostScriptFrame(id)?.functionName !== '') continue;
  const { name, source } = originalFrame(frame);
  const parts = source.split('/');
  const pkg =
    source.startsWith('src/') || !source.includes('/')
      ? source
      : parts.slice(0, source.startsWith('@') ? 2 : 1).join('/');
  add(perSource, pkg, us);
  add(perFunction, `${name}  ${source}`, us);
}
const top = (map, n) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms  ${key}`)
    .join('\n');
console.log(`${which}, 4× CPU throttling${onlyModuleEvaluation ? ', module evaluation only' : ''}`);
console.log(`per package or file:\n${top(perSource, 25)}`);
console.log(`per function:\n${top(perFunction, Number(process.env.TOP ?? 30))}`);
