import type { AppError } from '../../shared/errors';

export type Limiter = <T>(work: () => Promise<T>) => Promise<T>;

/**
 * Runs at most `concurrency` pieces of work at once; the others wait in order of arrival. With
 * `queueLimit` waiting already, a new one is refused with the error `full()` builds (nothing of
 * it runs).
 */
export function createLimiter(options: { concurrency: number; queueLimit: number; full: () => AppError }): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (running >= options.concurrency) {
      if (waiting.length >= options.queueLimit) throw options.full();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, so a newcomer cannot overtake it.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
