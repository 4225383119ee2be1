import { Outlet, useParams } from 'react-router';
import { NotFoundPage } from '../components/not-found-page';
import { hasValidIds } from '../lib/route-ids';

/** Layout route around every page addressed by ids: a malformed id shows the not-found page. */
export function NumericIds() {
  const params = useParams();
  return hasValidIds(params) ? <Outlet /> : <NotFoundPage />;
}
