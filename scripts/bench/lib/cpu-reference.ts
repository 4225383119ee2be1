import crypto from 'node:crypto';

/**
 * How fast this machine's cores are, on three fixed pieces of work (the best of three): a loop of
 * integer arithmetic, the SHA-256 of 32 MB and the first write to each 4 KB page of 64 MB of fresh
 * memory. Figures in milliseconds of wall clock (budgets of latency, Lighthouse's simulated mobile
 * CPU) move with it from one machine to another, the shares of bare Fastify much less: it is printed
 * beside them, so runs on different machines can be compared. The last one matters to a browser: a
 * page that opens allocates fresh memory all along (its script heap, its layout), and on virtual
 * machines the first touch of a page can cost ten times what it costs elsewhere.
 */
export function cpuReference(): { loopMs: number; sha256MBps: number; pageTouchUs: number } {
  const data = Buffer.alloc(32 * 1024 * 1024, 1);
  let loopMs = Infinity;
  let shaMs = Infinity;
  let touchMs = Infinity;
  const pageSize = 4096;
  const fresh = 64 * 1024 * 1024;
  for (let run = 0; run < 3; run++) {
    let t = performance.now();
    let x = 0;
    for (let i = 0; i < 3e8; i++) x = (x + (i % 7)) | 0;
    if (x === 42) console.log(''); // keeps the loop from being optimised away
    loopMs = Math.min(loopMs, performance.now() - t);
    t = performance.now();
    crypto.createHash('sha256').update(data).digest();
    shaMs = Math.min(shaMs, performance.now() - t);
    t = performance.now();
    // Outside the pool of small buffers, so the memory is fresh from the system each time.
    const block = Buffer.allocUnsafeSlow(fresh);
    for (let i = 0; i < fresh; i += pageSize) block[i] = 1;
    touchMs = Math.min(touchMs, performance.now() - t);
  }
  return {
    loopMs: Math.round(loopMs),
    sha256MBps: Math.round(32 / (shaMs / 1000)),
    pageTouchUs: Math.round((touchMs * 1000 * 10) / (fresh / pageSize)) / 10,
  };
}

export function describeCpuReference(r: { loopMs: number; sha256MBps: number; pageTouchUs: number }): string {
  return `CPU reference (one core, best of 3): loop ${r.loopMs} ms, SHA-256 ${r.sha256MBps} MB/s, first write to a fresh 4 KB page ${r.pageTouchUs} µs`;
}
