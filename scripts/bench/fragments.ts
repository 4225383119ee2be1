// Server-side IFC → fragments conversion of a fixture: wall time and the process's peak memory
// (the worker thread lives in this process), sampled every 20 ms.
// `--copies N` repeats the model's entities N times (renumbered) for a large model, e.g. 20 copies
// of the 2.5 MB fixture for a 50 MB IFC.
// Usage: npx tsx scripts/bench/fragments.ts [file.ifc] [--copies N]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { convertIfcToFragments, defaultConversionLimits } from '../../src/server/platform/ifc/fragments-convert';

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

// The converter takes a path (the worker reads the file); a repeated model is written to a scratch file first.
let input = file;
if (copies > 1) {
  input = path.join(os.tmpdir(), `bench-fragments-${process.pid}.ifc`);
  fs.writeFileSync(input, repeated(fs.readFileSync(file).toString('latin1'), copies), 'latin1');
}
const inputSize = fs.statSync(input).size;
const baseline = process.memoryUsage().rss;
let peak = baseline;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage().rss);
}, 20);
const started = performance.now();
const fragments = await convertIfcToFragments(input, inputSize, {
  ...defaultConversionLimits,
  maxInputBytes: Math.max(inputSize, defaultConversionLimits.maxInputBytes),
});
if (input !== file) fs.rmSync(input, { force: true });
const ms = performance.now() - started;
clearInterval(sampler);
const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
console.log(
  `${path.basename(file)}${copies > 1 ? ` × ${copies}` : ''}: ${mb(inputSize)} MB IFC → ${mb(fragments.byteLength)} MB fragments in ${(ms / 1000).toFixed(1)} s; ` +
    `peak RSS ${mb(peak)} MB (+${mb(peak - baseline)} MB over the idle process)`,
);
