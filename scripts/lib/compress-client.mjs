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

function compressFile(file) {
  return Promise.all([
    pipeline(
      fs.createReadStream(file),
      zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      fs.createWriteStream(`${file}.br`),
    ),
    pipeline(fs.createReadStream(file), zlib.createGzip({ level: 9 }), fs.createWriteStream(`${file}.gz`)),
  ]);
}

/**
 * Compresses on every core: zlib works in libuv's thread pool, so a few files at a time keep the
 * cores busy while the largest (the 3D viewer's chunk, most of the time) runs. Largest first.
 */
export async function compressClient(dir) {
  const files = [...walk(dir)].sort((a, b) => fs.statSync(b).size - fs.statSync(a).size);
  let next = 0;
  const worker = async () => {
    while (next < files.length) await compressFile(files[next++]);
  };
  await Promise.all(Array.from({ length: Math.max(2, os.availableParallelism()) }, worker));
  return files.length;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dir = path.resolve(process.argv[2] ?? 'dist/client');
  const count = await compressClient(dir);
  console.log(`precompressed ${count} files in ${path.relative(process.cwd(), dir) || '.'}`);
}
