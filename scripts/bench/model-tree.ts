// Model tree generation for the FZK-Haus fixture (GET api/view/{unitId}/{unitId}.json, first call).
//   npx tsx scripts/bench/model-tree.ts [runs=5]
// Times the whole worker round trip (start, parse, answer) and the parse alone on this thread.
import fs from 'node:fs';
import path from 'node:path';
import { generateModelTree } from '../../src/server/platform/ifc/model-tree';
import { parseModelTree } from '../../src/server/platform/ifc/model-tree-parse';

const runs = Number(process.argv[2] ?? 5);
const file = path.join(import.meta.dirname, '../../src/server/seed/fixtures/AC20-FZK-Haus.ifc');
const bytes = fs.readFileSync(file);

const worker: number[] = [];
const parse: number[] = [];
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const tree = await generateModelTree(file, bytes.length, 'AC20-FZK-Haus.ifc');
  worker.push(performance.now() - t);
  t = performance.now();
  parseModelTree(bytes.toString('latin1'), 'AC20-FZK-Haus.ifc');
  parse.push(performance.now() - t);
  if (i === 0) console.log(`floors ${tree.children.length}, walls ${tree.children.flatMap((f) => f.children).length}`);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`${(bytes.length / 1e6).toFixed(1)} MB, ${runs} runs`);
console.log(`worker round trip: median ${median(worker).toFixed(0)} ms, max ${Math.max(...worker).toFixed(0)} ms`);
console.log(`parse alone: median ${median(parse).toFixed(0)} ms, max ${Math.max(...parse).toFixed(0)} ms`);
