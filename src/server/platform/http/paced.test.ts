import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { paced } from './paced';

const chunks = (count: number, size: number) => Array.from({ length: count }, (_, i) => Buffer.alloc(size, i % 256));

describe('paced stream', () => {
  it('passes every byte in order, no faster than the rate after its burst', async () => {
    const input = chunks(12, 64 * 1024); // 768 KiB at 1 MiB/s: 256 KiB burst, the rest ≥ 0.5 s
    const started = performance.now();
    const out = await buffer(Readable.from(input).pipe(paced(1024 * 1024)));
    const elapsed = performance.now() - started;
    expect(out.equals(Buffer.concat(input))).toBe(true);
    expect(elapsed).toBeGreaterThanOrEqual(450);
  });

  it('lets everything through at once when the rate is 0', async () => {
    const input = chunks(50, 64 * 1024);
    const out = await buffer(Readable.from(input).pipe(paced(0)));
    expect(out.length).toBe(50 * 64 * 1024);
  });
});
