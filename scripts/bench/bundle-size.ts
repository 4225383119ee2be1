// Initial JavaScript of the sign-in and dashboard routes, gzipped, read from the Vite manifest.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { present } from '../../src/shared/present';

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] };

// The client directory: `--dir <path>` or `--dir=<path>`, else CLIENT_DIR, else dist/client.
function clientDir(): string {
  const args = process.argv.slice(2);
  const i = args.findIndex((a) => a === '--dir' || a.startsWith('--dir='));
  const arg = args[i];
  if (arg !== undefined) return arg.startsWith('--dir=') ? arg.slice('--dir='.length) : (args[i + 1] ?? '');
  return process.env.CLIENT_DIR || 'dist/client';
}
const dist = path.resolve(clientDir());
const manifest: Record<string, Chunk> = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error(`no entry in ${dist}/.vite/manifest.json: build the client first`);

/** Sign-in and dashboard are in the entry's static graph; lazy routes are not loaded for them. */
const seen = new Set<string>();
function collect(key: string): void {
  if (seen.has(key)) return;
  seen.add(key);
  for (const imp of manifest[key]?.imports ?? []) collect(imp);
}
collect(entryKey);

let raw = 0;
let gzipped = 0;
for (const key of seen) {
  const buf = fs.readFileSync(path.join(dist, present(manifest[key], key).file));
  raw += buf.length;
  gzipped += zlib.gzipSync(buf, { level: 9 }).length;
}
const budget = 250 * 1024;
console.log(
  `initial JS (sign-in + dashboard): ${(raw / 1024).toFixed(1)} KB raw, ${(gzipped / 1024).toFixed(1)} KB gzipped (budget 250 KB) in ${seen.size} chunks`,
);
if (gzipped > budget) {
  console.error('over budget');
  process.exitCode = 1;
}
