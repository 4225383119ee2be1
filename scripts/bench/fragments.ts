// Server-side IFC → fragments conversion of a fixture: wall time and the process's peak memory
// (the worker thread lives in this process), sampled every 20 ms.
// Usage: npx tsx scripts/bench/fragments.ts [file.ifc]
import fs from 'node:fs';
import path from 'node:path';
import { convertIfcToFragments } from '../../src/server/platform/ifc/fragments-convert';

const file = process.argv[2] ?? path.resolve(import.meta.dirname, '../../src/server/seed/fixtures/AC20-FZK-Haus.ifc');
const bytes = new Uint8Array(fs.readFileSync(file));
// The bytes move to the worker (transferred), so their size is read first.
const inputSize = bytes.byteLength;
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const started = performance.now();
const fragments = await convertIfcToFragments(bytes);
const ms = performance.now() - started;
clearInterval(sampler);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `${path.basename(file)}: ${mb(inputSize)} MB IFC → ${mb(fragments.byteLength)} MB fragments in ${(ms / 1000).toFixed(1)} s; ` +
    `peak RSS ${mb(peak)} MB (+${mb(peak - baseline)} MB over the idle process)`,
);
