import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Branding, BrandingInput } from '../../../../shared/schemas/branding';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

/** Sets the tenant's brand colour (null: the product's colour again). */
export function saveBranding(body: BrandingInput): Promise<Branding> {
  return apiRequest(apiData('branding'), { method: 'PUT', body });
}

export function useSaveBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBranding,
    onSuccess: (branding) => queryClient.setQueryData(queryKeys.admin.branding(), branding),
    // The signed-in user carries the colour of the browser's chrome (src/client/lib/theme-color.ts).
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.me() }),
  });
}
