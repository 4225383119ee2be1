/**
 * Figures of version comparison (docs/performance.md): an A1 sheet pair at the default scale and
 * the FZK-Haus pair, each in its worker thread as the server runs it, with the process's memory
 * growth while the worker runs. `npx tsx scripts/bench/compare.ts`
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { diffModelFiles } from '../../src/server/platform/ifc/model-diff';
import { comparePdfs } from '../../src/server/platform/pdf/page-compare';
import { drawingPdf, revisedDrawing } from '../../src/server/seed/files';
import { reviseFzkHaus } from '../../src/server/seed/revised-model';

async function measure<T>(run: () => Promise<T>) {
  const base = process.memoryUsage.rss();
  let peak = base;
  const watch = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 20);
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  clearInterval(watch);
  return { value, ms: Math.round(ms), growthMb: Math.round((peak - base) / 1024 ** 2) };
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'compare-bench-'));
try {
  const a = path.join(dir, 'a.pdf');
  const b = path.join(dir, 'b.pdf');
  await writeFile(a, await drawingPdf('Bench', 'Werkplan', 'A', 1));
  await writeFile(b, await drawingPdf('Bench', 'Werkplan', 'B', 1, revisedDrawing));
  for (let i = 0; i < 3; i++) {
    const r = await measure(() => comparePdfs(a, b, ['bench']));
    const p = r.value.pages[0]!;
    console.log(
      `A1 sheet pair (1 page, scale ${r.value.scale}): ${r.ms} ms, ${p.regions.length} regions, offset ${p.offset.dx}/${p.offset.dy} pt, process grew ${r.growthMb} MB`,
    );
  }
  const fzk = path.join(import.meta.dirname, '../../src/server/seed/fixtures/AC20-FZK-Haus.ifc');
  const revised = path.join(dir, 'revised.ifc');
  await writeFile(revised, reviseFzkHaus(readFileSync(fzk, 'latin1')), 'latin1');
  for (let i = 0; i < 3; i++) {
    const r = await measure(() => diffModelFiles(fzk, revised, ['bench']));
    console.log(
      `FZK-Haus pair: ${r.ms} ms, +${r.value.added.length} -${r.value.removed.length} ~${r.value.changed.length}, process grew ${r.growthMb} MB`,
    );
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
