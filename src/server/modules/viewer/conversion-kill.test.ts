import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../platform/db/database';
import { startServerProcess } from '../../test/server-process';
import { CONVERSION_KIND } from '../conversions/queue-repository';

const started = (l: Record<string, unknown>) => l.msg === 'IFC conversion started';
const converted = (id: unknown) => (l: Record<string, unknown>) =>
  l.msg === 'IFC converted to fragments' && l.versionId === id;

/**
 * The kill -9 drill: a server is killed while it converts a model; the next start on the same
 * database takes the conversion over at once and finishes it, once.
 */
describe('a server killed during a conversion', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'planport-kill-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('finishes the conversion after the restart, exactly once', async () => {
    const port = 3700 + Math.floor(Math.random() * 200);
    const first = await startServerProcess(dataDir, port);
    // The demo data brings IFC models; the first conversion starts soon after the start.
    const claim = await first.waitFor(started, 150_000);
    const versionId = claim.versionId;
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.lines.filter(converted(versionId))).toHaveLength(0);

    const second = await startServerProcess(dataDir, port);
    try {
      // Well within the lease (120 s): the embedded database has no other process to wait for.
      await second.waitFor(converted(versionId), 60_000);
      expect(second.lines.filter((l) => started(l) && l.versionId === versionId)).toHaveLength(1);
      expect(second.lines.filter(converted(versionId))).toHaveLength(1);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    // The record: converted once, by the second claim of one work item (the first died with its process).
    const db = await createDatabase({ dataDir });
    try {
      const work = await db
        .selectFrom('work_items')
        .select(['status', 'attempts'])
        .where('kind', '=', CONVERSION_KIND)
        .where('dedupe_key', '=', `v${String(versionId)}`)
        .execute();
      expect(work).toEqual([{ status: 'done', attempts: 2 }]);
      const conversion = await db
        .selectFrom('file_conversions')
        .select('status')
        .where('project_file_version_id', '=', Number(versionId))
        .executeTakeFirstOrThrow();
      expect(conversion.status).toBe('ready');
    } finally {
      await db.destroy();
    }
  }, 240_000);
});
