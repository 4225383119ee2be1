import type { AppError } from '../../shared/errors';

/**
 * Runs `work` when a slot is free. `key` names who asks, outermost first (e.g. `[tenant, user]`):
 * waiting work is taken round-robin over the first part, then over the next part within it, so one
 * user's hundreds of requests delay another tenant's single one by about one slot, not by the queue.
 */
export type Limiter = (<T>(work: () => Promise<T>, key?: readonly (string | number)[]) => Promise<T>) & {
  /** Whether work of `key` would be taken now (run or wait) rather than refused: a cheap look before costly preparation. */
  admits(key?: readonly (string | number)[]): boolean;
  /** Whether work of this first key part (a tenant) is waiting: its running work is a burst's. */
  waitingFor(first: string | number): boolean;
};

export type LimiterOptions = {
  concurrency: number;
  /**
   * Slots one first key part (a tenant) may hold at once. Below `concurrency`, a slot stays free
   * for whoever comes next, so one tenant's burst never holds every slot when another arrives.
   */
  concurrencyPerFirstKey?: number;
  /** Work waiting in all, beyond which new work is refused with `full()` (nothing of it runs). */
  queueLimit: number;
  /** Work waiting per full key, beyond which that key's new work is refused with `full()`. */
  queueLimitPerKey?: number;
  full: () => AppError;
};

/**
 * The most work one key may hold in a limiter at once, running and waiting: a slot (one of its
 * first key part's share) and its place in the queue.
 */
export const roomPerKey = (
  options: Pick<LimiterOptions, 'concurrency' | 'concurrencyPerFirstKey' | 'queueLimitPerKey'>,
): number =>
  Math.min(options.concurrency, options.concurrencyPerFirstKey ?? Infinity) + (options.queueLimitPerKey ?? Infinity);

/** A node of the waiting tree: its own waiters (at a leaf) and its children in serving order. */
type Node = { waiters: (() => void)[]; children: Map<string, Node> };

const newNode = (): Node => ({ waiters: [], children: new Map() });

/**
 * Takes the next waiter below `node`: the first child in turn, which then moves to the back.
 * `skip` passes over children of the root that may not take a slot now.
 */
function takeNext(node: Node, skip?: (name: string) => boolean): { take: () => void; first?: string } | undefined {
  const own = node.waiters.shift();
  if (own) return { take: own };
  for (const [name, child] of node.children) {
    if (skip?.(name)) continue;
    const next = takeNext(child);
    node.children.delete(name);
    if (child.waiters.length || child.children.size) node.children.set(name, child);
    if (next) return { take: next.take, first: name };
  }
  return undefined;
}

/**
 * The one concurrency limiter of the server (searches, password hashing, sheet PDFs, workers):
 * at most `concurrency` at once, the others wait in fair turns by key, in order of arrival per key.
 */
export function createLimiter(options: LimiterOptions): Limiter {
  const perFirst = options.concurrencyPerFirstKey ?? Infinity;
  let running = 0;
  let waiting = 0;
  const perKey = new Map<string, number>();
  /** Slots held per first key part. */
  const holding = new Map<string, number>();
  const hold = (first: string, by: number) => {
    const n = (holding.get(first) ?? 0) + by;
    if (n > 0) holding.set(first, n);
    else holding.delete(first);
  };
  const full = (first: string) => (holding.get(first) ?? 0) >= perFirst;
  const root = newNode();

  /** Hands free slots to waiters in turn, skipping first keys at their share. */
  function serve() {
    while (running < options.concurrency) {
      const next = takeNext(root, full);
      if (!next) return;
      running++;
      hold(next.first ?? '', 1);
      next.take();
    }
  }

  const admits = (key: readonly (string | number)[] = []) => {
    const first = key.length ? String(key[0]) : '';
    if (running < options.concurrency && !full(first)) return true;
    return (
      waiting < options.queueLimit && (perKey.get(key.join('\u0000')) ?? 0) < (options.queueLimitPerKey ?? Infinity)
    );
  };

  const limit = async <T>(work: () => Promise<T>, key: readonly (string | number)[] = []): Promise<T> => {
    const first = key.length ? String(key[0]) : '';
    if (running >= options.concurrency || full(first)) {
      const id = key.join('\u0000');
      const mine = perKey.get(id) ?? 0;
      if (waiting >= options.queueLimit || mine >= (options.queueLimitPerKey ?? Infinity)) throw options.full();
      let node = root;
      for (const part of key) {
        const name = String(part);
        let child = node.children.get(name);
        if (!child) node.children.set(name, (child = newNode()));
        node = child;
      }
      waiting++;
      perKey.set(id, mine + 1);
      // The slot is counted for this key by whoever hands it over (serve).
      await new Promise<void>((resolve) => node.waiters.push(resolve));
      waiting--;
      const left = (perKey.get(id) ?? 1) - 1;
      if (left) perKey.set(id, left);
      else perKey.delete(id);
    } else {
      running++;
      hold(first, 1);
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in turn, so a newcomer cannot overtake the queue.
      running--;
      hold(first, -1);
      serve();
    }
  };
  const waitingFor = (first: string | number) => {
    const node = root.children.get(String(first));
    return !!node && (node.waiters.length > 0 || node.children.size > 0);
  };
  return Object.assign(limit, { admits, waitingFor });
}
