import { readFile, stat } from 'node:fs/promises';
import { diffModels, type ModelDiff } from './model-diff-parse';

/** Runs in a worker thread (see model-diff.ts): reads both IFC files itself and compares their elements. */
export async function modelDiffOf(
  olderPath: string,
  newerPath: string,
  maxInputBytes: number,
): Promise<ModelDiff & { peakRssMb: number }> {
  for (const p of [olderPath, newerPath]) {
    if ((await stat(p)).size > maxInputBytes) throw new Error('model too large');
  }
  const diff = diffModels(
    (await readFile(olderPath)).toString('latin1'),
    (await readFile(newerPath)).toString('latin1'),
  );
  return { ...diff, peakRssMb: Math.round(process.memoryUsage.rss() / 1024 ** 2) };
}
