import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServer } from './test/server-process';

const root = path.resolve(import.meta.dirname, '../..');

describe('compiled server (npm run build, npm start)', () => {
  it('builds to JavaScript that starts without tsx and answers /api/health/ready', async () => {
    const outdir = path.dirname(await compiledServer());
    for (const file of ['main.js', 'backup-cli.js', 'catalogue-csv.js', 'pdf-worker.js', 'first-screen.js']) {
      expect(fs.existsSync(path.join(outdir, file)), file).toBe(true);
    }
    const port = 3600;
    const child = spawn(process.execPath, [path.join(outdir, 'main.js')], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        CLIENT_DIR: '/nonexistent',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    try {
      let status = 0;
      // Ready within 90 s even on a busy machine (a quiet one takes about 5 s).
      const until = Date.now() + 90_000;
      while (Date.now() < until && status !== 200 && child.exitCode === null) {
        status = await fetch(`http://127.0.0.1:${port}/api/health/ready`).then(
          (res) => res.status,
          () => 0,
        );
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status, stderr).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 150_000);
});
