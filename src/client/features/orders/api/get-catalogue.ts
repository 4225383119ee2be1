import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AacProductDto, CatalogueKind, LintelProductDto } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export const catalogueKey = (kind: CatalogueKind) => ['orders', 'catalogue', kind] as const;

export function getAacCatalogue(): Promise<{ data: AacProductDto[] }> {
  return apiRequest(apiData('catalogues/aacproducts'));
}

export function getLintelCatalogue(): Promise<{ data: LintelProductDto[] }> {
  return apiRequest(apiData('catalogues/lintelproducts'));
}

export function useAacCatalogue() {
  return useQuery(queryOptions({ queryKey: catalogueKey('aac'), queryFn: getAacCatalogue }));
}

export function useLintelCatalogue() {
  return useQuery(queryOptions({ queryKey: catalogueKey('lintel'), queryFn: getLintelCatalogue }));
}
