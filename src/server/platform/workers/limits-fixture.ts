import os from 'node:os';

/** Tasks for the runner's own tests: ones that keep memory without end, one that never returns. */
export function hoardMemory(): number {
  const kept: number[][] = [];
  for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i));
}

export function spinForever(): number {
  let n = 0;
  for (;;) n = (n + 1) % 1_000_000;
}

/** Returns at once when `quick`, else never (the resident worker's ending of a call past its time). */
export function spinOnce(quick: boolean): string {
  let n = 0;
  while (!quick) n = (n + 1) % 1_000_000;
  return 'done';
}

export function double(n: number): number {
  return n * 2;
}

/** Fills memory outside the JavaScript heap, as WebAssembly does: 16 MB at a time up to 1 GB, then waits. */
export function hoardOutsideHeap(): number {
  const kept: Uint8Array[] = [];
  for (let i = 0; i < 64; i++) kept.push(new Uint8Array(16 * 1024 * 1024).fill(1));
  const until = Date.now() + 60_000;
  while (Date.now() < until) kept[0]![0] = kept.length;
  return kept.length;
}

/** The CPU priority (nice value) of the thread the task runs in. */
export function niceness(): number {
  return os.getPriority(0);
}

let greeting = '';

/** For the resident worker's tests: state its set-up leaves in the worker, which later calls read. */
export function setGreeting(text: string): void {
  greeting = text;
}

export function greet(name: string): string {
  return `${greeting} ${name}`;
}
