import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Holds navigation to another page while `guarded`, and lets it go on when `mayLeave` resolves
 * true. `leave(to)` is for the page's own way out: it asks the same question, then navigates.
 */
export function useLeaveGuard(guarded: boolean, mayLeave: () => Promise<boolean>) {
  const bypass = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !bypass.current && guarded && currentLocation.pathname !== nextLocation.pathname,
  );
  const handling = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || handling.current) return;
    handling.current = true;
    void mayLeave().then((ok) => {
      handling.current = false;
      if (ok) {
        bypass.current = true;
        blocker.proceed();
      } else blocker.reset();
    });
    // mayLeave reads the current render's state; the blocker's state is the trigger.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [blocker.state]);

  return {
    /** Leaves without asking again (the caller has asked already). */
    release() {
      bypass.current = true;
    },
  };
}
