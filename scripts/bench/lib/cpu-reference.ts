import crypto from 'node:crypto';

/**
 * How fast this machine's cores are, on two fixed pieces of work (the best of three): a loop of
 * integer arithmetic and the SHA-256 of 32 MB. Figures in milliseconds of wall clock (budgets of
 * latency, Lighthouse's simulated mobile CPU) move with it from one machine to another, the shares
 * of bare Fastify much less: it is printed beside them, so runs on different machines can be compared.
 */
export function cpuReference(): { loopMs: number; sha256MBps: number } {
  const data = Buffer.alloc(32 * 1024 * 1024, 1);
  let loopMs = Infinity;
  let shaMs = Infinity;
  for (let run = 0; run < 3; run++) {
    let t = performance.now();
    let x = 0;
    for (let i = 0; i < 3e8; i++) x = (x + (i % 7)) | 0;
    if (x === 42) console.log(''); // keeps the loop from being optimised away
    loopMs = Math.min(loopMs, performance.now() - t);
    t = performance.now();
    crypto.createHash('sha256').update(data).digest();
    shaMs = Math.min(shaMs, performance.now() - t);
  }
  return { loopMs: Math.round(loopMs), sha256MBps: Math.round(32 / (shaMs / 1000)) };
}

export function describeCpuReference(r: { loopMs: number; sha256MBps: number }): string {
  return `CPU reference (one core, best of 3): loop ${r.loopMs} ms, SHA-256 ${r.sha256MBps} MB/s`;
}
