import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import { readBcf } from './bcf-format';
import type { BcfTopic } from './bcf-markup';
import { BcfError } from './bcf-xml';

/** What one archive may hold: the request body is capped at `maxArchiveBytes` already. */
export const bcfZipLimits = {
  maxArchiveBytes: 20 * 1024 * 1024,
  maxEntries: 5000,
  /** Uncompressed size of one XML entry. */
  maxEntryBytes: 1024 * 1024,
  /** Uncompressed size of all XML entries together (a zip bomb stops here). */
  maxTotalBytes: 40 * 1024 * 1024,
};

/** Entries the import reads; snapshots, documents and anything else in the archive are skipped unread. */
const wanted = (name: string) => name === 'bcf.version' || /^[^/]+\/(markup\.bcf|[^/]+\.bcfv)$/.test(name);

function openZip(bytes: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    // yauzl refuses absolute names and `..`, checks each entry's size against its header, and
    // reads nothing before asked (lazyEntries).
    yauzl.fromBuffer(bytes, { lazyEntries: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(new BcfError('NotZip')) : resolve(zip),
    ),
  );
}

/** The XML entries of the archive by name, within the limits. */
export async function unzipBcf(bytes: Buffer, limits = bcfZipLimits): Promise<Map<string, string>> {
  if (bytes.length > limits.maxArchiveBytes) throw new BcfError('TooLarge');
  const zip = await openZip(bytes);
  if (zip.entryCount > limits.maxEntries) {
    zip.close();
    throw new BcfError('TooMany');
  }
  const files = new Map<string, string>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(new BcfError('NotZip')));
      zip.on('end', () => resolve());
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = entry.fileName.replace(/\\/g, '/');
        if (!wanted(name)) return zip.readEntry();
        if (entry.uncompressedSize > limits.maxEntryBytes) return reject(new BcfError('TooLarge'));
        total += entry.uncompressedSize;
        if (total > limits.maxTotalBytes) return reject(new BcfError('TooLarge'));
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new BcfError('NotZip'));
          buffer(stream).then(
            (data) => {
              files.set(name, data.toString('utf8').replace(/^\uFEFF/, ''));
              zip.readEntry();
            },
            () => reject(new BcfError('NotZip')),
          );
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}

export type BcfReadResult = { ok: true; topics: BcfTopic[] } | { ok: false; problem: BcfError['problem'] };

/**
 * Unzips and reads an archive; every problem is a `BcfError` reason, never a throw. Inflating runs
 * on libuv's thread pool (yauzl streams through zlib), parsing entry by entry with yields between.
 */
export async function readBcfArchive(bytes: Buffer): Promise<BcfReadResult> {
  try {
    return { ok: true, topics: await readBcf(await unzipBcf(bytes)) };
  } catch (err) {
    if (err instanceof BcfError) return { ok: false, problem: err.problem };
    return { ok: false, problem: 'Invalid' };
  }
}
