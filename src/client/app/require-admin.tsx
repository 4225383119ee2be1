import { Outlet } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { useCurrentUser } from '../lib/current-user';

/**
 * Layout route around the admin pages: the server's `admin` permission is the user's `isAdmin`
 * flag from `/api/account/me`; anyone else gets the not-found page (existence-hiding, like the API).
 */
export function RequireAdmin() {
  const { data: user } = useCurrentUser();
  return user?.isAdmin ? <Outlet /> : <NotFoundPage />;
}
