import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { extensionOf, zipEntryNames } from '../../../shared/rules/files';
import type { StorageDriver } from '../../platform/storage/storage';

export type ZipEntrySource = {
  storage_key: string;
  name: string;
  project_unit_no: string;
  unit_title: string;
};

/** Formats that are compressed already: stored as they are, which saves CPU and gains nothing lost. */
const storedAsIs = new Set(['pdf', 'png', 'jpg', 'jpeg', 'zip', 'docx', 'xlsx', 'pptx']);

/**
 * A zip of the entries, produced while it is read: one source stream open at a time, each
 * opened only when the previous entry is written, so memory stays flat whatever the total size.
 * Deflate runs on libuv's thread pool, not on the event loop. ZIP64 is used when an entry or the
 * archive passes 4 GB.
 */
export function streamZip(storage: StorageDriver, entries: ZipEntrySource[]): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 }, highWaterMark: 1024 * 1024 });
  const names = zipEntryNames(
    entries.map((e) => ({ unitNo: e.project_unit_no, unitTitle: e.unit_title, fileName: e.name })),
  );
  let current: Readable | null = null;
  let aborted = false;
  archive.on('close', () => {
    aborted = true;
    current?.destroy();
  });

  void (async () => {
    for (const [i, entry] of entries.entries()) {
      if (aborted) return;
      current = await storage.get(entry.storage_key);
      const written = once(archive, 'entry');
      archive.append(current, { name: names[i] ?? entry.name, store: storedAsIs.has(extensionOf(entry.name)) });
      await written;
    }
    await archive.finalize();
  })().catch((err: Error) => {
    current?.destroy();
    archive.destroy(err);
  });
  return archive;
}
