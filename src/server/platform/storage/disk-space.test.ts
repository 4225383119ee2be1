import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp, sharedTestDataDir } from '../../test/app';
import { dataDirectory, freeDiskBytes, watchDiskSpace } from './disk-space';

const token = 'metrics-token-for-the-disk-test-0123';

function capture() {
  const lines: { level: number; msg: string; freeBytes?: number }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { lines, log: pino({ level: 'info' }, stream) };
}

describe('free disk space of the data directory', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp({ config: { metricsToken: token, dataDir: sharedTestDataDir() } });
  });
  afterAll(async () => {
    await app.close();
  });

  it('is a metric, and readiness stays up whatever it is', async () => {
    const res = await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${token}` } });
    const free = Number(/^planport_data_dir_free_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)$/m.exec(res.body)?.[1]);
    expect(free).toBeGreaterThan(0);
    const actual = await freeDiskBytes(dataDirectory(app.ctx.config));
    // The same file system, read a moment apart: other test files write meanwhile.
    expect(Math.abs(free - actual!)).toBeLessThan(1024 ** 3);
    expect((await app.inject({ url: '/api/health/ready' })).statusCode).toBe(200);
  });

  it('warns in the log below the threshold, again after an hour while it stays low, never above it', async () => {
    const { lines, log } = capture();
    let now = 0;
    const dir = dataDirectory(app.ctx.config);
    const free = (await freeDiskBytes(dir))!;
    const low = watchDiskSpace({ dir, thresholdBytes: free * 4, log, now: () => now });
    await low.check();
    now += 30 * 60 * 1000;
    await low.check();
    expect(lines.filter((l) => l.level === 40)).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'free disk space of the data directory is low', thresholdBytes: free * 4 });
    now += 31 * 60 * 1000;
    await low.check();
    expect(lines.filter((l) => l.level === 40)).toHaveLength(2);
    low.stop();

    const { lines: quiet, log: quietLog } = capture();
    const enough = watchDiskSpace({ dir, thresholdBytes: 1, log: quietLog });
    await enough.check();
    expect(quiet).toEqual([]);
    enough.stop();
    // Switched off with 0.
    const off = watchDiskSpace({ dir, thresholdBytes: 0, log: quietLog });
    await off.check();
    expect(quiet).toEqual([]);
    off.stop();
    // A directory not made yet is measured where it will be made.
    expect(await freeDiskBytes('/tmp/planport-not-made-yet/data')).toBeGreaterThan(0);
  });
});
