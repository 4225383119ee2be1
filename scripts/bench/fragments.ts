// Server-side IFC → fragments conversion of a fixture: wall time and the process's peak memory
// (the worker thread lives in this process), sampled every 20 ms.
// `--copies N` repeats the model's entities N times (renumbered) for a large model, e.g. 20 copies
// of the 2.5 MB fixture for a 50 MB IFC.
// Usage: npx tsx scripts/bench/fragments.ts [file.ifc] [--copies N]
import fs from 'node:fs';
import path from 'node:path';
import { convertIfcToFragments } from '../../src/server/platform/ifc/fragments-convert';

const args = process.argv.slice(2);
const copiesAt = args.indexOf('--copies');
const copies = copiesAt >= 0 ? Number(args.splice(copiesAt, 2)[1]) : 1;
const file = args[0] ?? path.resolve(import.meta.dirname, '../../src/server/seed/fixtures/AC20-FZK-Haus.ifc');

/** The STEP file with its DATA section's entities repeated `n` times, each copy's ids shifted. */
function repeated(text: string, n: number): string {
  const start = text.indexOf('DATA;') + 'DATA;'.length;
  const end = text.lastIndexOf('ENDSEC;');
  const data = text.slice(start, end);
  let maxId = 0;
  for (const m of data.matchAll(/#(\d+)/g)) maxId = Math.max(maxId, Number(m[1]));
  const parts = [text.slice(0, start)];
  for (let k = 0; k < n; k++)
    parts.push(k === 0 ? data : data.replace(/#(\d+)/g, (_, id: string) => `#${Number(id) + k * maxId}`));
  parts.push(text.slice(end));
  return parts.join('');
}

const source = fs.readFileSync(file);
const bytes = new Uint8Array(copies > 1 ? Buffer.from(repeated(source.toString('latin1'), copies), 'latin1') : source);
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
  `${path.basename(file)}${copies > 1 ? ` × ${copies}` : ''}: ${mb(inputSize)} MB IFC → ${mb(fragments.byteLength)} MB fragments in ${(ms / 1000).toFixed(1)} s; ` +
    `peak RSS ${mb(peak)} MB (+${mb(peak - baseline)} MB over the idle process)`,
);
