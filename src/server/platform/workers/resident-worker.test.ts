import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { WORKER_NICE } from './run-module';
import { startResidentWorker, type ResidentWorker } from './resident-worker';

const fixture = new URL('./limits-fixture.ts', import.meta.url);

async function untilReady(worker: ResidentWorker<unknown>) {
  const until = Date.now() + 60_000;
  while (!worker.ready && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(worker.ready).toBe(true);
}

describe('resident worker', () => {
  it('loads its module once, sets it up, then answers call after call at the workers\u2019 CPU priority', async () => {
    const warnings: unknown[] = [];
    const worker = startResidentWorker<string>(
      fixture,
      { exportName: 'greet', setUp: { exportName: 'setGreeting', args: ['Hallo'] }, heapMb: 64 },
      { warn: (...args: unknown[]) => warnings.push(args) },
    );
    try {
      expect(await worker.call(['früh'], 1000)).toMatchObject({ ok: false, reason: 'stopped' });
      await untilReady(worker);
      expect(await worker.call(['Erika'], 10_000)).toEqual({ ok: true, value: 'Hallo Erika' });
      expect(await worker.call(['Max'], 10_000)).toEqual({ ok: true, value: 'Hallo Max' });
      expect(warnings).toEqual([]);
    } finally {
      await worker.close();
    }
    const nice = startResidentWorker<number>(fixture, { exportName: 'niceness', heapMb: 64 }, { warn: () => {} });
    try {
      await untilReady(nice);
      expect(await nice.call([], 10_000)).toEqual({ ok: true, value: Math.max(os.getPriority(0), WORKER_NICE) });
    } finally {
      await nice.close();
    }
  }, 90_000);

  it('ends a call that outgrows the heap cap, and starts again to answer the next', async () => {
    const warnings: unknown[] = [];
    const worker = startResidentWorker<unknown>(
      fixture,
      { exportName: 'hoardMemory', heapMb: 32, restartAfterMs: 50 },
      { warn: (...args: unknown[]) => warnings.push(args) },
    );
    try {
      await untilReady(worker);
      expect(await worker.call([], 60_000)).toMatchObject({ ok: false, reason: 'stopped' });
      expect(warnings.length).toBeGreaterThan(0);
      expect(worker.ready).toBe(false);
      await untilReady(worker);
    } finally {
      await worker.close();
    }
  }, 120_000);

  it('lets a caller stop waiting after its time limit', async () => {
    const worker = startResidentWorker<unknown>(fixture, { exportName: 'spinForever', heapMb: 64 }, { warn: () => {} });
    try {
      await untilReady(worker);
      expect(await worker.call([], 200)).toMatchObject({ ok: false, reason: 'timeout' });
    } finally {
      await worker.close();
    }
  }, 90_000);

  it('lets a call wait for the start (waitForStart), and ends a worker whose call ran out of time (endOnTimeout)', async () => {
    const worker = startResidentWorker<number>(
      fixture,
      { exportName: 'double', heapMb: 64, waitForStart: true, endOnTimeout: true, restartAfterMs: 50 },
      { warn: () => {} },
    );
    try {
      // Sent before the module has loaded: answered once it has, not refused.
      expect(await worker.call([21], 60_000)).toEqual({ ok: true, value: 42 });
      expect(worker.calls).toBe(0);
    } finally {
      await worker.close();
    }
    const spinning = startResidentWorker<unknown>(
      fixture,
      { exportName: 'spinOnce', heapMb: 64, waitForStart: true, endOnTimeout: true, restartAfterMs: 50 },
      { warn: () => {} },
    );
    try {
      expect(await spinning.call([true], 60_000)).toEqual({ ok: true, value: 'done' });
      expect(await spinning.call([false], 300)).toMatchObject({ ok: false, reason: 'timeout' });
      // The worker that kept spinning was ended and started again: the next call is answered.
      expect(await spinning.call([true], 60_000)).toEqual({ ok: true, value: 'done' });
    } finally {
      await spinning.close();
    }
  }, 120_000);
});
