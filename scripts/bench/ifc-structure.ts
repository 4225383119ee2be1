// IFC structure of the 2.5 MB AC20-FZK-Haus model through the worker thread (as the endpoint runs it):
// wall time per run and the process's peak resident memory while parsing (sampled every 10 ms).
// Run: npx tsx scripts/bench/ifc-structure.ts [runs]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runIfcStructure } from '../../src/server/platform/ifc/structure-runner';

const RUNS = Number(process.argv[2] ?? 5);
const file = path.resolve(import.meta.dirname, '../../src/server/seed/fixtures/AC20-FZK-Haus.ifc');
const bytes = new Uint8Array(fs.readFileSync(file));

const mb = (n: number) => (n / 1024 / 1024).toFixed(0);
const times: number[] = [];
const peaks: number[] = [];
let maxLoopDelay = 0;
const baseline = process.memoryUsage().rss;
for (let i = 0; i < RUNS; i++) {
  let peak = process.memoryUsage().rss;
  let last = performance.now();
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    const now = performance.now();
    // The event loop must stay free while the worker parses.
    maxLoopDelay = Math.max(maxLoopDelay, now - last - 10);
    last = now;
  }, 10);
  const started = performance.now();
  const result = await runIfcStructure(file);
  times.push(performance.now() - started);
  clearInterval(sampler);
  peaks.push(peak);
  if (!result.ok) throw new Error(`run ${i + 1}: ${result.reason}`);
}
times.sort((a, b) => a - b);
console.log(
  `IFC structure, ${path.basename(file)} (${(bytes.length / 1024 / 1024).toFixed(1)} MB), ${RUNS} runs (machine: ${os.cpus().length} CPUs, load average ${(os.loadavg()[0] ?? 0).toFixed(1)}):`,
);
console.log(
  `  time per model (worker start, web-ifc init, parse): median ${times[Math.floor(times.length / 2)]?.toFixed(0)} ms, min ${times[0]?.toFixed(0)} ms, max ${times.at(-1)?.toFixed(0)} ms`,
);
console.log(
  `  process memory: ${mb(baseline)} MB before, peak ${mb(Math.max(...peaks))} MB while parsing (+${mb(Math.max(...peaks) - baseline)} MB)`,
);
console.log(`  longest event-loop stall in the main thread meanwhile: ${maxLoopDelay.toFixed(0)} ms`);
