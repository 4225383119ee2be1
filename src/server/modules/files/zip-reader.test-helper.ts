import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import { crc32 } from 'node:zlib';

/**
 * Reads a whole zip (tests only): entry names and contents. Each entry's CRC-32 as the zip states it
 * must be its content's (yauzl does not compare them itself).
 */
export function listZipEntries(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const out: { name: string; data: Buffer }[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          void buffer(stream).then((data) => {
            if (crc32(data) !== entry.crc32) return reject(new Error(`CRC-32 of ${entry.fileName} does not match`));
            out.push({ name: entry.fileName, data });
            file.readEntry();
          }, reject);
        });
      });
      file.on('end', () => resolve(out));
      file.on('error', reject);
      file.readEntry();
    });
  });
}
