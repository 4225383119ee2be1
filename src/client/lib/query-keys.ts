import type { QueryClient } from '@tanstack/react-query';

/**
 * The first element of every query key: a feature's keys start with its prefix (`['projects', …]`,
 * `['orders', 'lot', id]`), so a change refreshes the prefixes it touches instead of naming keys
 * of other features.
 */
export const queryPrefixes = {
  projects: ['projects'],
  tasks: ['tasks'],
  dashboard: ['dashboard'],
  journal: ['journal'],
  orders: ['orders'],
  delivery: ['delivery'],
  viewer: ['viewer'],
} as const;

/**
 * What a unit's state change touches (spec §4): the unit path and units, tasks and counters, the
 * journal, the order and delivery tables (an order lot's items freeze when the order is placed), and
 * the review's unit, actions and topics (a decision closes the topics it was asked to).
 */
export function invalidateUnitChange(queryClient: QueryClient): Promise<void[]> {
  const touched = [
    queryPrefixes.projects,
    queryPrefixes.tasks,
    queryPrefixes.dashboard,
    queryPrefixes.journal,
    queryPrefixes.orders,
    queryPrefixes.delivery,
    queryPrefixes.viewer,
  ];
  return Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
