import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { BACKGROUND_NICE, BURST_NICE, runModuleInWorker, WORKER_NICE } from './run-module';

const fixture = new URL('./limits-fixture.ts', import.meta.url);

/** Every run has a heap cap and a time limit; a run that passes either ends alone, the server goes on. */
describe('worker runner limits', () => {
  it('returns the value of a task within its limits', async () => {
    expect(await runModuleInWorker(fixture, 'double', [21], { timeoutMs: 30_000, heapMb: 64 })).toEqual({
      ok: true,
      value: 42,
    });
  }, 60_000);

  it('a task that outgrows its heap is ended with the outcome "memory"', async () => {
    const outcome = await runModuleInWorker(fixture, 'hoardMemory', [], { timeoutMs: 60_000, heapMb: 32 });
    expect(outcome).toMatchObject({ ok: false, reason: 'memory' });
  }, 90_000);

  it('a task that runs past its time is ended with the outcome "timeout", and the lane serves the next one', async () => {
    const started = Date.now();
    const outcome = await runModuleInWorker(fixture, 'spinForever', [], { timeoutMs: 1_500, heapMb: 64 });
    expect(outcome).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await runModuleInWorker(fixture, 'double', [2], { timeoutMs: 30_000, heapMb: 64 })).toEqual({
      ok: true,
      value: 4,
    });
  }, 90_000);

  it('a task that fills memory outside its heap (as WebAssembly does) is ended at its memory limit', async () => {
    const started = Date.now();
    const outcome = await runModuleInWorker(fixture, 'hoardOutsideHeap', [], {
      timeoutMs: 45_000,
      heapMb: 64,
      memoryMb: 128,
    });
    // Without the memory limit the task would hold 1 GB until its time ran out.
    expect(outcome).toMatchObject({ ok: false, reason: 'memory' });
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 90_000);

  it('runs tasks at a lower CPU priority than the event loop, which keeps its own', async () => {
    const before = os.getPriority(0);
    const outcome = await runModuleInWorker<number>(fixture, 'niceness', [], { timeoutMs: 30_000, heapMb: 64 });
    expect(outcome).toEqual({ ok: true, value: Math.max(before, WORKER_NICE) });
    const queued = await runModuleInWorker<number>(
      fixture,
      'niceness',
      [],
      { timeoutMs: 30_000, heapMb: 64 },
      { background: true },
    );
    expect(queued).toEqual({ ok: true, value: Math.max(before, BACKGROUND_NICE) });
    expect(os.getPriority(0)).toBe(before);
  }, 60_000);

  it("runs a tenant's burst below other work: a run with more of its tenant waiting yields the CPU", async () => {
    const before = os.getPriority(0);
    const limits = { timeoutMs: 30_000, heapMb: 64 };
    const lane = { lane: 'burst-probe', key: [7, 'a'] };
    const runs = [0, 1, 2].map(() => runModuleInWorker<number>(fixture, 'niceness', [], limits, lane));
    const values = (await Promise.all(runs)).map((r) => (r.ok ? r.value : null));
    // The first started alone; the second had the third waiting behind it; the last was alone again.
    expect(values).toEqual([WORKER_NICE, BURST_NICE, WORKER_NICE].map((n) => Math.max(before, n)));
  }, 60_000);
});
