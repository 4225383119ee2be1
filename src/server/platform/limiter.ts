import type { AppError } from '../../shared/errors';

/**
 * Runs `work` when a slot is free. `key` names who asks, outermost first (e.g. `[tenant, user]`):
 * waiting work is taken round-robin over the first part, then over the next part within it, so one
 * user's hundreds of requests delay another tenant's single one by about one slot, not by the queue.
 */
export type Limiter = <T>(work: () => Promise<T>, key?: readonly (string | number)[]) => Promise<T>;

export type LimiterOptions = {
  concurrency: number;
  /** Work waiting in all, beyond which new work is refused with `full()` (nothing of it runs). */
  queueLimit: number;
  /** Work waiting per full key, beyond which that key's new work is refused with `full()`. */
  queueLimitPerKey?: number;
  full: () => AppError;
};

/** A node of the waiting tree: its own waiters (at a leaf) and its children in serving order. */
type Node = { waiters: (() => void)[]; children: Map<string, Node> };

const newNode = (): Node => ({ waiters: [], children: new Map() });

/** Takes the next waiter below `node`: the first child in turn, which then moves to the back. */
function takeNext(node: Node): (() => void) | undefined {
  const own = node.waiters.shift();
  if (own) return own;
  for (const [name, child] of node.children) {
    const next = takeNext(child);
    node.children.delete(name);
    if (child.waiters.length || child.children.size) node.children.set(name, child);
    if (next) return next;
  }
  return undefined;
}

/**
 * The one concurrency limiter of the server (searches, password hashing, sheet PDFs, workers):
 * at most `concurrency` at once, the others wait in fair turns by key, in order of arrival per key.
 */
export function createLimiter(options: LimiterOptions): Limiter {
  let running = 0;
  let waiting = 0;
  const perKey = new Map<string, number>();
  const root = newNode();
  return async (work, key = []) => {
    if (running >= options.concurrency) {
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
      await new Promise<void>((resolve) => node.waiters.push(resolve));
      waiting--;
      const left = (perKey.get(id) ?? 1) - 1;
      if (left) perKey.set(id, left);
      else perKey.delete(id);
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in turn, so a newcomer cannot overtake the queue.
      const next = takeNext(root);
      if (next) next();
      else running--;
    }
  };
}
