import { Transform } from 'node:stream';

/**
 * A pass-through stream that lets at most `bytesPerSecond` through on average, with a burst of a
 * quarter second: one download cannot take the CPU (reading, checksums, socket writes) of every
 * other request by being read as fast as a local network allows. 0 lets everything through at once.
 */
export function paced(bytesPerSecond: number): Transform {
  if (bytesPerSecond <= 0) return new Transform({ transform: (chunk, _encoding, done) => done(null, chunk) });
  const burst = bytesPerSecond / 4;
  let allowance = burst;
  let last = performance.now();
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const now = performance.now();
      allowance = Math.min(burst, allowance + ((now - last) * bytesPerSecond) / 1000) - chunk.length;
      last = now;
      if (allowance >= 0) return done(null, chunk);
      // Behind: this chunk leaves when the rate has earned it.
      const timer = setTimeout(() => done(null, chunk), (-allowance / bytesPerSecond) * 1000);
      timer.unref();
    },
  });
}
