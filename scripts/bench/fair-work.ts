// Fair turns of background work: another tenant's single model conversion while one user has 50
// waiting, against the same conversion on a quiet queue. Each item really converts the fixture
// (IFC → fragments in a worker thread, as the conversion kind does; without storing the result).
// Usage: npx tsx scripts/bench/fair-work.ts [--flood 50]   (DATABASE_URL=… for PostgreSQL)
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createDatabase } from '../../src/server/platform/db/database';
import { migrateToLatest } from '../../src/server/platform/db/migrate';
import { convertIfcToFragments, defaultConversionLimits } from '../../src/server/platform/ifc/fragments-convert';
import { createWorkQueue } from '../../src/server/platform/jobs/work';
import { enqueueWork } from '../../src/server/platform/jobs/work-items';

const args = process.argv.slice(2);
const floodAt = args.indexOf('--flood');
const flood = floodAt >= 0 ? Number(args[floodAt + 1]) : 50;
const fixture = path.resolve(import.meta.dirname, '../../src/server/seed/fixtures/AC20-FZK-Haus.ifc');
const size = fs.statSync(fixture).size;
const log = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;

const db = await createDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://', poolSize: 4 });
await migrateToLatest(db);
const tenant = async (key: string) =>
  (
    await db
      .insertInto('tenants')
      .values({ tenant_key: `${key}-${Date.now()}`, name: key, features: '{}' })
      .returning('tenant_id')
      .executeTakeFirstOrThrow()
  ).tenant_id;
const [flooder, other] = [await tenant('bench-flood'), await tenant('bench-other')];

/** Runs one scenario; resolves with the other tenant's wait (enqueue → its conversion done), ms. */
async function scenario(kind: string, floodItems: number): Promise<{ waitMs: number; before: number }> {
  const queue = createWorkQueue({ db, log });
  let done = 0;
  let resolveOther!: (v: { waitMs: number; before: number }) => void;
  const otherDone = new Promise<{ waitMs: number; before: number }>((r) => (resolveOther = r));
  let enqueuedAt = 0;
  queue.register<{ other?: boolean }>(kind, {
    concurrency: 1,
    handler: async (item, signal) => {
      await convertIfcToFragments(fixture, size, defaultConversionLimits, signal);
      if (item.payload.other) resolveOther({ waitMs: performance.now() - enqueuedAt, before: done });
      done++;
    },
  });
  for (let i = 0; i < floodItems; i++) await enqueueWork(db, { kind, tenantId: flooder, userId: 1, payload: {} });
  await queue.start({ intervalMs: 200 });
  // The flood is being worked on when the other tenant's model arrives.
  if (floodItems > 0) while (done === 0) await new Promise((r) => setTimeout(r, 20));
  enqueuedAt = performance.now();
  await enqueueWork(db, { kind, tenantId: other, userId: 2, payload: { other: true } });
  queue.nudge(kind);
  const result = await otherDone;
  await queue.stop();
  return result;
}

const quiet = await scenario(`bench.quiet.${Date.now()}`, 0);
const busy = await scenario(`bench.flood.${Date.now()}`, flood);
const s = (ms: number) => (ms / 1000).toFixed(1);
console.log(
  `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: another tenant's conversion waited ${s(quiet.waitMs)} s on a quiet queue, ` +
    `${s(busy.waitMs)} s while one user had ${flood} waiting (${(busy.waitMs / quiet.waitMs).toFixed(2)}× quiet; ` +
    `${busy.before} of the flood converted before it, first-come first-served would have been ${flood})`,
);
await db.destroy();
