import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createBackup, readManifest, type BackupManifest, type BackupTarget } from './backup';

/**
 * The embedded database belongs to the one process that opened it, so a backup of a running
 * instance is taken by that process: the command line writes a request next to the data and
 * sends SIGUSR2; the server writes the backup and, last, its manifest (or an error file).
 * Only the operating-system user that runs the server can send the signal or read the data.
 */
const SERVER_FILE = '.server.json';
const REQUEST_FILE = '.backup-request.json';
const ERROR_FILE = 'backup-error.txt';

export function listenForBackupRequests(target: BackupTarget, dataDir: string, log: FastifyBaseLogger): () => void {
  const serverFile = path.join(dataDir, SERVER_FILE);
  fs.writeFileSync(serverFile, JSON.stringify({ pid: process.pid }), { mode: 0o600 });
  let busy = false;
  const onSignal = () => {
    if (busy) return;
    const requestFile = path.join(dataDir, REQUEST_FILE);
    if (!fs.existsSync(requestFile)) return;
    const { dir } = JSON.parse(fs.readFileSync(requestFile, 'utf8')) as { dir: string };
    fs.rmSync(requestFile, { force: true });
    busy = true;
    log.info({ dir }, 'backup requested');
    createBackup(target, dir)
      .then((m) => log.info({ dir, tables: Object.keys(m.tables).length, files: m.files.length }, 'backup written'))
      .catch((err: unknown) => {
        log.error({ err, dir }, 'backup failed');
        fs.mkdirSync(dir, { recursive: true });
        fs.writeFileSync(path.join(dir, ERROR_FILE), String(err instanceof Error ? err.message : err));
      })
      .finally(() => (busy = false));
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    fs.rmSync(serverFile, { force: true });
  };
}

/** The pid of the server that holds the embedded database in `dataDir`, if one is running. */
export function runningServer(dataDir: string): number | null {
  const file = path.join(dataDir, SERVER_FILE);
  if (!fs.existsSync(file)) return null;
  const { pid } = JSON.parse(fs.readFileSync(file, 'utf8')) as { pid: number };
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Asks the running server for a backup into `dir` and waits until it is written. */
export async function requestBackup(pid: number, dataDir: string, dir: string, timeoutMs = 30 * 60_000) {
  const absolute = path.resolve(dir);
  fs.writeFileSync(path.join(dataDir, REQUEST_FILE), JSON.stringify({ dir: absolute }), { mode: 0o600 });
  process.kill(pid, 'SIGUSR2');
  const started = Date.now();
  for (;;) {
    if (fs.existsSync(path.join(absolute, ERROR_FILE)))
      throw new Error(fs.readFileSync(path.join(absolute, ERROR_FILE), 'utf8'));
    if (fs.existsSync(path.join(absolute, 'manifest.json'))) return readManifest(absolute) satisfies BackupManifest;
    if (Date.now() - started > timeoutMs) throw new Error('the server did not write the backup in time');
    await new Promise((r) => setTimeout(r, 200));
  }
}
