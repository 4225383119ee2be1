import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestApp } from '../../test/app';
import { createTenant } from '../../test/factories';
import { emitEvent, eventsSince, pruneEvents, type PlatformEvent } from './index';

describe('events', () => {
  let app: FastifyInstance;
  let tenantId: number;
  beforeAll(async () => {
    app = await createTestApp();
    await app.ctx.events.ready;
    tenantId = (await createTenant(app.ctx.db)).tenant_id;
  });
  afterAll(async () => app.close());

  const waitFor = async (seen: PlatformEvent[], n: number) => {
    for (let i = 0; i < 100 && seen.length < n; i++) await new Promise((r) => setTimeout(r, 20));
  };

  it('hands a committed event to the subscribers after commit, and nothing of a rolled-back one', async () => {
    const seen: PlatformEvent[] = [];
    const off = app.ctx.events.subscribe((e) => {
      if (e.tenantId === tenantId) seen.push(e);
    });
    await app.ctx.db
      .transaction()
      .execute(async (trx) => {
        await emitEvent(trx, { type: 'member.added', tenantId, subject: { kind: 'user', id: 1 }, data: { x: 1 } });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    let seenInside = -1;
    const committed = await app.ctx.db.transaction().execute(async (trx) => {
      const e = await emitEvent(trx, { type: 'project.created', tenantId, subject: { kind: 'unit', id: 7 } });
      await new Promise((r) => setTimeout(r, 50));
      seenInside = seen.length;
      return e;
    });
    await waitFor(seen, 1);
    expect(seenInside).toBe(0);
    expect(seen.map((e) => [e.eventId, e.type, e.subject])).toEqual([
      [committed.eventId, 'project.created', { kind: 'unit', id: '7' }],
    ]);
    const stored = await eventsSince(app.ctx.db, tenantId, 0);
    expect(stored.map((e) => e.type)).toEqual(['project.created']);
    off();
  });

  it('prunes events older than the cutoff', async () => {
    await emitEvent(app.ctx.db, { type: 'mention', tenantId, subject: { kind: 'user', id: 2 } });
    await app.ctx.db
      .updateTable('events')
      .set({ created_at: new Date('2020-01-01') })
      .where('tenant_id', '=', tenantId)
      .where('type', '=', 'mention')
      .execute();
    expect(await pruneEvents(app.ctx.db, new Date('2021-01-01'))).toBeGreaterThanOrEqual(1);
    expect((await eventsSince(app.ctx.db, tenantId, 0)).some((e) => e.type === 'mention')).toBe(false);
  });
});
