/**
 * `npm run backup [-- <dir>]` and `npm run restore -- <dir>` (docs/operations.md): the
 * database named by DATABASE_URL or DATA_DIR and the stored files, as the server sees them.
 */
import path from 'node:path';
import { loadConfig } from './config';
import { createBackup, restoreBackup } from './platform/backup/backup';
import { requestBackup, runningServer } from './platform/backup/running-server';
import { createDatabase } from './platform/db/database';
import { createStorage } from './platform/storage/create-storage';

const [command, dirArg] = process.argv.slice(2);
const config = loadConfig();
const embedded = !config.databaseUrl;

async function open() {
  const db = await createDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  return { db, storage: createStorage(config), databaseUrl: config.databaseUrl };
}

async function backup(dir: string) {
  const pid = embedded ? runningServer(config.dataDir) : null;
  if (pid !== null) return requestBackup(pid, config.dataDir, dir);
  const target = await open();
  try {
    return await createBackup(target, dir);
  } finally {
    await target.db.destroy();
    await target.storage.close();
  }
}

async function restore(dir: string) {
  if (embedded && runningServer(config.dataDir) !== null)
    throw new Error(`a server is running on ${config.dataDir}; stop it and restore into an empty DATA_DIR`);
  const target = await open();
  try {
    return await restoreBackup(target, dir);
  } finally {
    await target.db.destroy();
    await target.storage.close();
  }
}

try {
  if (command === 'backup') {
    const dir = path.resolve(dirArg ?? `backups/planport-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    const manifest = await backup(dir);
    const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
    process.stdout.write(`backup written to ${dir}: ${rows} rows, ${manifest.files.length} files\n`);
  } else if (command === 'restore' && dirArg) {
    const result = await restore(path.resolve(dirArg));
    process.stdout.write(
      `restored and verified: ${result.tables} tables, ${result.rows} rows, ${result.files} files\n`,
    );
  } else {
    process.stderr.write('usage: npm run backup [-- <dir>] | npm run restore -- <dir>\n');
    process.exitCode = 2;
  }
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
