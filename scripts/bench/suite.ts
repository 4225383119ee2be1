// `npm run bench`: every benchmark of the project on both databases, each server figure beside
// bare Fastify measured in the same run, written to docs/performance.md with date, machine and
// commit. `--quick` runs short versions (a smoke check of the figures, not for publishing).
// `--check` (CI) runs only the request figures, short (a database whose figures miss a budget by
// more than 20 % is measured again, best of two rounds), prints their table and fails when a budget
// is still missed by more than 20 %; it writes no file.
// PostgreSQL: BENCH_POSTGRES_URL (default postgres://postgres@127.0.0.1:5432/postgres); each
// benchmark seeds a fresh database of its own there and drops nothing else.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cpuReference, describeCpuReference } from './lib/cpu-reference';

const root = path.resolve(import.meta.dirname, '../..');
const quick = process.argv.includes('--quick');
const check = process.argv.includes('--check');
// Not in CI's check: its shares of bare Fastify need no reference.
const cpuAtStart = check ? '' : describeCpuReference(cpuReference());
if (cpuAtStart) console.log(cpuAtStart);
const pgUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-bench-'));

type Section = { title: string; command: string; output: string; seconds: number; ok: boolean };
const sections: Section[] = [];

function run(title: string, args: string[], env: Record<string, string> = {}): Section {
  const started = performance.now();
  const result = spawnSync('npx', args, {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = `${result.stdout ?? ''}${result.status === 0 ? '' : (result.stderr ?? '')}`
    .split('\n')
    .filter((l) => l.trim() && !l.includes('npm warn') && !l.includes('oidc-provider WARNING'))
    .join('\n');
  const envText = Object.entries(env)
    .filter(([k]) => k !== 'BENCH_JSON')
    .map(([k, v]) => `${k}=${k === 'DATABASE_URL' ? '<postgres>' : v} `)
    .join('');
  const section = {
    title,
    command: `${envText}npx ${args.join(' ')}`,
    output,
    seconds: (performance.now() - started) / 1000,
    ok: result.status === 0,
  };
  sections.push(section);
  console.log(`▶ ${title}: ${section.ok ? 'done' : 'FAILED'} in ${section.seconds.toFixed(0)} s`);
  return section;
}

async function freshPostgres(name: string): Promise<string | null> {
  const admin = new pg.Client({ connectionString: pgUrl });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } catch {
    return null;
  } finally {
    await admin.end().catch(() => undefined);
  }
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

type RequestResult = { label: string; rps: number; p50: number; p99: number; errors: number; share?: number };
type RequestRun = { database: string; results: RequestResult[] };
const requestRuns: RequestRun[] = [];

// Budgets of the request figures (share of bare Fastify's throughput in the same run).
const budgets: Record<string, { pglite: number; postgres: number }> = {
  'current user': { pglite: 0.02, postgres: 0.1 },
  'task list': { pglite: 0.02, postgres: 0.05 },
  'project list, page 1': { pglite: 0.02, postgres: 0.05 },
  'unit details': { pglite: 0.02, postgres: 0.05 },
  'project files': { pglite: 0.02, postgres: 0.05 },
};

/**
 * Budgets not met reliably yet, with the share measured on a quiet machine (docs/performance.md):
 * the check holds such a call at that level (a drop of more than 20 % below it fails) until its
 * budget is met. Every request budget is met now; a call goes back here only with a reason.
 */
const openBudgets: Record<string, { pglite: number; postgres: number }> = {};

type BenchDatabase = 'pglite' | 'postgres';

async function requestFigures(
  seconds: string,
  rounds: number,
  databases: readonly BenchDatabase[] = ['pglite', 'postgres'],
): Promise<void> {
  for (const database of databases) {
    // The check seeds a database of its own, so it never drops one a full run is using.
    const url = database === 'postgres' ? await freshPostgres(check ? 'bench_check_requests' : 'bench_requests') : null;
    if (database === 'postgres' && !url) {
      console.log('PostgreSQL not reachable: its figures are skipped');
      continue;
    }
    const json = path.join(tmp, `requests-${database}.json`);
    run(
      `requests (${database === 'postgres' ? 'PostgreSQL' : 'PGlite'})`,
      ['tsx', 'scripts/bench/requests.ts', seconds, ...(rounds > 1 ? ['--rounds', String(rounds)] : [])],
      url ? { DATABASE_URL: url, BENCH_JSON: json } : { BENCH_JSON: json },
    );
    if (fs.existsSync(json)) requestRuns.push(JSON.parse(fs.readFileSync(json, 'utf8')) as RequestRun);
  }
}

/** The budget table of the request figures; misses by more than 20 % are listed. */
function budgetTable(): { rows: string[]; misses: string[] } {
  const misses: string[] = [];
  const rows: string[] = [];
  for (const runResult of requestRuns) {
    const bare = runResult.results[0];
    if (!bare) continue;
    for (const r of runResult.results.slice(1)) {
      // The share of bare Fastify in the same round (best of the rounds), else of the run's bare figure.
      const share = r.share ?? r.rps / bare.rps;
      const budget = budgets[r.label]?.[runResult.database as 'pglite' | 'postgres'];
      const floor = openBudgets[r.label]?.[runResult.database as 'pglite' | 'postgres'];
      const verdict =
        budget === undefined
          ? '–'
          : share >= budget
            ? 'met'
            : share >= budget * 0.8
              ? 'within 20 %'
              : floor !== undefined && share >= floor * 0.8
                ? `open (held at ${(floor * 100).toFixed(1)} %)`
                : 'missed';
      if (verdict === 'missed') misses.push(`${r.label} (${runResult.database})`);
      rows.push(
        `| ${r.label} | ${runResult.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${(share * 100).toFixed(1)} % | ${budget === undefined ? '–' : `≥ ${(budget * 100).toFixed(0)} %`} | ${verdict} |`,
      );
    }
  }
  return { rows, misses };
}
const tableHead = `| Call | Database | req/s | p50 ms | p99 ms | share of bare Fastify | budget | |
|---|---|---|---|---|---|---|---|`;

if (check) {
  // CI: one short round a database (2 s a line, one warm-up); a database with a miss is measured
  // again in two rounds, and the better share counts (a busy moment of the machine is no miss).
  await requestFigures('2', 1);
  const missedIn = (misses: string[]) =>
    (['pglite', 'postgres'] as const).filter((db) => misses.some((m) => m.endsWith(`(${db})`)));
  const again = missedIn(budgetTable().misses);
  if (again.length) {
    console.log(`Measured again, best of two rounds: ${again.join(', ')}`);
    const kept = requestRuns.filter((r) => !again.includes(r.database as BenchDatabase));
    requestRuns.splice(0, requestRuns.length, ...kept);
    await requestFigures('2', 2, again);
  }
  const { rows, misses } = budgetTable();
  console.log(`\n${tableHead}\n${rows.join('\n')}\n`);
  for (const s of sections.filter((x) => !x.ok)) console.log(`${s.title} failed:\n${s.output}`);
  fs.rmSync(tmp, { recursive: true, force: true });
  if (misses.length) console.log(`Budgets missed by more than 20 %: ${misses.join(', ')}`);
  else {
    const open = budgetTable().rows.filter((r) => r.includes('| open ')).length;
    console.log(
      `No budget missed by more than 20 %${open ? `; ${open} not met yet, held at their measured level` : ''}.`,
    );
  }
  process.exit(misses.length || sections.some((x) => !x.ok) || requestRuns.length === 0 ? 1 : 0);
}

if (!process.argv.includes('--no-build')) {
  run('client build', ['vite', 'build', '--logLevel', 'warn']);
  // As `npm run build` does: the server sends the built files precompressed, so the pages are
  // measured as they are served.
  run('client precompression', ['node', 'scripts/lib/compress-client.mjs', 'dist/client']);
}
run('initial JavaScript', ['tsx', 'scripts/bench/bundle-size.ts']);

await requestFigures(quick ? '2' : '5', 1);
for (const database of ['pglite', 'postgres'] as const) {
  const env: Record<string, string> = database === 'postgres' ? { DATABASE_URL: pgUrl } : {};
  const label = database === 'postgres' ? 'PostgreSQL' : 'PGlite';
  run(`lists at 100,000 units (${label})`, ['tsx', 'scripts/bench/lists.ts', quick ? '300' : '2000'], env);
  // The fixed rates of the budgets: 200 req/s on PostgreSQL, 100 req/s on the embedded database.
  const rate = database === 'postgres' ? '200' : '100';
  run(
    `tasks at 100,000 tasks (${label}, ${rate} req/s)`,
    ['tsx', 'scripts/bench/tasks.ts', rate, quick ? '300' : '3000'],
    env,
  );
}
for (const database of ['pglite', 'postgres'] as const) {
  const env: Record<string, string> = database === 'postgres' ? { DATABASE_URL: pgUrl } : {};
  run(
    `search at 100,000 units (${database === 'postgres' ? 'PostgreSQL' : 'PGlite'}, 8 users)`,
    ['tsx', 'scripts/bench/search.ts', quick ? '100' : '1000', '8'],
    env,
  );
}
run('information sheet, validation per keystroke', ['tsx', 'scripts/bench/questionnaire.ts']);
run('sign-in latency', ['tsx', 'scripts/bench/sign-in-latency.ts', quick ? '20' : '60']);
run('sign-in flood: another user during 300 anonymous sign-ins', ['tsx', 'scripts/bench/sign-in-flood.ts']);
run('IFC structure (FZK-Haus, 2.5 MB)', ['tsx', 'scripts/bench/ifc-structure.ts', '3']);
run('IFC model tree (FZK-Haus)', ['tsx', 'scripts/bench/model-tree.ts']);
run('IFC to fragments (FZK-Haus)', ['tsx', 'scripts/bench/fragments.ts']);
run('project files', ['tsx', 'scripts/bench/files.ts', ...(quick ? ['50', '100'] : [])]);
run('one tenant against the others (worst-case sheet, 1 GB zip, 600 MB IFC, flood)', [
  'tsx',
  'scripts/bench/hostile.ts',
  ...(quick ? ['--quick'] : []),
]);
run('order table INP (Chromium, 4× CPU throttling)', ['tsx', 'scripts/bench/order-table.mjs', quick ? '300' : '1000']);
run('structure editor, 30 × 20 (Chromium, 4× CPU throttling)', ['tsx', 'scripts/bench/structure-editor.mjs']);
run('drawing review, click to first page and model (Chromium)', ['tsx', 'scripts/bench/viewer.mjs', quick ? '1' : '3']);
if (!quick) {
  // Five runs a page: the same page's TBT moves by 100 ms and more from run to run (the median of
  // three still swung across the budget).
  run('Lighthouse, four pages (mobile defaults)', ['tsx', 'scripts/bench/lighthouse.mjs', '5']);
  run('first start', ['node', 'scripts/bench/first-page.mjs']);
}

const { rows: budgetRows, misses } = budgetTable();

let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  if (execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim())
    commit += ' (with local changes)';
} catch {
  /* not a checkout */
}
const cpus = os.cpus();
const cpuAtEnd = describeCpuReference(cpuReference());
const bareLines = requestRuns
  .map((r) => `${r.database === 'postgres' ? 'PostgreSQL' : 'PGlite'} run: ${r.results[0]?.rps.toFixed(0)} req/s`)
  .join(', ');
const doc = `# Performance

Measured by \`npm run bench${quick ? ' -- --quick' : ''}\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC,
commit ${commit}: ${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB, Node ${process.version}, load average ${os
  .loadavg()
  .map((l) => l.toFixed(1))
  .join(' / ')} at the end.
${cpuAtStart} at the start; ${cpuAtEnd.replace(/^CPU reference \(one core, best of 3\): /, '')} at the end
(figures in milliseconds move with these from one machine to another).
Every server figure is taken beside bare Fastify answering a small JSON object in the same run
(${bareLines || 'no run'}); the share is the call's throughput divided by bare Fastify's.
${quick ? '\n**Quick run**: short durations, for checking the suite, not for comparing.\n' : ''}
## Requests (10 connections, demo data)

${tableHead}
${budgetRows.join('\n')}

${sections
  .map(
    (s) => `## ${s.title}

\`${s.command}\` — ${s.ok ? '' : '**failed**, '}${s.seconds.toFixed(0)} s

\`\`\`
${s.output.trim() || '(no output)'}
\`\`\`
`,
  )
  .join('\n')}
## Notes

What some figures measured and where their time went: [history/performance-notes.md](history/performance-notes.md) (a dated diary, kept as history); how a page is served: [first-screen.md](first-screen.md).
`;
fs.writeFileSync(path.join(root, 'docs/performance.md'), doc);
fs.rmSync(tmp, { recursive: true, force: true });
console.log(
  `docs/performance.md written${misses.length ? `; budgets missed by more than 20 %: ${misses.join(', ')}` : ''}`,
);
if (misses.length || sections.some((s) => !s.ok)) process.exitCode = 1;
