import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { createProjectWorld } from '../projects/test-world';
import { largeDownload } from './test-large-download';
import { useFilesApp } from './test-upload';

const t = useFilesApp();

/** Zip downloads hold a place while they stream: one tenant's flood of them leaves room for another. */
describe('project files: zip downloads at once', () => {
  it("streams two of a tenant's at once, lets its user wait with two more, refuses the rest, and serves another tenant beside them", async () => {
    const flooding = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    const other = await createProjectWorld(t.app, { state: 'ProvideFiles' });
    // Stored as they are (PDF): 64 MB a zip, far more than the sockets buffer while nobody reads.
    const pdf = [{ name: 'Plan.pdf', sizeMb: 64, contentType: 'application/pdf' }];
    const floodId = await largeDownload(t.app, flooding, pdf);
    const otherId = await largeDownload(t.app, other, pdf);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const requests: http.ClientRequest[] = [];
    /** A download whose body nobody reads (its socket fills and the zip waits): its answer's head. */
    const download = (w: typeof flooding, id: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = http.get(
          `${base}/api/file/projectFiles/download/${id}`,
          { headers: { cookie: w.cookies.member }, agent: false },
          resolve,
        );
        request.on('error', reject);
        requests.push(request);
      });
    try {
      const streaming = [download(flooding, floodId), download(flooding, floodId)];
      expect((await Promise.all(streaming)).map((r) => r.statusCode)).toEqual([200, 200]);
      // Two more wait for a place (no answer yet), the fifth is refused at once.
      let waitingAnswered = 0;
      const waiting = [download(flooding, floodId), download(flooding, floodId)].map((p) =>
        p.then((r) => ((waitingAnswered += 1), r)),
      );
      // Requests reach the limit in no fixed order: the fifth goes once both are in line.
      const floodKey = [flooding.tenant.tenant_id, flooding.actors.member.user_id];
      await expect.poll(() => t.app.ctx.limits.zips.admits(floodKey), { timeout: 30_000 }).toBe(false);
      const refused = await download(flooding, floodId);
      expect(refused.statusCode).toBe(429);
      const body = await new Promise<string>((resolve) => {
        let text = '';
        refused.on('data', (c: Buffer) => (text += c.toString()));
        refused.on('end', () => resolve(text));
      });
      expect((JSON.parse(body) as { messages: { message: string }[] }).messages[0]!.message).toBe(
        'ERRORMESSAGES.TooManyWaiting',
      );
      // Another tenant's zip starts beside the flood.
      expect((await download(other, otherId)).statusCode).toBe(200);
      expect(waitingAnswered).toBe(0);
      // A streaming download whose client goes away gives its place to one that waited.
      requests[0]!.destroy();
      expect((await Promise.race(waiting)).statusCode).toBe(200);
    } finally {
      for (const request of requests) request.destroy();
    }
  }, 120_000);
});
