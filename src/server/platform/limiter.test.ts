import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../shared/errors';
import { createLimiter, roomPerKey } from './limiter';

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

  it('takes waiting work in turns per tenant, then per user: a newcomer waits one turn, not the queue', async () => {
    const limit = createLimiter({ concurrency: 1, queueLimit: 1000, full: () => new AppError('TooManyAttempts') });
    const order: string[] = [];
    const blocker = gate();
    const first = limit(() => blocker.opened);
    const runs = [
      ...Array.from({ length: 50 }, (_, i) => limit(async () => void order.push(`t1/a${i}`), [1, 'a'])),
      ...Array.from({ length: 5 }, (_, i) => limit(async () => void order.push(`t1/b${i}`), [1, 'b'])),
      limit(async () => void order.push('t2/c0'), [2, 'c']),
    ];
    blocker.open();
    await Promise.all([first, ...runs]);
    // Tenant 2's single request comes second, tenant 1's users alternate within tenant 1's turns.
    expect(order.slice(0, 6)).toEqual(['t1/a0', 't2/c0', 't1/b0', 't1/a1', 't1/b1', 't1/a2']);
    expect(order).toHaveLength(56);
  });

  it('refuses a key beyond its own queue while others still get in', async () => {
    const limit = createLimiter({
      concurrency: 1,
      queueLimit: 100,
      queueLimitPerKey: 2,
      full: () => new AppError('TooManyAttempts'),
    });
    const blocker = gate();
    const first = limit(() => blocker.opened);
    const mine = [limit(async () => 1, [1, 'a']), limit(async () => 2, [1, 'a'])];
    await expect(limit(async () => 3, [1, 'a'])).rejects.toMatchObject({ code: 'TooManyAttempts' });
    const other = limit(async () => 4, [2, 'b']);
    blocker.open();
    expect(await Promise.all([first, ...mine, other])).toEqual([undefined, 1, 2, 4]);
  });

  it('whatever the flood, a request of a new tenant starts within one turn per waiting tenant', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 3 })), { maxLength: 80 }),
        fc.integer({ min: 1, max: 3 }),
        async (flood, concurrency) => {
          const limit = createLimiter({ concurrency, queueLimit: 1000, full: () => new AppError('TooManyAttempts') });
          const order: string[] = [];
          const blockers = Array.from({ length: concurrency }, gate);
          const held = blockers.map((b) => limit(() => b.opened));
          const runs = flood.map(([t, u]) => limit(async () => void order.push(`${t}`), [t, u]));
          const newcomer = limit(async () => void order.push('new'), [99, 1]);
          for (const b of blockers) b.open();
          await Promise.all([...held, ...runs, newcomer]);
          const tenantsWaiting = new Set(flood.map(([t]) => t)).size;
          expect(order.indexOf('new')).toBeLessThanOrEqual(tenantsWaiting);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps a slot free for another tenant: one tenant holds at most its share, and the share passes on', async () => {
    const limit = createLimiter({
      concurrency: 2,
      concurrencyPerFirstKey: 1,
      queueLimit: 100,
      full: () => new AppError('TooManyAttempts'),
    });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof gate>>();
    const run = (name: string, key: (string | number)[]) => {
      const g = gate();
      gates.set(name, g);
      return limit(async () => {
        started.push(name);
        await g.opened;
        return name;
      }, key);
    };
    const burst = Array.from({ length: 5 }, (_, i) => run(`t1/${i}`, [1, 'a']));
    await new Promise((r) => setTimeout(r, 0));
    // One tenant's burst takes one of the two slots.
    expect(started).toEqual(['t1/0']);
    const other = run('t2/0', [2, 'b']);
    await new Promise((r) => setTimeout(r, 0));
    // Another tenant starts at once, not after the burst.
    expect(started).toEqual(['t1/0', 't2/0']);
    gates.get('t2/0')!.open();
    await other;
    await new Promise((r) => setTimeout(r, 0));
    // The freed slot is not the burst's: it still holds its one.
    expect(started).toEqual(['t1/0', 't2/0']);
    gates.get('t1/0')!.open();
    await burst[0];
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual(['t1/0', 't2/0', 't1/1']);
    for (let i = 1; i < 5; i++) {
      gates.get(`t1/${i}`)!.open();
      await burst[i];
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(started).toHaveLength(6);
    // All done: both slots are free again.
    expect(await Promise.all([limit(async () => 'x', [3]), limit(async () => 'y', [4])])).toEqual(['x', 'y']);
  });

  it('tells beforehand whether work would be taken, so a request that would be refused costs nothing', async () => {
    const limit = createLimiter({
      concurrency: 1,
      queueLimit: 10,
      queueLimitPerKey: 1,
      full: () => new AppError('TooManyAttempts'),
    });
    const g = gate();
    const running = limit(() => g.opened, [1, 'a']);
    expect(limit.admits([1, 'a'])).toBe(true);
    const waiting = limit(async () => 'second', [1, 'a']);
    // The key's one waiting place is taken; another key still has room.
    expect(limit.admits([1, 'a'])).toBe(false);
    await expect(limit(async () => 'third', [1, 'a'])).rejects.toMatchObject({ code: 'TooManyAttempts' });
    expect(limit.admits([2, 'b'])).toBe(true);
    g.open();
    await running;
    expect(await waiting).toBe('second');
    expect(limit.admits([1, 'a'])).toBe(true);
  });

  it('tells how much one key may hold at once, running and waiting', () => {
    expect(roomPerKey({ concurrency: 2, concurrencyPerFirstKey: 1, queueLimitPerKey: 10 })).toBe(11);
    expect(roomPerKey({ concurrency: 4, concurrencyPerFirstKey: 2, queueLimitPerKey: 2 })).toBe(4);
    expect(roomPerKey({ concurrency: 1, queueLimitPerKey: 3 })).toBe(4);
    expect(roomPerKey({ concurrency: 1 })).toBe(Infinity);
  });
});
