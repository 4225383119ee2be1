/**
 * Within one instance: ending a user's sessions (sign-out, "end all others", deactivation,
 * deletion) tells the open live streams of that user at once, so they check their session now
 * instead of at their next heartbeat. Other instances learn of it at their heartbeat.
 */
type Listener = () => void;

const listeners = new Map<number, Set<Listener>>();

export function onSessionsEnded(userId: number, listener: Listener): () => void {
  let set = listeners.get(userId);
  if (!set) listeners.set(userId, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0 && listeners.get(userId) === set) listeners.delete(userId);
  };
}

/** Called after sessions of the user were deleted; listeners run on the next turn of the loop. */
export function sessionsEnded(userId: number): void {
  const set = listeners.get(userId);
  if (!set) return;
  setImmediate(() => {
    for (const listener of [...set]) listener();
  });
}
