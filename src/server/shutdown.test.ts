import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './test/app';

describe('closing an application with its own database', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('closes the database last: background work, mail and events stop while it is still open', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-shutdown-'));
    const lines: Array<{ level: number; msg: string }> = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(JSON.parse(String(chunk)) as { level: number; msg: string });
        done();
      },
    });
    const app = await buildApp(testConfig({ dataDir: dir, logLevel: 'warn' }), { logStream });
    await app.ready();
    await app.close();
    // The work queue gives back its claims at stop; with the database closed first it logged
    // "giving back claims failed" on every shutdown.
    expect(lines.filter((line) => line.level >= 40).map((line) => line.msg)).toEqual([]);
  }, 60_000);
});
