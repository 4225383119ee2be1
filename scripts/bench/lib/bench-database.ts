import pg from 'pg';
import { createDatabase, type Database } from '../../../src/server/platform/db/database';

/**
 * The database a benchmark seeds: a fresh in-memory PGlite, or, with DATABASE_URL, a fresh
 * database `<name>` on that PostgreSQL server (dropped and created anew, so earlier runs or
 * other data never mix in; BENCH_REUSE=1 keeps one an earlier run seeded). BENCH_DATABASE names
 * another database, so runs side by side on one server do not drop each other's.
 */
export async function openBenchDatabase(
  defaultName: string,
): Promise<{ db: Database; label: string; reused: boolean }> {
  const name = process.env.BENCH_DATABASE || defaultName;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_DATABASE: not a plain database name: ${name}`);
  const url = process.env.DATABASE_URL;
  if (!url) return { db: await createDatabase({ dataDir: 'memory://' }), label: 'PGlite (in memory)', reused: false };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  // BENCH_REUSE=1 keeps the database an earlier run seeded (seeding can take minutes).
  const reused =
    process.env.BENCH_REUSE === '1' &&
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!reused) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  }
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    db: await createDatabase({ databaseUrl: target.toString(), poolSize: 10 }),
    label: `PostgreSQL (database ${name})`,
    reused,
  };
}
