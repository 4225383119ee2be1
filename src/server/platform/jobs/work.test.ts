import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database';
import { getTestDatabase } from '../../test/database';
import { createTenant } from '../../test/factories';
import { LEASE_SECONDS, RETRY_DELAYS_MS } from './lease';
import { createWorkQueue, PermanentWorkError } from './work';
import { claimWork, completeWork, enqueueWork, failAbandonedWork, failWork, pruneWork, renewWork } from './work-items';

const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const uniqueKind = (name: string) => `test.${name}.${crypto.randomBytes(4).toString('hex')}`;

/** Seconds from the database's now to a row's run_after. */
async function dueInSeconds(db: Database, workId: number): Promise<number> {
  const { rows } = await sql<{ s: number }>`
    select extract(epoch from run_after - now())::float8 as s from work_items where work_id = ${workId}`.execute(db);
  return Number(rows[0]!.s);
}

async function rowOf(db: Database, workId: number) {
  return db.selectFrom('work_items').selectAll().where('work_id', '=', workId).executeTakeFirstOrThrow();
}

describe('background work (work_items)', () => {
  let db: Database;
  let tenantA: number;
  let tenantB: number;
  beforeAll(async () => {
    db = await getTestDatabase();
    tenantA = (await createTenant(db)).tenant_id;
    tenantB = (await createTenant(db)).tenant_id;
  });

  it('is written in the transaction of the change: gone when it rolls back, once per dedupe key', async () => {
    const kind = uniqueKind('tx');
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueWork(trx, { kind, tenantId: tenantA, userId: 1, payload: { n: 1 } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await claimWork(db, kind, 'i1')).toBeUndefined();

    const id = await db
      .transaction()
      .execute((trx) => enqueueWork(trx, { kind, tenantId: tenantA, userId: 1, payload: { n: 2 }, dedupeKey: 'k' }));
    expect(id).toEqual(expect.any(Number));
    expect(await enqueueWork(db, { kind, tenantId: tenantA, userId: 1, payload: { n: 3 }, dedupeKey: 'k' })).toBeNull();
    const item = await claimWork(db, kind, 'i1');
    expect(item).toMatchObject({ workId: id, tenantId: tenantA, userId: 1, payload: { n: 2 }, attempt: 1 });
    expect(await claimWork(db, kind, 'i1')).toBeUndefined();
    // Still unfinished (running): the key still holds; once done it may be enqueued again.
    expect(await enqueueWork(db, { kind, tenantId: tenantA, userId: 1, dedupeKey: 'k' })).toBeNull();
    expect(await completeWork(db, id!, 'i1')).toBe(true);
    expect(await enqueueWork(db, { kind, tenantId: tenantA, userId: 1, dedupeKey: 'k' })).toEqual(expect.any(Number));
  });

  it('takes turns by tenant, then by user: a flood of one user delays another tenant by one turn', async () => {
    const kind = uniqueKind('fair');
    for (let i = 0; i < 50; i++) await enqueueWork(db, { kind, tenantId: tenantA, userId: 11, payload: { i } });
    const lone = await enqueueWork(db, { kind, tenantId: tenantB, userId: 21, payload: { lone: true } });
    const colleague = await enqueueWork(db, { kind, tenantId: tenantA, userId: 12, payload: { colleague: true } });

    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      const item = await claimWork(db, kind, 'i1');
      expect(item).toBeDefined();
      order.push(item!.workId);
      await completeWork(db, item!.workId, 'i1');
    }
    // Enqueued 51st and 52nd; first-come first-served would take them after 50 others.
    expect(order.indexOf(lone!)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(lone!)).toBeLessThanOrEqual(1);
    expect(order.indexOf(colleague!)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(colleague!)).toBeLessThanOrEqual(3);
  });

  it('retries after growing delays and fails with the reason after the last attempt', async () => {
    const kind = uniqueKind('retry');
    const id = (await enqueueWork(db, { kind, tenantId: tenantA, userId: 1, maxAttempts: 3 }))!;
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const item = await claimWork(db, kind, 'i1');
      expect(item).toMatchObject({ workId: id, attempt, maxAttempts: 3 });
      const status = await failWork(db, id, 'i1', `mail server down ${attempt}`);
      if (attempt < 3) {
        expect(status).toBe('waiting');
        delays.push(await dueInSeconds(db, id));
        // Not due before its delay has passed.
        expect(await claimWork(db, kind, 'i1')).toBeUndefined();
        await db
          .updateTable('work_items')
          .set({ run_after: sql`now()` })
          .where('work_id', '=', id)
          .execute();
      } else {
        expect(status).toBe('failed');
      }
    }
    expect(delays[0]).toBeGreaterThan(RETRY_DELAYS_MS[0]! / 1000 - 5);
    expect(delays[1]).toBeGreaterThan(delays[0]!);
    expect(await claimWork(db, kind, 'i1')).toBeUndefined();
    const row = await rowOf(db, id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, last_error: 'mail server down 3' });
    expect(row.finished_at).not.toBeNull();
  });

  it('takes over a claim whose claimer stopped renewing once its lease ran out, never before', async () => {
    const kind = uniqueKind('lease');
    const id = (await enqueueWork(db, { kind, tenantId: tenantA, userId: 1, maxAttempts: 2 }))!;
    expect(await claimWork(db, kind, 'dead')).toMatchObject({ workId: id, attempt: 1 });
    expect(await claimWork(db, kind, 'alive')).toBeUndefined();
    // Renewed just now: still the claimer's. Then it dies: no renewal for longer than the lease.
    expect(await renewWork(db, id, 'dead')).toBe(true);
    await db
      .updateTable('work_items')
      .set({ renewed_at: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})` })
      .where('work_id', '=', id)
      .execute();
    expect(await claimWork(db, kind, 'alive')).toMatchObject({ workId: id, attempt: 2 });
    // The dead claimer, were it only slow, can neither renew nor finish the work any more.
    expect(await renewWork(db, id, 'dead')).toBe(false);
    expect(await completeWork(db, id, 'dead')).toBe(false);
    // The second claimer dies too, on the last attempt: the work is failed, not taken again.
    await db
      .updateTable('work_items')
      .set({ renewed_at: sql`now() - make_interval(secs => ${LEASE_SECONDS + 1})` })
      .where('work_id', '=', id)
      .execute();
    expect(await claimWork(db, kind, 'third')).toBeUndefined();
    expect((await failAbandonedWork(db)).map((f) => f.workId)).toContain(id);
    expect(await rowOf(db, id)).toMatchObject({ status: 'failed', last_error: 'interrupted' });
  });

  it('runs registered kinds with their concurrency; a permanent error fails at once', async () => {
    const kind = uniqueKind('queue');
    const queue = createWorkQueue({ db, log });
    let active = 0;
    let most = 0;
    const seen: number[] = [];
    queue.register<{ n: number }>(kind, {
      concurrency: 2,
      maxAttempts: 5,
      handler: async (item) => {
        active++;
        most = Math.max(most, active);
        await new Promise((r) => setTimeout(r, 20));
        active--;
        if (item.payload.n === 3) throw new PermanentWorkError('VIEWER.Conversion.Failed.Unreadable');
        seen.push(item.payload.n);
      },
    });
    const ids: number[] = [];
    for (let n = 0; n < 6; n++)
      ids.push((await enqueueWork(db, { kind, tenantId: tenantA, userId: n, payload: { n } }))!);
    await queue.drain(kind);
    await queue.stop();
    expect(most).toBe(2);
    expect(seen.sort()).toEqual([0, 1, 2, 4, 5]);
    const rows = await db.selectFrom('work_items').selectAll().where('work_id', 'in', ids).orderBy('work_id').execute();
    expect(rows.map((r) => r.status)).toEqual(['done', 'done', 'done', 'failed', 'done', 'done']);
    expect(rows[3]).toMatchObject({ attempts: 1, last_error: 'VIEWER.Conversion.Failed.Unreadable' });
  });

  it('gives a running claim back uncounted when the instance stops', async () => {
    const kind = uniqueKind('stop');
    const queue = createWorkQueue({ db, log });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    queue.register(kind, {
      concurrency: 1,
      handler: (_item, signal) =>
        new Promise<void>((_resolve, reject) => {
          started();
          signal.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    });
    const id = (await enqueueWork(db, { kind, tenantId: tenantB, userId: 1 }))!;
    queue.nudge(kind);
    await running;
    await queue.stop();
    expect(await rowOf(db, id)).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(await claimWork(db, kind, 'next')).toMatchObject({ workId: id, attempt: 1 });
  });

  it('gives back the claim of a handler that ignores the stop once the grace has passed', async () => {
    const kind = uniqueKind('stubborn');
    const queue = createWorkQueue({ db, log, stopGraceMs: 50 });
    let started!: () => void;
    const running = new Promise<void>((r) => (started = r));
    let finish!: () => void;
    queue.register(kind, {
      concurrency: 1,
      handler: () => new Promise<void>((resolve) => ((finish = resolve), started())),
    });
    const id = (await enqueueWork(db, { kind, tenantId: tenantB, userId: 1 }))!;
    queue.nudge(kind);
    await running;
    await queue.stop();
    expect(await rowOf(db, id)).toMatchObject({ status: 'waiting', attempts: 0, claimed_by: queue.instance });
    // The next instance takes it at once; the old handler ending late changes nothing of it.
    expect(await claimWork(db, kind, 'next')).toMatchObject({ workId: id, attempt: 1 });
    finish();
    await new Promise((r) => setTimeout(r, 50));
    expect(await rowOf(db, id)).toMatchObject({ status: 'running', claimed_by: 'next' });
  });

  it('prunes finished work older than the cut-off, keeps unfinished and recent work', async () => {
    const kind = uniqueKind('prune');
    const old = (await enqueueWork(db, { kind, tenantId: tenantA, userId: 1 }))!;
    const recent = (await enqueueWork(db, { kind, tenantId: tenantA, userId: 1 }))!;
    const waiting = (await enqueueWork(db, { kind, tenantId: tenantA, userId: 1 }))!;
    const failed = (await enqueueWork(db, { kind, tenantId: tenantA, userId: 1 }))!;
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    await db
      .updateTable('work_items')
      .set({ status: 'done', finished_at: new Date(now - 40 * day) })
      .where('work_id', '=', old)
      .execute();
    await db
      .updateTable('work_items')
      .set({ status: 'failed', finished_at: new Date(now - 31 * day) })
      .where('work_id', '=', failed)
      .execute();
    await db
      .updateTable('work_items')
      .set({ status: 'done', finished_at: new Date(now - 10 * day) })
      .where('work_id', '=', recent)
      .execute();
    await pruneWork(db, new Date(now - 30 * day));
    const left = await db.selectFrom('work_items').select('work_id').where('kind', '=', kind).execute();
    expect(left.map((r) => r.work_id).sort((a, b) => a - b)).toEqual([recent, waiting]);
  });
});
