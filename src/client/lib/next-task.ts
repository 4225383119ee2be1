/**
 * Resolves in a task of its own (a message to itself, which the browser runs before timers): work
 * after it does not lengthen the task that awaited it, and input is answered in between.
 */
export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/**
 * Runs each of `starts` in a task of its own, in their order (the first in the caller's). Starting
 * a request costs the main thread more than it looks (the request's headers, the cache's lookup,
 * under a profiler the stack of each one): a page's ten requests started together held it in one
 * long task while the page was opening.
 */
export async function eachInOwnTask(starts: readonly (() => unknown)[]): Promise<void> {
  for (const [index, start] of starts.entries()) {
    if (index > 0) await nextTask();
    start();
  }
}
