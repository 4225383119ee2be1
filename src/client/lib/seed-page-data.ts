import type { QueryClient } from '@tanstack/react-query';
import type { PageData } from '../../shared/page-data';
import { activeBannersQuery, rootUnitIdFromPath } from '../components/banner-notifications';
import { queryKeys } from './query-keys';

/**
 * The session's user and the page's banners from the page's data, as the answers of their queries:
 * in the browser before the router starts (src/client/main.tsx) and on the server for the first
 * screen (src/client/server/first-screen.tsx), so both render from the same state. Banners read for
 * another project than the address names are not taken.
 */
export function seedSessionQueries(queryClient: QueryClient, data: PageData | null, pathname: string): void {
  if (data && 'user' in data) queryClient.setQueryData(queryKeys.account.me(), data.user ?? null);
  if (data?.banners && data.banners.rootUnitId === (rootUnitIdFromPath(pathname) ?? null))
    queryClient.setQueryData(activeBannersQuery(pathname).queryKey, data.banners.items);
}
