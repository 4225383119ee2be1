import { useSyncExternalStore } from 'react';

/** A version for profile image URLs (`?ts=`), changed after an upload or delete so browsers reload. */
let version = Date.now();
const listeners = new Set<() => void>();

export function bumpProfileImageVersion(): void {
  version = Date.now();
  for (const l of listeners) l();
}

export function useProfileImageVersion(): number {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => version,
    // The first screen rendered on the server (src/client/server/first-screen.tsx).
    () => version,
  );
}
