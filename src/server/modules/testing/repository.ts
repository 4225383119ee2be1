import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Where the demo data as first seeded is kept, beside the app's own tables. */
const SNAPSHOT = 'e2e_snapshot';

async function publicTables(db: Database): Promise<string[]> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_migration%'
    order by tablename`.execute(db);
  return tables.rows.map((t) => t.tablename);
}

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Empties every table but the migration bookkeeping, identities restarted. */
export async function truncateAllTables(db: Database): Promise<void> {
  const list = (await publicTables(db)).map(quoted).join(', ');
  await sql.raw(`truncate ${list} restart identity cascade`).execute(db);
}

/** Copies every table and sequence position into the snapshot schema (replacing an older copy). */
export async function saveSnapshot(db: Database): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql.raw(`drop schema if exists ${SNAPSHOT} cascade`).execute(trx);
    await sql.raw(`create schema ${SNAPSHOT}`).execute(trx);
    for (const table of await publicTables(trx)) {
      await sql.raw(`create table ${SNAPSHOT}.${quoted(table)} as select * from public.${quoted(table)}`).execute(trx);
    }
    await sql
      .raw(
        `create table ${SNAPSHOT}.sequence_positions as
         select sequencename::text as name, last_value from pg_sequences where schemaname = 'public'`,
      )
      .execute(trx);
  });
}

/**
 * Puts every table back as the snapshot holds it, in one transaction: rows copied inside the
 * database (types exact), triggers and foreign-key checks off while copying (the copy is whole
 * and consistent; counters kept by triggers come back with their tables), sequences where they
 * were. False when there is no snapshot yet.
 */
export async function restoreSnapshot(db: Database): Promise<boolean> {
  const exists = await sql<{ n: number }>`
    select count(*)::int as n from information_schema.schemata where schema_name = ${SNAPSHOT}`.execute(db);
  if (!exists.rows[0]?.n) return false;
  await db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    const tables = await publicTables(trx);
    await sql.raw(`truncate ${tables.map(quoted).join(', ')} restart identity cascade`).execute(trx);
    for (const table of tables) {
      await sql
        .raw(`insert into public.${quoted(table)} overriding system value select * from ${SNAPSHOT}.${quoted(table)}`)
        .execute(trx);
    }
    const positions = await sql<{ name: string; last_value: string | number | null }>`
      select name, last_value from ${sql.raw(SNAPSHOT)}.sequence_positions`.execute(trx);
    for (const p of positions.rows) {
      const seq = `public.${quoted(p.name)}`;
      if (p.last_value === null) await sql`select setval(${seq}::regclass, 1, false)`.execute(trx);
      else await sql`select setval(${seq}::regclass, ${String(p.last_value)}::bigint)`.execute(trx);
    }
  });
  return true;
}
