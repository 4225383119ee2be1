import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { getTestDatabase } from '../../test/database';
import { createManualClock } from '../clock';
import { LEASE_MS } from './lease';
import { claimRun, createJobRunner } from './runner';

const silent = { error: () => undefined } as unknown as Parameters<typeof createJobRunner>[0]['log'];

describe('job runner', () => {
  let db: Database;
  beforeAll(async () => {
    db = await getTestDatabase();
  });

  it('retries a run that failed: the failed claim is given back', async () => {
    const name = `flaky-${crypto.randomBytes(4).toString('hex')}`;
    let calls = 0;
    const clock = createManualClock(new Date('2026-12-01T06:00:00Z'));
    const runner = createJobRunner({
      db,
      clock,
      log: silent,
      jobs: [
        {
          name,
          runKey: () => '2026-12-01',
          run: async () => {
            calls += 1;
            if (calls === 1) throw new Error('mail server down');
          },
        },
      ],
    });
    expect(await runner.tick()).toEqual([]);
    expect(await runner.tick()).toEqual([`${name}:2026-12-01`]);
    expect(await runner.tick()).toEqual([]);
    expect(calls).toBe(2);
  });

  it('takes over an unfinished claim only after its lease expired', async () => {
    const name = `crashed-${crypto.randomBytes(4).toString('hex')}`;
    const start = new Date('2026-12-01T06:00:00Z');
    expect(await claimRun(db, name, 'k', 'dead-instance', start)).toBe(true);
    expect(await claimRun(db, name, 'k', 'other', new Date(start.getTime() + 60_000))).toBe(false);
    expect(await claimRun(db, name, 'k', 'other', new Date(start.getTime() + LEASE_MS + 1))).toBe(true);
    // A finished run is never taken again.
    await db.updateTable('job_runs').set({ finished_at: start }).where('job_name', '=', name).execute();
    expect(await claimRun(db, name, 'k', 'third', new Date(start.getTime() + 10 * LEASE_MS))).toBe(false);
  });
});
