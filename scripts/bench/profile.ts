// Where a request's time goes: `npx tsx scripts/bench/profile.ts [seconds] [path …]` starts the app
// in a child process under `node --cpu-prof`, loads each path with autocannon (10 connections,
// signed in as the demo planner; `{root}` stands for a demo project's id), stops the server and
// prints the self time per function and per package. DATABASE_URL profiles PostgreSQL (and reports
// the CPU time of its backends per request too, read from /proc: the database runs on this machine). The
// profile stays in a temporary directory (its path is printed) for Chrome's DevTools; it is not
// meant to be committed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import autocannon from 'autocannon';

const seconds = Number(process.argv[2] ?? 10);
const paths = process.argv.slice(3);
const targets = paths.length ? paths : ['/api/account/me', '/api/data/portal/projects/{root}', '/api/tasks?$top=20'];
const root = path.resolve(import.meta.dirname, '../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-profile-'));

const server = spawn(
  process.execPath,
  ['--import', 'tsx', '--cpu-prof', `--cpu-prof-dir=${dir}`, 'scripts/bench/lib/profile-server.ts'],
  { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
);
const lines = readline.createInterface({ input: server.stdout! });
const waiting: ((line: string) => void)[] = [];
lines.on('line', (line) => line.startsWith('{') && waiting.shift()?.(line));
const nextLine = () =>
  new Promise<string>((resolve, reject) => {
    waiting.push(resolve);
    server.once('exit', (code) => reject(new Error(`server ended (${code})`)));
  });
const { base, cookie, rootId } = JSON.parse(await nextLine()) as { base: string; cookie: string; rootId: number };

for (const target of targets) {
  const reset = nextLine();
  server.kill('SIGUSR2');
  await reset;
  const url = `${base}${target.replaceAll('{root}', String(rootId))}`;
  const r = await autocannon({ url, headers: { cookie }, connections: 10, duration: seconds });
  console.log(
    `${target.padEnd(44)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}`,
  );
  const counted = nextLine();
  server.kill('SIGUSR2');
  const { statements, cpuMicros, databaseMicros } = JSON.parse(await counted) as {
    statements: [string, number][];
    cpuMicros: number;
    databaseMicros: number | null;
  };
  const requests = r.requests.total;
  const perRequest = statements.reduce((n, [, c]) => n + c, 0) / requests;
  console.log(
    `  server CPU ${(cpuMicros / requests).toFixed(0)} µs per request${databaseMicros === null ? '' : `, database CPU ${(databaseMicros / requests).toFixed(0)} µs`}; ${perRequest.toFixed(2)} statements per request:`,
  );
  for (const [text, count] of statements.slice(0, 12))
    console.log(`  ${(count / requests).toFixed(2).padStart(6)} × ${text}`);
}
const exited = new Promise((resolve) => server.on('exit', resolve));
server.kill('SIGINT');
await exited;

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: Node[];
  startTime: number;
  endTime: number;
  samples: number[];
};
const msPerSample = (profile.endTime - profile.startTime) / 1000 / profile.samples.length;
const byFunction = new Map<string, number>();
const byPackage = new Map<string, number>();
const packageOf = (url: string) => {
  if (!url) return '(native / idle / gc)';
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node internals';
  return path.relative(root, url.replace('file://', ''));
};
let total = 0;
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (!hits) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)' || functionName === '(program)') continue;
  total += hits;
  const key = `${functionName || '(anonymous)'} ${packageOf(url)}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
  const pkg = packageOf(url);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits);
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(
      ([k, v]) =>
        `${((v / total) * 100).toFixed(1).padStart(5)} %  ${(v * msPerSample).toFixed(0).padStart(6)} ms  ${k}`,
    )
    .join('\n');
console.log(
  `\nbusy ${(total * msPerSample).toFixed(0)} ms (idle excluded); self time per package:\n${top(byPackage, 20)}`,
);
console.log(`\nself time per function:\n${top(byFunction, 30)}`);
console.log(`\nprofile: ${path.join(dir, file)}`);
