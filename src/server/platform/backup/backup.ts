import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';
import { createMigrator } from '../db/migrate';
import type { StorageDriver } from '../storage/storage';

/**
 * Backups of a whole instance: every table and every stored file, taken from one consistent
 * snapshot while the server runs, and restored into an empty instance (docs/operations.md).
 *
 * - PostgreSQL: `pg_dump` in custom format, run on a snapshot exported by the transaction
 *   that also lists the files and computes the table digests; restored with `pg_restore`.
 * - PGlite: the rows of every table as JSON lines (`to_jsonb`, so PostgreSQL itself converts
 *   every type both ways), read in one repeatable-read transaction. The embedded database has one
 *   connection, so other requests wait while it runs (about a second for the demo data).
 *
 * The manifest holds the digest of every table (row count, sha-256 of the sorted row texts) and
 * of every file, and a restore checks itself against it before it reports success.
 */
export type BackupManifest = {
  format: 'planport-backup';
  version: 1;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** The migrations applied when the backup was taken, in order. */
  migrations: string[];
  tables: Record<string, TableDigest>;
  files: { key: string; size: number; sha256: string }[];
};

export type TableDigest = { rows: number; sha256: string };

export type BackupTarget = { db: Database; storage: StorageDriver; databaseUrl?: string };

type Trx = Transaction<DB>;

const MANIFEST = 'manifest.json';
const PG_DUMP_FILE = 'database.pgdump';
const CHUNK = 2000;

/** The tables of the application (public schema), the migration bookkeeping included. */
async function tableNames(trx: Trx | Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(trx);
  return rows.map((r) => r.name);
}

/** Row texts of a table in pages by physical position, all from the transaction's snapshot. */
async function* tableRows(trx: Trx | Database, table: string): AsyncGenerator<{ ctid: string; row: string }[]> {
  let after = '(0,0)';
  for (;;) {
    const { rows } = await sql<{ ctid: string; row: string }>`
      select ctid::text as ctid, to_jsonb(t)::text as row from ${sql.table(table)} t
      where ctid > ${after}::tid order by ctid limit ${CHUNK}`.execute(trx);
    if (rows.length === 0) return;
    yield rows;
    after = rows[rows.length - 1]?.ctid ?? after;
    if (rows.length < CHUNK) return;
  }
}

/** Row count and sha-256 of the sorted row texts: equal for equal contents, in any order. */
export async function tableDigests(db: Trx | Database): Promise<Record<string, TableDigest>> {
  const result: Record<string, TableDigest> = {};
  for (const table of await tableNames(db)) {
    if (table.startsWith('kysely_migration')) continue;
    const texts: string[] = [];
    for await (const page of tableRows(db, table)) for (const r of page) texts.push(r.row);
    texts.sort();
    const hash = crypto.createHash('sha256');
    for (const text of texts) hash.update(text).update('\n');
    result[table] = { rows: texts.length, sha256: hash.digest('hex') };
  }
  return result;
}

async function appliedMigrations(db: Trx | Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  return rows.map((r) => r.name);
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

async function copyFilesOut(trx: Trx, storage: StorageDriver, dir: string): Promise<BackupManifest['files']> {
  const blobs = await trx
    .selectFrom('file_blobs')
    .select(['storage_key', 'size', 'sha256'])
    .orderBy('storage_key')
    .execute();
  // Converted models (fragments of IFC versions) are stored beside the uploads; they are copied
  // too, so a restored instance opens its models without converting them again.
  const derived = await trx
    .selectFrom('file_conversions')
    .select('fragments_key')
    .distinct()
    .where('fragments_key', 'is not', null)
    .orderBy('fragments_key')
    .execute();
  fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
  const files: BackupManifest['files'] = [];
  for (const blob of blobs) {
    const target = path.join(dir, 'files', blob.storage_key);
    await pipeline(await storage.get(blob.storage_key), fs.createWriteStream(target));
    const sha256 = await fileSha256(target);
    if (sha256 !== blob.sha256) throw new Error(`stored file ${blob.storage_key} does not match its checksum`);
    files.push({ key: blob.storage_key, size: Number(blob.size), sha256 });
  }
  for (const { fragments_key: key } of derived) {
    if (!key || !(await storage.exists(key))) continue;
    const target = path.join(dir, 'files', key);
    await pipeline(await storage.get(key), fs.createWriteStream(target));
    files.push({ key, size: fs.statSync(target).size, sha256: await fileSha256(target) });
  }
  return files;
}

async function fileSha256(file: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** Writes a backup of the instance into `dir` (created; must not hold a backup yet). */
export async function createBackup(target: BackupTarget, dir: string, now = new Date()): Promise<BackupManifest> {
  if (fs.existsSync(path.join(dir, MANIFEST))) throw new Error(`${dir} already holds a backup`);
  fs.mkdirSync(dir, { recursive: true });
  const database = target.databaseUrl ? 'postgres' : 'pglite';
  const manifest = await target.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx): Promise<BackupManifest> => {
      if (target.databaseUrl) {
        const { rows } = await sql<{ id: string }>`select pg_export_snapshot() as id`.execute(trx);
        const snapshot = rows[0]?.id ?? '';
        await run('pg_dump', [
          '--format=custom',
          `--snapshot=${snapshot}`,
          '--no-owner',
          '--no-privileges',
          `--file=${path.join(dir, PG_DUMP_FILE)}`,
          target.databaseUrl,
        ]);
      } else {
        fs.mkdirSync(path.join(dir, 'tables'), { recursive: true });
        for (const table of await tableNames(trx)) {
          const out = fs.createWriteStream(path.join(dir, 'tables', `${table}.jsonl`));
          for await (const page of tableRows(trx, table)) out.write(page.map((r) => r.row).join('\n') + '\n');
          await new Promise<void>((resolve, reject) =>
            out.end((err?: Error | null) => (err ? reject(err) : resolve())),
          );
        }
      }
      return {
        format: 'planport-backup',
        version: 1,
        createdAt: now.toISOString(),
        database,
        migrations: await appliedMigrations(trx),
        tables: await tableDigests(trx),
        files: await copyFilesOut(trx, target.storage, dir),
      };
    });
  // The manifest is written last: a directory without one is an unfinished backup.
  fs.writeFileSync(path.join(dir, MANIFEST), JSON.stringify(manifest, null, 2));
  return manifest;
}

export function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new Error(`${dir} holds no finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (manifest.format !== 'planport-backup' || manifest.version !== 1)
    throw new Error(`${dir} is not a backup of this application`);
  return manifest;
}

/** Rows of the application's own tables (the migration bookkeeping excluded). */
async function holdsData(db: Database): Promise<boolean> {
  for (const table of await tableNames(db)) {
    if (table.startsWith('kysely_migration')) continue;
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
    if ((rows[0]?.n ?? 0) > 0) return true;
  }
  return false;
}

/** Columns a restore may write: generated columns are computed again by the database. */
async function writableColumns(db: Trx, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select column_name as name from information_schema.columns
    where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
    order by ordinal_position`.execute(db);
  return rows.map((r) => r.name);
}

async function loadTable(trx: Trx, table: string, file: string): Promise<void> {
  const columns = await writableColumns(trx, table);
  const list = sql.join(columns.map((c) => sql.ref(c)));
  const insert = async (batch: string[]) => {
    if (batch.length === 0) return;
    await sql`insert into ${sql.table(table)} (${list}) overriding system value
      select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${`[${batch.join(',')}]`}::jsonb)`.execute(
      trx,
    );
  };
  let batch: string[] = [];
  const lines = readline.createInterface({ input: fs.createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    if (batch.length >= 500) {
      await insert(batch);
      batch = [];
    }
  }
  await insert(batch);
}

/** Every serial or identity column's sequence continues after the highest restored value. */
async function resetSequences(trx: Trx): Promise<void> {
  const { rows } = await sql<{ table: string; column: string; seq: string | null }>`
    select table_name as table, column_name as column,
           pg_get_serial_sequence(quote_ident(table_name), column_name) as seq
    from information_schema.columns where table_schema = 'public'`.execute(trx);
  for (const r of rows) {
    if (!r.seq) continue;
    await sql`select setval(${r.seq}, coalesce((select max(${sql.ref(r.column)}) from ${sql.table(r.table)}), 0) + 1, false)`.execute(
      trx,
    );
  }
}

export type RestoreResult = { tables: number; rows: number; files: number };

/**
 * Restores a backup into an empty instance of the same kind of database, then brings it to
 * this version's schema and checks every table and file against the manifest.
 */
export async function restoreBackup(target: BackupTarget, dir: string): Promise<RestoreResult> {
  const manifest = readManifest(dir);
  const kind = target.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind)
    throw new Error(`this backup comes from ${manifest.database}; it restores into ${manifest.database} only`);
  const known = await createMigrator(target.db).getMigrations();
  const knownNames = known.map((m) => m.name);
  const unknown = manifest.migrations.filter((name) => !knownNames.includes(name));
  if (unknown.length > 0)
    throw new Error(`the backup is newer than this version (unknown migrations: ${unknown.join(', ')})`);
  // Every file is checked before anything is written, so a damaged backup changes nothing.
  for (const f of manifest.files) {
    const source = path.join(dir, 'files', f.key);
    if (!fs.existsSync(source) || (await fileSha256(source)) !== f.sha256)
      throw new Error(`backup file ${f.key} is missing or damaged`);
  }
  const tables = await tableNames(target.db);
  if (tables.some((t) => !t.startsWith('kysely_migration')) && (await holdsData(target.db)))
    throw new Error('the target database is not empty; restore only into an empty instance');

  if (kind === 'postgres') {
    if (tables.length > 0) throw new Error('the target PostgreSQL database must be empty (no tables)');
    await run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${target.databaseUrl ?? ''}`,
      path.join(dir, PG_DUMP_FILE),
    ]);
  } else {
    const last = manifest.migrations[manifest.migrations.length - 1];
    if (last) {
      const { error } = await createMigrator(target.db).migrateTo(last);
      if (error) throw new Error(`preparing the schema failed: ${String(error)}`);
    }
    await target.db.transaction().execute(async (trx) => {
      // Rows arrive table by table; references are checked once everything is in.
      await sql`set local session_replication_role = replica`.execute(trx);
      for (const table of await tableNames(trx)) {
        if (table.startsWith('kysely_migration')) continue;
        await sql`delete from ${sql.table(table)}`.execute(trx);
        const file = path.join(dir, 'tables', `${table}.jsonl`);
        if (fs.existsSync(file)) await loadTable(trx, table, file);
      }
      await resetSequences(trx);
    });
  }

  for (const f of manifest.files) {
    const source = path.join(dir, 'files', f.key);
    const stored = await target.storage.put(f.key, fs.createReadStream(source));
    if (stored.sha256 !== f.sha256) throw new Error(`stored file ${f.key} does not match the backup`);
  }

  const digests = await tableDigests(target.db);
  for (const [table, expected] of Object.entries(manifest.tables)) {
    const actual = digests[table];
    if (!actual || actual.rows !== expected.rows || actual.sha256 !== expected.sha256)
      throw new Error(`table ${table} differs from the backup after the restore`);
  }
  const { error } = await createMigrator(target.db).migrateToLatest();
  if (error) throw new Error(`migrating the restored data failed: ${String(error)}`);
  return {
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0),
    files: manifest.files.length,
  };
}
