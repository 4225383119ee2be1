import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createProjectWorld } from '../projects/test-world';
import { largeDownload, MB } from './test-large-download';
import { useFilesApp } from './test-upload';

const t = useFilesApp();

/** A client that downloads `ZIP_URL` and prints its status and the bytes it read. */
const readZipAsClient = `
(async () => {
  const res = await fetch(process.env.ZIP_URL, { headers: { cookie: process.env.COOKIE } });
  let bytes = 0;
  for await (const chunk of res.body) bytes += chunk.length;
  process.stdout.write(JSON.stringify({ status: res.status, bytes }));
})();`;

/** A zip download streams over a real socket with bounded memory, whatever the size of the selection. */
describe('project files: a large zip download', () => {
  it('streams 200 MB without growing the server process by more than about 100 MB', async () => {
    const w = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const downloadID = await largeDownload(t.app, w, [
      { name: 'Plan.pdf', sizeMb: 100, contentType: 'application/pdf' },
      { name: 'Daten.bin', sizeMb: 100, contentType: 'application/octet-stream' },
    ]);

    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    let rssMax = rssBefore;
    const sampler = setInterval(() => (rssMax = Math.max(rssMax, process.memoryUsage().rss)), 20);
    // The client reads the zip in a process of its own: its received buffers are not the server's memory.
    const { stdout } = await promisify(execFile)(process.execPath, ['-e', readZipAsClient], {
      env: {
        ...process.env,
        ZIP_URL: `${base}/api/file/projectFiles/download/${downloadID}`,
        COOKIE: w.cookies.member,
      },
    });
    const { status, bytes } = JSON.parse(stdout) as { status: number; bytes: number };
    expect(status).toBe(200);
    clearInterval(sampler);
    // The PDF is stored as it is (100 MB), the zeros deflate to almost nothing.
    expect(bytes).toBeGreaterThan(100 * MB);
    expect(bytes).toBeLessThan(110 * MB);
    expect((rssMax - rssBefore) / MB).toBeLessThan(100);
  }, 120_000);
});
