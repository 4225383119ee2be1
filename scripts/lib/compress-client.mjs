// Writes brotli and gzip siblings (`x.js.br`, `x.js.gz`) of the built client's text assets, so the
// server sends them precompressed (`@fastify/static` `preCompressed`) without compressing per request.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const compressible = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;
const minBytes = 1024;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (compressible.test(entry.name) && fs.statSync(full).size >= minBytes) yield full;
  }
}

/**
 * `best` for what users download (brotli 11, gzip 9); `fast` for a build only the journeys load
 * (brotli 5, gzip 6: the same files and headers at a twentieth of the CPU, a few percent larger).
 */
const levels = {
  best: { brotli: 11, gzip: 9 },
  fast: { brotli: 5, gzip: 6 },
};

/** The file naming the level the siblings in a folder were written with. */
export const compressionMarker = (dir) => path.join(dir, '.precompressed');

function compressFile(file, level) {
  return Promise.all([
    pipeline(
      fs.createReadStream(file),
      zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: level.brotli } }),
      fs.createWriteStream(`${file}.br`),
    ),
    pipeline(fs.createReadStream(file), zlib.createGzip({ level: level.gzip }), fs.createWriteStream(`${file}.gz`)),
  ]);
}

/**
 * Compresses on every core: zlib works in libuv's thread pool, so a few files at a time keep the
 * cores busy while the largest (the 3D viewer's chunk, most of the time) runs. Largest first.
 */
export async function compressClient(dir, compression = 'best') {
  const level = levels[compression];
  const files = [...walk(dir)].sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  let next = 0;
  const worker = async () => {
    while (next < files.length) await compressFile(files[next++], level);
  };
  await Promise.all(Array.from({ length: Math.max(2, os.availableParallelism()) }, worker));
  fs.writeFileSync(compressionMarker(dir), `${compression}\n`);
  return files.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dir = path.resolve(args.find((a) => !a.startsWith('--')) ?? 'dist/client');
  const count = await compressClient(dir, args.includes('--fast') ? 'fast' : 'best');
  console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir) || '.'}`);
}
