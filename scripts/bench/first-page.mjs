// Time from `npm start` on an installed checkout (fresh data dir) to the first page served.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const port = 3300 + Math.floor(Math.random() * 500);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-start-'));
const started = performance.now();
const child = spawn('npm', ['start'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
});

async function poll() {
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/login`);
      if (res.ok && (await res.text()).includes('id="root"')) return;
    } catch {
      /* not up yet */
    }
    if (performance.now() - started > 60_000) throw new Error('no page after 60 s');
    await new Promise((r) => setTimeout(r, 100));
  }
}
await poll();
const firstStart = (performance.now() - started) / 1000;
process.kill(-child.pid, 'SIGTERM');
await new Promise((r) => setTimeout(r, 1500));

const again = performance.now();
const second = spawn('npm', ['start'], {
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
});
const t0 = again;
for (;;) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/login`);
    if (res.ok) break;
  } catch {
    /* not up yet */
  }
  await new Promise((r) => setTimeout(r, 100));
}
const secondStart = (performance.now() - t0) / 1000;
process.kill(-second.pid, 'SIGTERM');
fs.rmSync(dataDir, { recursive: true, force: true });
console.log(
  `npm start to first page: first start (migrate + demo data) ${firstStart.toFixed(1)} s, second start ${secondStart.toFixed(1)} s (budget 10 s)`,
);
