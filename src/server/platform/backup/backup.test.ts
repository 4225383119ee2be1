import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoIfEmpty } from '../../seed/demo';
import { createDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLocalStorage } from '../storage/local-storage';
import { createBackup, restoreBackup, tableDigests, type BackupManifest, type BackupTarget } from './backup';

/**
 * The drill: a populated instance is backed up while open, restored into an empty one, and
 * every table and every stored file compared — on the database the suite runs on.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const temp = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-backup-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(temp, { recursive: true, force: true });
});

/** A fresh, empty database of the suite's kind. */
async function freshTarget(name: string): Promise<BackupTarget> {
  const storage = createLocalStorage(path.join(temp, name, 'files'));
  if (!adminUrl) {
    const db = await createDatabase({ dataDir: 'memory://' });
    cleanups.push(() => db.destroy());
    return { db, storage };
  }
  const dbName = `planport_drill_${name}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql`create database ${sql.id(dbName)}`.execute(admin);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const db = await createDatabase({ databaseUrl: url.toString(), poolSize: 3 });
  cleanups.push(async () => {
    await db.destroy();
    await sql`drop database if exists ${sql.id(dbName)}`.execute(admin);
    await admin.destroy();
  });
  return { db, storage, databaseUrl: url.toString() };
}

async function storedSha(target: BackupTarget, key: string): Promise<string> {
  const hash = crypto.createHash('sha256');
  for await (const chunk of await target.storage.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function fileKeys(db: Database): Promise<string[]> {
  const rows = await db.selectFrom('file_blobs').select('storage_key').orderBy('storage_key').execute();
  return rows.map((r) => r.storage_key);
}

describe('backup and restore', () => {
  let source: BackupTarget;
  let dir: string;
  let manifest: BackupManifest;
  let keys: string[];

  beforeAll(async () => {
    source = await freshTarget('source');
    await migrateToLatest(source.db);
    await seedDemoIfEmpty(source.db, undefined, source.storage);
    keys = await fileKeys(source.db);
    // A converted model, stored beside the uploads and named by the conversion.
    const version = await source.db
      .selectFrom('project_file_versions')
      .select('project_file_version_id')
      .orderBy('project_file_version_id')
      .executeTakeFirstOrThrow();
    const fragmentsKey = `fr1-${'a'.repeat(64)}`;
    await source.storage.put(fragmentsKey, Readable.from([Buffer.from('converted model')]));
    await source.db
      .insertInto('file_conversions')
      .values({
        project_file_version_id: version.project_file_version_id,
        status: 'ready',
        fragments_key: fragmentsKey,
        fragments_size: 15,
        updated_at: new Date(),
      })
      .onConflict((oc) => oc.column('project_file_version_id').doUpdateSet({ fragments_key: fragmentsKey }))
      .execute();
    keys = [...keys, fragmentsKey];
    dir = path.join(temp, 'backup');
    manifest = await createBackup(source, dir);
  }, 240_000);

  it('restores a populated instance into an empty one with every table and file equal', async () => {
    expect(keys.length).toBeGreaterThan(0);
    expect(manifest.database).toBe(adminUrl ? 'postgres' : 'pglite');
    expect(manifest.files.map((f) => f.key)).toEqual(keys);
    expect(manifest.tables['project_units']?.rows).toBeGreaterThan(10);
    await expect(createBackup(source, dir)).rejects.toThrow(/already holds a backup/);

    // Writes after the backup are not in it.
    await source.db.updateTable('tenants').set({ name: 'Changed after the backup' }).execute();

    const target = await freshTarget('target');
    const result = await restoreBackup(target, dir);
    expect(result.files).toBe(keys.length);
    expect(result.rows).toBe(Object.values(manifest.tables).reduce((s, t) => s + t.rows, 0));

    const restored = await tableDigests(target.db);
    expect(restored).toEqual(manifest.tables);
    const sourceNow = await tableDigests(source.db);
    expect(sourceNow['tenants']).not.toEqual(restored['tenants']);
    const { tenants, ...others } = sourceNow;
    const { tenants: restoredTenants, ...restoredOthers } = restored;
    expect(tenants?.rows).toBe(restoredTenants?.rows);
    expect(restoredOthers).toEqual(others);
    for (const f of manifest.files) expect(await storedSha(target, f.key)).toBe(f.sha256);

    // Sequences continue after the restored rows: a new row gets a fresh id.
    const maxUnit = await target.db
      .selectFrom('project_units')
      .select(sql<number>`max(project_unit_id)::int`.as('id'))
      .executeTakeFirstOrThrow();
    const next = await sql<{
      id: number;
    }>`select nextval(pg_get_serial_sequence('project_units', 'project_unit_id'))::int as id`.execute(target.db);
    expect(next.rows[0]?.id).toBeGreaterThan(maxUnit.id);

    // A second restore into the now populated instance is refused and changes nothing.
    await expect(restoreBackup(target, dir)).rejects.toThrow(/not empty/);
    expect(await tableDigests(target.db)).toEqual(restored);
  }, 240_000);

  it('refuses a directory without a finished backup, and a damaged file before writing anything', async () => {
    const target = await freshTarget('refusals');
    await expect(restoreBackup(target, path.join(temp, 'nothing-here'))).rejects.toThrow(/no finished backup/);

    const damaged = path.join(temp, 'damaged-backup');
    fs.cpSync(dir, damaged, { recursive: true });
    const first = manifest.files[0];
    if (!first) throw new Error('the demo data holds files');
    fs.appendFileSync(path.join(damaged, 'files', first.key), 'x');
    await expect(restoreBackup(target, damaged)).rejects.toThrow(/damaged/);
    const digests = await tableDigests(target.db);
    expect(Object.values(digests).every((t) => t.rows === 0)).toBe(true);
  }, 240_000);
});
