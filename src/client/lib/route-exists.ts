import { useCallback, useContext } from 'react';
import { matchRoutes, UNSAFE_DataRouterContext } from 'react-router';
import { hasValidIds } from './route-ids';

/**
 * Whether a path leads to a real page (not the catch-all redirect). Buttons to pages that a
 * later issue brings are hidden until their route exists, never dead.
 */
export function useRouteExists(): (path: string) => boolean {
  const ctx = useContext(UNSAFE_DataRouterContext);
  return useCallback(
    (path: string) => {
      if (!ctx) return false;
      const matches = matchRoutes(ctx.router.routes, path);
      const last = matches?.[matches.length - 1];
      if (!last || (last.route.path ?? '').includes('*')) return false;
      // Ids are numbers: `details/2/questionnaire` is not the details page of unit "questionnaire".
      return hasValidIds(last.params);
    },
    [ctx],
  );
}
