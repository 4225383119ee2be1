// Builds the client when its sources are newer than the last build.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');
export const clientDir = path.resolve(root, process.env.CLIENT_DIR ?? 'dist/client');
const built = path.join(clientDir, 'index.html');
const sources = ['src/client', 'src/shared', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];

export function newestMtime(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** The reviewer manuals (docs/manuals/*.md → dist/manuals/*.pdf) are built alongside the client. */
function buildManuals() {
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build-manuals.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Builds the client when its sources are newer than the last build. `compression: 'fast'` (the
 * journeys) precompresses at a low level; a later `best` caller (`npm start`) compresses again.
 */
export function buildClientIfStale({ compression = 'best' } = {}) {
  buildManuals();
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (!sources.some((s) => newestMtime(s) > builtAt)) {
    const marker = path.join(clientDir, '.precompressed');
    const level = fs.existsSync(marker) ? fs.readFileSync(marker, 'utf8').trim() : 'best';
    if (compression === 'best' && level !== 'best') compress('best');
    return;
  }
  console.log('Building the client …');
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'warn',
      '--outDir',
      clientDir,
      '--emptyOutDir',
    ],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  compress(compression);
}

function compress(compression) {
  const args = [path.join(root, 'scripts/lib/compress-client.mjs'), clientDir];
  if (compression === 'fast') args.push('--fast');
  const compressed = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (compressed.status !== 0) process.exit(compressed.status ?? 1);
}
