import { sql } from 'kysely';
import type { Database } from '../../platform/db/database';

/** Empties every table but the migration bookkeeping, identities restarted. */
export async function truncateAllTables(db: Database): Promise<void> {
  const tables = await sql<{ tablename: string }>`
    select tablename from pg_tables where schemaname = 'public' and tablename not like 'kysely_migration%'`.execute(db);
  const list = tables.rows.map((t) => `"${t.tablename}"`).join(', ');
  await sql.raw(`truncate ${list} restart identity cascade`).execute(db);
}
