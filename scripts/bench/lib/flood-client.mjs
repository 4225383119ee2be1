// The flooding user of `hostile.ts`: a process of its own, started below the server's CPU priority
// (`nice`, so its collector's and compiler's threads are lowered with it — an attacker's machine
// does not share the server's cores). It gets its orders as the first IPC message: sheet PDFs,
// model uploads (tus) and zip downloads at once (each read as fast as it comes); on `stop` it ends
// the zips, waits for the rest and answers with the count of each status (0: no answer).
import fs from 'node:fs';

process.once('message', (w) => {
  const small = fs.readFileSync(w.smallPath);
  const statuses = {};
  const count = (s) => (statuses[s] = (statuses[s] ?? 0) + 1);
  const b64 = (text) => Buffer.from(String(text)).toString('base64');
  const flood = [];
  for (let i = 0; i < w.pdfs; i++)
    flood.push(
      fetch(w.pdfUrl, { headers: { cookie: w.hostile } }).then(
        async (r) => (await r.arrayBuffer(), count(r.status)),
        () => count(0),
      ),
    );
  for (let i = 0; i < w.models; i++)
    flood.push(
      (async () => {
        const tus = { cookie: w.hostile, ...w.xhr, 'tus-resumable': '1.0.0' };
        const metadata = `filename ${b64(`Flut ${i}.ifc`)},unitId ${b64(w.lot)}`;
        const res = await fetch(w.uploadsUrl, {
          method: 'POST',
          headers: { ...tus, 'upload-length': String(small.length), 'upload-metadata': metadata },
        });
        await res.arrayBuffer();
        count(res.status);
        if (res.status !== 201) return;
        const sent = await fetch(new URL(res.headers.get('location'), w.uploadsUrl), {
          method: 'PATCH',
          headers: { ...tus, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
          body: small,
        });
        await sent.arrayBuffer();
        count(sent.status);
      })().catch(() => count(0)),
    );
  const zips = new AbortController();
  for (let i = 0; i < w.zips; i++)
    flood.push(
      fetch(w.zipUrl, { headers: { cookie: w.planner }, signal: zips.signal })
        .then(
          async (r) => {
            count(r.status);
            for await (const chunk of r.body) void chunk;
          },
          () => count(0),
        )
        .catch(() => undefined),
    );
  process.once('message', async () => {
    zips.abort();
    await Promise.all(flood);
    process.send(statuses, () => process.exit(0));
  });
  process.send('started');
});
