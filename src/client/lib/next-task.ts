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
