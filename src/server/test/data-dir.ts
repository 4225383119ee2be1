import os from 'node:os';
import path from 'node:path';

/**
 * The data directory (stored files) all test processes of one run share, named after the run's
 * main process (the parent of the test workers): test files run at once on one database, and any
 * app may convert a model another one stored, so all read the same files. Global setup removes it.
 */
export function sharedTestDataDir(runPid = process.ppid): string {
  return path.join(os.tmpdir(), `planport-test-files-${runPid}`);
}

/**
 * The environment variable naming the file with the run's migrated embedded database (a
 * `dumpDataDir` tarball) that global setup writes and every test file's PGlite starts from:
 * starting from it skips initdb and the migrations, seconds per test file.
 */
export const MIGRATED_IMAGE_ENV = 'PLANPORT_TEST_PGLITE_IMAGE';

export function migratedImageFile(runPid = process.pid): string {
  return path.join(os.tmpdir(), `planport-test-pglite-${runPid}.tar`);
}
