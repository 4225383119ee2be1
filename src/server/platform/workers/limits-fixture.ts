/** Tasks for the runner's own tests: one that keeps memory without end, one that never returns. */
export function hoardMemory(): number {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
}

export function spinForever(): number {
  let n = 0;
  for (;;) n = (n + 1) % 1_000_000;
}

export function double(n: number): number {
  return n * 2;
}
