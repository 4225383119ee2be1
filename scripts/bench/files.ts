// Project files over HTTP on a real port (demo data, embedded database, local storage in a temp dir):
// upload throughput of a 200 MB file through tus, RSS growth while a 1 GB selection is zipped and
// streamed, and the zip's time to first byte. The event loop's delay is sampled during both: the
// sha-256 and the signature check run on it, so a long block would show here (client and server share
// the process, so the figures are an upper bound). `npx tsx scripts/bench/files.ts [uploadMB] [zipMB]`
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import * as repo from '../../src/server/modules/files/repository';
import { newStorageKey } from '../../src/server/platform/storage/storage';
import { seedDemoIfEmpty } from '../../src/server/seed/demo';
import { signInCookie } from './lib/sign-in';

const uploadMB = Number(process.argv[2] ?? 200);
const zipMB = Number(process.argv[3] ?? 1024);
const MB = 1024 * 1024;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-bench-files-'));
const config = loadConfig({
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  LOG_LEVEL: 'silent',
  CLIENT_DIR: '/nonexistent',
  SEED_DEMO: 'true',
});
const app = await buildApp(config, { logger: false });
await seedDemoIfEmpty(app.ctx.db, undefined, app.ctx.storage);
const base = await app.listen({ port: 0, host: '127.0.0.1' });
const xhr = { 'x-requested-with': 'XMLHttpRequest' };

const cookie = await signInCookie(base, 'planner@demo.planport.test');
const lot = await app.ctx.db
  .selectFrom('project_units')
  .select(['project_unit_id', 'root_project_unit_id', 'tenant_id'])
  .where('title', '=', '2. OG')
  .executeTakeFirstOrThrow();
const rootId = lot.root_project_unit_id!;

/** `total` bytes of an IFC file, produced lazily (a STEP header, then filler lines). */
function ifcStream(total: number, seed: number): Readable {
  const header = Buffer.from(`ISO-10303-21;\nHEADER;FILE_NAME('bench-${seed}.ifc');ENDSEC;\nDATA;\n`);
  const line = Buffer.from(`#${seed}=IFCWALL('bench',$,$,'Wand ${seed}',$,$,$,$,$);\n`.padEnd(256, ' '));
  const chunk = Buffer.concat(Array.from({ length: 1024 }, () => line));
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const first = sent === 0 ? Buffer.concat([header, chunk]) : chunk;
      const part = first.subarray(0, Math.min(first.length, total - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

/**
 * `total` bytes of a PDF that does not compress (random bytes after the header): PDFs are stored in
 * the zip as they are, so the whole size really flows through the zip stream and the socket.
 */
function pdfStream(total: number): Readable {
  const noise = crypto.randomBytes(MB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const first = sent === 0 ? Buffer.concat([Buffer.from('%PDF-1.7\n'), noise]) : noise;
      const part = first.subarray(0, Math.min(first.length, total - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

// 1. Upload throughput (tus: create, then one PATCH streaming the whole file).
const size = uploadMB * MB;
const meta = `filename ${Buffer.from('Bench.ifc').toString('base64')},unitId ${Buffer.from(String(lot.project_unit_id)).toString('base64')}`;
const created = await fetch(`${base}/api/file/uploads`, {
  method: 'POST',
  headers: { cookie, ...xhr, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': meta },
});
if (created.status !== 201) throw new Error(`create failed: ${created.status} ${await created.text()}`);
const location = new URL(created.headers.get('location')!, base).toString();
// The histogram records the time between two ticks of a 10 ms timer; what lies beyond 10 ms is blocking.
const RESOLUTION_MS = 10;
const blocked = (ns: number) => +Math.max(0, ns / 1e6 - RESOLUTION_MS).toFixed(1);
const loopDelay = (h: IntervalHistogram) => ({
  p50Ms: blocked(h.percentile(50)),
  p99Ms: blocked(h.percentile(99)),
  maxMs: blocked(h.max),
});
const uploadLoop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
uploadLoop.enable();
const started = performance.now();
const patched = await fetch(location, {
  method: 'PATCH',
  headers: {
    cookie,
    ...xhr,
    'tus-resumable': '1.0.0',
    'upload-offset': '0',
    'content-type': 'application/offset+octet-stream',
  },
  body: Readable.toWeb(ifcStream(size, 1)) as ReadableStream,
  duplex: 'half',
} as RequestInit);
if (patched.status !== 204) throw new Error(`upload failed: ${patched.status} ${await patched.text()}`);
const uploadSeconds = (performance.now() - started) / 1000;
uploadLoop.disable();

// 2. A selection of about zipMB: the uploaded model, then PDFs put straight into storage, each with its own rows.
const fileIds: number[] = [];
const uploaded = await app.ctx.db
  .selectFrom('project_files')
  .select('project_file_id')
  .where('project_unit_id', '=', lot.project_unit_id)
  .where('name', '=', 'Bench.ifc')
  .executeTakeFirstOrThrow();
fileIds.push(uploaded.project_file_id);
for (let i = 2, have = size; have < zipMB * MB; i++) {
  const part = Math.min(size, zipMB * MB - have);
  const key = newStorageKey();
  const stored = await app.ctx.storage.put(key, pdfStream(part));
  const now = new Date();
  const tenantId = lot.tenant_id;
  await repo.insertBlob(app.ctx.db, { storageKey: key, tenantId, size: stored.size, sha256: stored.sha256, now });
  const file = await repo.insertFile(app.ctx.db, {
    tenantId,
    rootId,
    unitId: lot.project_unit_id,
    name: `Bench ${i}.pdf`,
    nameKey: `bench ${i}.pdf`,
    now,
  });
  await repo.insertVersion(app.ctx.db, {
    fileId: file.project_file_id,
    versionNo: 1,
    storageKey: key,
    size: stored.size,
    sha256: stored.sha256,
    contentType: 'application/pdf',
    uploadedBy: null,
    now,
  });
  fileIds.push(file.project_file_id);
  have += part;
}

const prepared = await fetch(`${base}/api/file/projectFiles/${rootId}`, {
  method: 'POST',
  headers: { cookie, ...xhr, 'content-type': 'application/json' },
  body: JSON.stringify(fileIds.map((fileID) => ({ projectUnitID: lot.project_unit_id, fileID }))),
});
const { downloadID, totalSize } = (await prepared.json()) as { downloadID: string; totalSize: number };

global.gc?.();
const rssBefore = process.memoryUsage().rss;
let rssMax = rssBefore;
const sampler = setInterval(() => {
  rssMax = Math.max(rssMax, process.memoryUsage().rss);
}, 50);
const zipLoop = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
zipLoop.enable();
const zipStarted = performance.now();
const zip = await fetch(`${base}/api/file/projectFiles/download/${downloadID}`, { headers: { cookie } });
const reader = zip.body!.getReader();
let ttfb = 0;
let zipBytes = 0;
for (;;) {
  const { done, value } = await reader.read();
  if (done) break;
  if (!ttfb) ttfb = performance.now() - zipStarted;
  zipBytes += value.length;
}
const zipSeconds = (performance.now() - zipStarted) / 1000;
clearInterval(sampler);
zipLoop.disable();

// 3. What one step of the streaming hash costs the event loop: 1 GB hashed in 64 KiB chunks (the
// size file streams deliver; `hashingCounter` makes one such update per chunk), each update timed.
const chunk = Buffer.alloc(64 * 1024, 7);
const hash = crypto.createHash('sha256');
const steps: number[] = [];
for (let i = 0; i < (1024 * MB) / chunk.length; i++) {
  const t0 = performance.now();
  hash.update(chunk);
  steps.push(performance.now() - t0);
}
hash.digest();
steps.sort((a, b) => a - b);
const us = (v: number) => +(v * 1000).toFixed(0);

const result = {
  upload: {
    sizeMB: uploadMB,
    seconds: +uploadSeconds.toFixed(2),
    MBps: +(uploadMB / uploadSeconds).toFixed(1),
    eventLoopBlocked: loopDelay(uploadLoop),
  },
  zip: {
    files: fileIds.length,
    inputMB: +(totalSize / MB).toFixed(0),
    zipMB: +(zipBytes / MB).toFixed(1),
    timeToFirstByteMs: +ttfb.toFixed(0),
    seconds: +zipSeconds.toFixed(2),
    rssGrowthMB: +((rssMax - rssBefore) / MB).toFixed(1),
    eventLoopBlocked: loopDelay(zipLoop),
  },
  sha256PerChunk: {
    chunkKiB: 64,
    meanUs: us(steps.reduce((a, b) => a + b, 0) / steps.length),
    p99Us: us(steps[Math.floor(steps.length * 0.99)] ?? NaN),
    maxUs: us(steps.at(-1)!),
  },
  loadAverage: os.loadavg().map((l) => +l.toFixed(1)),
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
