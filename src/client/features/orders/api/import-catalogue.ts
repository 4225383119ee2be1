import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueKind, ImportReport } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { invalidateKeys, queryKeys } from '../../../lib/query-keys';

export function importCatalogue(input: { kind: CatalogueKind; csv: string }): Promise<ImportReport> {
  return apiRequest(apiData(`catalogues/${input.kind}/import`), { method: 'POST', body: { csv: input.csv } });
}

/** An applied import changes the catalogue and the products order lots offer from it. */
export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (report, input) =>
      report.applied
        ? invalidateKeys(queryClient, [queryKeys.orders.catalogue(input.kind), queryKeys.orders.productLists()])
        : undefined,
  });
}
