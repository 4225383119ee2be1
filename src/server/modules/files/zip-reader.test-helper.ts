import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Reads a whole zip (tests only): entry names and contents. */
export function listZipEntries(zip: Buffer): Promise<{ name: string; data: Buffer }[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true }, (err, file) => {
      if (err || !file) return reject(err ?? new Error('no zip'));
      const out: { name: string; data: Buffer }[] = [];
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          void buffer(stream).then((data) => {
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
