import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { createLimiter } from './limiter';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('createLimiter', () => {
  it('runs at most `concurrency` at once, the rest in order of arrival, and refuses beyond the queue', async () => {
    const limit = createLimiter({ concurrency: 2, queueLimit: 2, full: () => new AppError('TooManyAttempts') });
    const gates = Array.from({ length: 4 }, gate);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    const runs = gates.map((g, i) =>
      limit(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        await g.opened;
        running--;
        return i;
      }),
    );
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1]);
    await expect(limit(async () => 'late')).rejects.toMatchObject({ code: 'TooManyAttempts' });

    gates[1]!.open();
    await runs[1];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([0, 1, 2]);
    gates[0]!.open();
    gates[2]!.open();
    gates[3]!.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3]);
    expect(started).toEqual([0, 1, 2, 3]);
    expect(most).toBe(2);
    // Everything done: the slots are free again.
    expect(await limit(async () => 'again')).toBe('again');
  });

  it('frees the slot when the work fails', async () => {
    const limit = createLimiter({ concurrency: 1, queueLimit: 0, full: () => new AppError('TooManyAttempts') });
    await expect(limit(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limit(async () => 1)).toBe(1);
  });
});
