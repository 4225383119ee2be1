import { useLayoutEffect } from 'react';

/**
 * Marks the app's first commit on its container: the first screen the server rendered (marked
 * `data-first-screen`, inert so that nothing of it is clicked before the app runs) has just been
 * replaced by the app's own, which must not stay inert. Rendered on the server too (without a
 * container), where it does nothing.
 */
export function FirstCommit({ container }: { container?: HTMLElement }) {
  useLayoutEffect(() => {
    container?.removeAttribute('inert');
    container?.removeAttribute('data-first-screen');
  }, [container]);
  return null;
}
