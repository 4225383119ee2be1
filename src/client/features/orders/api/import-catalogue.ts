import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CatalogueKind, ImportReport } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { catalogueKey } from './get-catalogue';

export function importCatalogue(input: { kind: CatalogueKind; csv: string }): Promise<ImportReport> {
  return apiRequest(apiData(`catalogues/${input.kind}/import`), { method: 'POST', body: { csv: input.csv } });
}

export function useImportCatalogue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importCatalogue,
    onSuccess: (report, input) =>
      report.applied ? queryClient.invalidateQueries({ queryKey: catalogueKey(input.kind) }) : undefined,
  });
}
