import { describe, expect, it } from 'vitest';
import { createProjectWorld } from '../projects/test-world';
import { largeDownload, MB } from './test-large-download';
import { useFilesApp } from './test-upload';

const t = useFilesApp();

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
    const res = await fetch(`${base}/api/file/projectFiles/download/${downloadID}`, {
      headers: { cookie: w.cookies.member },
    });
    expect(res.status).toBe(200);
    let bytes = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
    }
    clearInterval(sampler);
    // The PDF is stored as it is (100 MB), the zeros deflate to almost nothing.
    expect(bytes).toBeGreaterThan(100 * MB);
    expect(bytes).toBeLessThan(110 * MB);
    expect((rssMax - rssBefore) / MB).toBeLessThan(100);
  }, 120_000);
});
