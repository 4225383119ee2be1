import pg from 'pg';
import { createDatabase, type Database } from '../../../src/server/platform/db/database';

/**
 * The database a benchmark seeds: a fresh in-memory PGlite, or, with DATABASE_URL, a fresh
 * database `<name>` on that PostgreSQL server (dropped and created anew, so earlier runs or
 * other data never mix in).
 */
export async function openBenchDatabase(name: string): Promise<{ db: Database; label: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { db: await createDatabase({ dataDir: 'memory://' }), label: 'PGlite (in memory)' };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    db: await createDatabase({ databaseUrl: target.toString(), poolSize: 10 }),
    label: `PostgreSQL (database ${name})`,
  };
}
