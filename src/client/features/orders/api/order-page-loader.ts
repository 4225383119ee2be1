import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { orderItemsQuery } from './get-order-items';
import { orderLotQuery } from './get-order-lot';
import { orderProductsQuery } from './get-order-products';
import { orderEndpointOf } from './order-endpoint';

/**
 * Starts loading the lot with the app's first requests (beside the page's code, so this module
 * stays small), and its rows and catalogue as soon as the lot's type is known, instead of one
 * after the other as the page's parts render.
 */
export function orderPageLoader(queryClient: QueryClient) {
  return ({ params }: LoaderFunctionArgs) => {
    const unitId = Number(params.unitId);
    if (!Number.isInteger(unitId)) return null;
    queryClient.fetchQuery(orderLotQuery(unitId)).then(
      (lot) => {
        const endpoint = orderEndpointOf(lot.projectUnitType);
        if (!endpoint) return;
        void queryClient.prefetchQuery(orderItemsQuery(endpoint, unitId));
        void queryClient.prefetchQuery(orderProductsQuery(endpoint, unitId));
      },
      // The page shows the error of its own request.
      () => undefined,
    );
    return null;
  };
}
