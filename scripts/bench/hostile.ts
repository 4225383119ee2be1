// One tenant against the others: the server runs as a child process (demo data, embedded database
// unless DATABASE_URL is set, local storage in a temp dir) and this script plays a hostile user of one
// tenant and an ordinary user of another. Figures:
// 1. the longest event-loop block while worst-case information sheets are saved (budget 50 ms), and
//    what the sheet's PDF answers afterwards;
// 2. the longest event-loop block and the server's RSS growth while a 1 GB zip streams (50 ms, 100 MB);
// 3. the server's RSS growth while a 600 MB IFC is uploaded and refused, and while a large accepted
//    IFC is uploaded and converted (budget +300 MB);
// 4. another tenant's request latency while one user floods the sheet PDF, zip and model conversion
//    endpoints (budget 2× its quiet p95).
// The event-loop block is the server's own figure (`planport_nodejs_eventloop_lag_max_seconds`,
// reset by every scrape, less the 10 ms sampling resolution); RSS is read from /proc.
// Under the flood it also reports the server's main thread as the scheduler saw it (time on a core,
// time waiting for one) and the CPU time of every thread of the server and of this script
// (THREADS_BY_ID=1: per thread rather than per name and nice value).
// `npx tsx scripts/bench/hostile.ts [--quick]` prints JSON; `--quick` uses smaller sizes.
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { signInCookie } from './lib/sign-in';

const root = path.resolve(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');
const MB = 1024 * 1024;
const zipMB = quick ? 256 : 1024;
const refusedIfcMB = 600;
const acceptedIfcMB = quick ? 50 : 200;
const pdfFlood = quick ? 100 : 500;
// FLOOD=pdf, models or zip (or two of them) runs part of the flood alone (which part costs the others).
const floodParts = (process.env.FLOOD ?? 'pdf,models,zip').split(',');
// FLOOD_MODELS=<n>: how many models the flooding user uploads at once (20 unless told).
const floodModels = Number(process.env.FLOOD_MODELS ?? 20);
/** The zip of step 2 (the planner's prepared selection), downloaded again by the flood of step 4. */
let zipDownloadId = '';
const port = 3990;
const base = `http://127.0.0.1:${port}`;
const metricsToken = 'bench-metrics-token-0123456789';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-bench-hostile-'));
const xhr = { 'x-requested-with': 'XMLHttpRequest' };

// CPU_PROFILE_DIR=<dir> writes the server's CPU profile of its main thread there (at the end).
const profileDir = process.env.CPU_PROFILE_DIR;
const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];
// SERVER_NODE_ARGS="<flags>" passes more flags to the server's Node (e.g. V8's thread pool size);
// SERVER_LOG_LEVEL=info shows the server's request log (each request's time on the server).
const serverArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const server = spawn(process.execPath, [...profileArgs, ...serverArgs, '--import', 'tsx', 'src/server/main.ts'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    LOG_LEVEL: process.env.SERVER_LOG_LEVEL ?? 'warn',
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    METRICS_TOKEN: metricsToken,
    // The figures are about time and memory, not about the quotas (tested on their own).
    TENANT_STORAGE_QUOTA_MB: String(20 * 1024),
    CLIENT_DIR: '/nonexistent',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stop = () => server.kill('SIGKILL');
process.on('exit', stop);

async function waitReady(): Promise<void> {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become ready');
}

function rssMB(): number {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The server's longest event-loop delay since the last call (ms beyond the 10 ms resolution). */
async function loopBlockMs(): Promise<number> {
  const text = await (await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
  const max = Number(/^planport_nodejs_eventloop_lag_max_seconds (\S+)/m.exec(text)?.[1] ?? NaN);
  return +Math.max(0, max * 1000 - 10).toFixed(1);
}

/**
 * The server's main thread as the kernel's scheduler saw it since the last call: time on a core and
 * time ready but waiting for one (ms, /proc/<pid>/schedstat). A long wait beside a short run is a
 * machine without a free core, not a server that was busy.
 */
function mainThreadSchedule(): () => { onCoreMs: number; waitingForCoreMs: number } {
  const read = () => fs.readFileSync(`/proc/${server.pid}/schedstat`, 'utf8').split(' ').map(Number);
  const [run0 = 0, wait0 = 0] = read();
  return () => {
    const [run = 0, wait = 0] = read();
    return { onCoreMs: Math.round((run - run0) / 1e6), waitingForCoreMs: Math.round((wait - wait0) / 1e6) };
  };
}

/** The flooding client's process while it runs (step 4). */
let floodPid: number | undefined;

/**
 * CPU time per thread name (ms) of the server, of this process and of the flooding client since
 * the last call, with each thread's nice value: who took the cores while the flood ran.
 */
function threadTimes(): () => Record<string, number> {
  const read = () => {
    const times = new Map<string, number>();
    for (const [who, pid] of [
      ['server', server.pid],
      ['bench', process.pid],
      ['flood', floodPid],
    ] as const) {
      if (pid === undefined || !fs.existsSync(`/proc/${pid}/task`)) continue;
      for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
        try {
          const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          const ticks = Number(fields[11]) + Number(fields[12]);
          const key = `${who} ${comm} nice ${fields[16]}${tid === String(pid) ? ' (main)' : ''}`;
          times.set(`${key}#${tid}`, ticks * 10);
        } catch {
          // the thread ended
        }
      }
    }
    return times;
  };
  const before = read();
  return () => {
    const sums: Record<string, number> = {};
    for (const [key, ms] of read()) {
      const name = process.env.THREADS_BY_ID ? key : key.slice(0, key.lastIndexOf('#'));
      sums[name] = (sums[name] ?? 0) + ms - (before.get(key) ?? 0);
    }
    return Object.fromEntries(
      Object.entries(sums)
        .filter(([, ms]) => ms > 0)
        .sort((a, b) => b[1] - a[1]),
    );
  };
}

/** Samples the server's RSS every 50 ms until stopped; returns the growth over the start in MB. */
function rssSampler(): () => number {
  global.gc?.();
  const before = rssMB();
  let max = before;
  const timer = setInterval(() => {
    max = Math.max(max, rssMB());
  }, 50);
  return () => {
    clearInterval(timer);
    return +(Math.max(max, rssMB()) - before).toFixed(0);
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return +(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? NaN).toFixed(1);
};

function noise(total: number, header: string): Readable {
  const block = crypto.randomBytes(MB);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const first = sent === 0 ? Buffer.concat([Buffer.from(header), block]) : block;
      const part = first.subarray(0, Math.min(first.length, total - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

/** A syntactically plain IFC of `total` bytes: a STEP header, then wall lines. */
function ifcStream(total: number): Readable {
  const head = Buffer.from(
    "ISO-10303-21;\nHEADER;FILE_DESCRIPTION((''),'2;1');FILE_NAME('bench.ifc','',(''),(''),'','','');FILE_SCHEMA(('IFC4'));ENDSEC;\nDATA;\n",
  );
  let n = 1;
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return this.push(null);
      const lines: string[] = [];
      for (let i = 0; i < 4096; i++, n++)
        lines.push(`#${n}=IFCWALL('${n.toString(36).padStart(22, '0')}',$,$,'W${n}',$,$,$,$,$);`);
      const chunk = Buffer.from(`${sent === 0 ? head.toString() : ''}${lines.join('\n')}\n`);
      const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += part.length;
      this.push(part);
    },
  });
}

type Upload = { status: number; location?: string; error?: string };
async function tusCreate(cookie: string, unitId: number, name: string, size: number): Promise<Upload> {
  const meta = `filename ${Buffer.from(name).toString('base64')},unitId ${Buffer.from(String(unitId)).toString('base64')}`;
  const res = await fetch(`${base}/api/file/uploads`, {
    method: 'POST',
    headers: { cookie, ...xhr, 'tus-resumable': '1.0.0', 'upload-length': String(size), 'upload-metadata': meta },
  });
  if (res.status !== 201) return { status: res.status, error: await res.text() };
  return { status: 201, location: new URL(res.headers.get('location')!, base).toString() };
}

async function tusSend(cookie: string, location: string, body: Readable): Promise<number> {
  const res = await fetch(location, {
    method: 'PATCH',
    headers: {
      cookie,
      ...xhr,
      'tus-resumable': '1.0.0',
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: Readable.toWeb(body) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  await res.arrayBuffer();
  return res.status;
}

async function json<T>(url: string, cookie: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    headers: { cookie, ...xhr, 'content-type': 'application/json', ...init.headers },
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type ListPage<T> = { data: T[] };
type ProjectRow = { projectUnitID: number; title: string };
type UnitRow = { projectUnitID: number; projectUnitType: string };
type UnitFiles = {
  data: {
    projectFileID: number;
    name: string;
    versions: { conversion: { status: string; reason: string | null } | null }[];
  }[];
};

/** Finds, in a sheet definition, the name of the sheet holding a control called `name`. */
function sheetWith(sheets: unknown[], name: string): string | null {
  const has = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    if ((node as { name?: unknown }).name === name && 'type' in node) return true;
    return Object.values(node).some((v) => (Array.isArray(v) ? v.some(has) : has(v)));
  };
  for (const sheet of sheets) if (has(sheet)) return (sheet as { name: string }).name;
  return null;
}

await waitReady();
const result: Record<string, unknown> = {};
const hostile = await signInCookie(base, 'cs-customer@demo.planport.test');
const other = await signInCookie(base, 'planner@demo.planport.test');
const planner = await signInCookie(base, 'planner@demo.planport.test');

// The hostile user's project (supplier sheet with the e-mail field) and the other tenant's project.
const hostileRoot = (await json<ListPage<ProjectRow>>(`${base}/api/data/portal/projectlist/current?$top=1`, hostile))
  .data[0]!;
const otherRoots = (await json<ListPage<ProjectRow>>(`${base}/api/data/portal/projectlist/current?$top=20`, other))
  .data;

// 1. Worst-case information sheets.
{
  const sheetUrl = `${base}/api/questionnaire/${hostileRoot.projectUnitID}`;
  const sheet = await json<{ sheets: unknown[]; data: Record<string, Record<string, unknown>> }>(sheetUrl, hostile);
  const sheetName = sheetWith(sheet.sheets, 'email');
  const saves: { lengthKiB: number; status: number; ms: number; loopBlockMs: number }[] = [];
  if (sheetName) {
    for (const kib of [256, 64, 16, 4, 1]) {
      const value = `a@${'a.'.repeat((kib * 1024) / 2)}@`;
      const data = { ...sheet.data, [sheetName]: { ...(sheet.data[sheetName] ?? {}), email: value } };
      await loopBlockMs();
      const t0 = performance.now();
      const res = await fetch(sheetUrl, {
        method: 'PUT',
        headers: { cookie: hostile, ...xhr, 'content-type': 'application/json' },
        body: JSON.stringify({ data }),
      });
      await res.arrayBuffer();
      saves.push({
        lengthKiB: kib,
        status: res.status,
        ms: +(performance.now() - t0).toFixed(0),
        loopBlockMs: await loopBlockMs(),
      });
    }
  }
  const t0 = performance.now();
  const pdf = await fetch(`${sheetUrl}/pdf`, { headers: { cookie: hostile } });
  await pdf.arrayBuffer();
  result.worstCaseSheet = {
    sheet: sheetName,
    saves,
    longestLoopBlockMs: Math.max(...saves.map((s) => s.loopBlockMs)),
    budgetMs: 50,
    pdf: { status: pdf.status, ms: +(performance.now() - t0).toFixed(0) },
  };
}

/** The first approval lot below the given projects (breadth first). */
async function firstApprovalLot(cookie: string, roots: ProjectRow[]): Promise<{ root: number; lot: number }> {
  for (const project of roots) {
    const queue = [project.projectUnitID];
    while (queue.length) {
      const id = queue.shift()!;
      const children = (
        await json<ListPage<UnitRow>>(`${base}/api/data/portal/projects/${id}/children?$top=100`, cookie)
      ).data;
      const lot = children.find((c) => c.projectUnitType === 'approvallot');
      if (lot) return { root: project.projectUnitID, lot: lot.projectUnitID };
      queue.push(...children.map((c) => c.projectUnitID));
    }
  }
  throw new Error('no approval lot in the demo data');
}

const hostileLot = await firstApprovalLot(
  hostile,
  (await json<ListPage<ProjectRow>>(`${base}/api/data/portal/projectlist/current?$top=20`, hostile)).data,
);

// 2. A 1 GB zip: PDFs of random bytes (stored in the zip as they are), uploaded through tus.
const target = await firstApprovalLot(planner, otherRoots);
{
  const fileIds: number[] = [];
  const part = 128 * MB;
  for (let i = 0, have = 0; have < zipMB * MB; i++, have += part) {
    const up = await tusCreate(planner, target.lot, `Bench ${i}.pdf`, part);
    if (!up.location) throw new Error(`upload refused: ${up.status} ${up.error}`);
    const status = await tusSend(planner, up.location, noise(part, '%PDF-1.7\n'));
    if (status !== 204) throw new Error(`upload failed: ${status}`);
  }
  const files = await json<UnitFiles>(`${base}/api/file/${target.root}/${target.lot}`, planner);
  for (const f of files.data) if (f.name.startsWith('Bench ')) fileIds.push(f.projectFileID);
  const prepared = await json<{ downloadID: string; totalSize: number }>(
    `${base}/api/file/projectFiles/${target.root}`,
    planner,
    {
      method: 'POST',
      body: JSON.stringify(fileIds.map((fileID) => ({ projectUnitID: target.lot, fileID }))),
    },
  );
  zipDownloadId = prepared.downloadID;
  await loopBlockMs();
  const rss = rssSampler();
  const t0 = performance.now();
  const zip = await fetch(`${base}/api/file/projectFiles/download/${prepared.downloadID}`, {
    headers: { cookie: planner },
  });
  let bytes = 0;
  for await (const chunk of zip.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
  result.zip = {
    status: zip.status,
    files: fileIds.length,
    zipMB: +(bytes / MB).toFixed(0),
    seconds: +((performance.now() - t0) / 1000).toFixed(1),
    rssGrowthMB: rss(),
    longestLoopBlockMs: await loopBlockMs(),
    budgets: { loopBlockMs: 50, rssGrowthMB: 100 },
  };
}

// 3. IFC uploads: 600 MB announced (over the converter's limit), then a large accepted one, converted.
{
  const rss = rssSampler();
  const refused = await tusCreate(hostile, hostileLot.lot, 'Riesig.ifc', refusedIfcMB * MB);
  let sentStatus: number | null = null;
  if (refused.location) sentStatus = await tusSend(hostile, refused.location, ifcStream(refusedIfcMB * MB));
  const refusedGrowth = rss();

  const rss2 = rssSampler();
  const up = await tusCreate(planner, target.lot, 'Gross.ifc', acceptedIfcMB * MB);
  let converted: unknown = null;
  const t0 = performance.now();
  if (up.location) {
    const status = await tusSend(planner, up.location, ifcStream(acceptedIfcMB * MB));
    // Wait for the conversion to end (ready or failed).
    for (let i = 0; i < 480; i++) {
      const files = await json<UnitFiles>(`${base}/api/file/${target.root}/${target.lot}`, planner);
      const conversion = files.data.find((f) => f.name === 'Gross.ifc')?.versions[0]?.conversion;
      converted = { uploadStatus: status, conversion };
      if (conversion && !['queued', 'converting'].includes(conversion.status)) break;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  result.ifc = {
    refused600MB: {
      createStatus: refused.status,
      sentStatus,
      rssGrowthMB: refusedGrowth,
    },
    accepted: {
      sizeMB: acceptedIfcMB,
      createStatus: up.status,
      converted,
      seconds: +((performance.now() - t0) / 1000).toFixed(1),
      rssGrowthMB: rss2(),
    },
    budgetRssGrowthMB: 300,
  };
}

// 4. Another tenant's latency, quiet and while one user floods the PDF, zip and conversion endpoints.
{
  const otherCookie = await signInCookie(base, 'cs-planner@demo.planport.test');
  const otherProject = (
    await json<ListPage<ProjectRow>>(`${base}/api/data/portal/projectlist/current?$top=1`, otherCookie)
  ).data[0]!;
  const probes = {
    list: `${base}/api/data/portal/projectlist/current?$top=20`,
    pdf: `${base}/api/questionnaire/${otherProject.projectUnitID}/pdf`,
  };
  // The other user is a client of its own: its requests are timed in a thread of their own, so the
  // time this process spends sending the flood is not counted as the server's. Like a person's,
  // they come one after another with a short pause (`gapMs`), spread over the flood rather than
  // only at its start; the thread's first request (its own start: loading fetch, connecting) is not timed.
  const measure = async (url: string, n: number, gapMs: number) => {
    const times = await new Promise<number[]>((resolve, reject) => {
      const probe = new Worker(
        `const { parentPort, workerData: { url, cookie, n, gapMs, headers } } = require('node:worker_threads');
        const get = async () => {
          const res = await fetch(url, { headers: { cookie, ...headers } });
          await res.arrayBuffer();
          if (!res.ok) throw new Error(url + ': ' + res.status);
        };
        (async () => {
          await get();
          const times = [];
          for (let i = 0; i < n; i++) {
            await new Promise((r) => setTimeout(r, gapMs));
            const t0 = performance.now();
            await get();
            times.push(performance.now() - t0);
          }
          parentPort.postMessage(times);
        })().catch((err) => { throw err; });`,
        { eval: true, workerData: { url, cookie: otherCookie, n, gapMs, headers: xhr } },
      );
      probe.once('message', resolve);
      probe.once('error', reject);
    });
    return {
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      // The three slowest, each with its place in the series (a burst's start, or all along).
      slowest: times
        .map((ms, i) => [Math.round(ms), i])
        .sort((a, b) => b[0]! - a[0]!)
        .slice(0, 3)
        .map(([ms, i]) => `${ms} ms (#${i})`),
    };
  };
  await loopBlockMs();
  const quietSchedule = mainThreadSchedule();
  const quiet = { list: await measure(probes.list, 60, 20), pdf: await measure(probes.pdf, 15, 50) };
  const quietMainThread = quietSchedule();
  const quietLoopBlockMs = await loopBlockMs();
  const floodSchedule = mainThreadSchedule();
  const floodThreads = threadTimes();
  // The flooding user is a client of its own too: a process below the server's CPU priority
  // (FLOOD_NICE, default 10, for every thread of it), as an attacker's machine does not share the
  // server's cores (lib/flood-client.mjs). Its PDFs, model uploads and 20 zip downloads at once
  // start together and go on until the measurement is over.
  const floodNice = Number(process.env.FLOOD_NICE ?? 10);
  const floodClient = spawn('nice', ['-n', String(floodNice), process.execPath, 'scripts/bench/lib/flood-client.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  floodPid = floodClient.pid;
  const floodStarted = new Promise((resolve) => floodClient.once('message', resolve));
  floodClient.send({
    xhr,
    hostile,
    planner,
    pdfs: floodParts.includes('pdf') ? pdfFlood : 0,
    pdfUrl: `${base}/api/questionnaire/${hostileRoot.projectUnitID}/pdf`,
    models: floodParts.includes('models') ? floodModels : 0,
    uploadsUrl: `${base}/api/file/uploads`,
    lot: hostileLot.lot,
    smallPath: path.join(root, 'src/server/seed/fixtures/IfcOpenHouse_IFC4.ifc'),
    zips: floodParts.includes('zip') ? 20 : 0,
    zipUrl: `${base}/api/file/projectFiles/download/${zipDownloadId}`,
  });
  await floodStarted;
  const underFlood = { list: await measure(probes.list, 60, 20), pdf: await measure(probes.pdf, 15, 50) };
  const floodMainThread = floodSchedule();
  const floodThreadMs = floodThreads();
  const floodLoopBlockMs = await loopBlockMs();
  const floodStatuses = await new Promise<Record<string, number>>((resolve, reject) => {
    floodClient.once('message', (statuses) => resolve(statuses as Record<string, number>));
    floodClient.once('error', reject);
    floodClient.send('stop');
  });
  result.flood = {
    parts: floodParts,
    pdfRequests: pdfFlood,
    modelUploads: floodModels,
    zipDownloads: 20,
    floodClientNice: floodNice,
    statuses: floodStatuses,
    quiet,
    underFlood,
    // The server's longest event-loop block in each phase: a slow probe beside a short block waited
    // for a core (the machine's), beside a long one for the server's own thread.
    loopBlockMs: { quiet: quietLoopBlockMs, underFlood: floodLoopBlockMs },
    serverMainThread: { quiet: quietMainThread, underFlood: floodMainThread },
    threadCpuMsUnderFlood: floodThreadMs,
    ratioP95: {
      list: +(underFlood.list.p95 / quiet.list.p95).toFixed(2),
      pdf: +(underFlood.pdf.p95 / quiet.pdf.p95).toFixed(2),
    },
    budgetRatio: 2,
  };
}

result.loadAverage = os.loadavg().map((l) => +l.toFixed(1));
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
if (profileDir) {
  // A profile is written when the process exits on its own: stopped by a signal, not killed.
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}
stop();
fs.rmSync(dataDir, { recursive: true, force: true });
process.exit(0);
