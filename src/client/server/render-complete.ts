import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';

/**
 * The HTML of `element` once every part has rendered, its lazily loaded code included; parts still
 * waiting after `waitMs` show their fallback (as the client does while their code loads). Nothing
 * of it is streamed: the page is sent whole, without React's scripts for parts that come later. A
 * part that fails fails the render: the page then goes without its first screen (and the renderer
 * logs why) rather than with a screen the client's would not match.
 */
export function renderComplete(element: ReactNode, waitMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let failure: unknown;
    let aborted = false;
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
        done();
      },
      final(done) {
        if (failure === undefined) resolve(Buffer.concat(chunks).toString('utf8'));
        else reject(failure instanceof Error ? failure : new Error(String(failure)));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      onAllReady() {
        clearTimeout(timer);
        stream.pipe(sink);
      },
      onShellError: reject,
      // Every part inline, whatever its size: no part is sent apart to be moved into place by a script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      // The parts still waiting when time is up are reported too; they keep their fallback.
      onError: (error) => {
        if (!aborted) failure ??= error;
      },
    });
    const timer = setTimeout(() => {
      aborted = true;
      stream.abort();
    }, waitMs);
  });
}
