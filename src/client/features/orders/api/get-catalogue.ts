import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AacProductDto, LintelProductDto } from '../../../../shared/schemas/orders';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export function getAacCatalogue(): Promise<{ data: AacProductDto[] }> {
  return apiRequest(apiData('catalogues/aacproducts'));
}

export function getLintelCatalogue(): Promise<{ data: LintelProductDto[] }> {
  return apiRequest(apiData('catalogues/lintelproducts'));
}

export function useAacCatalogue() {
  return useQuery(queryOptions({ queryKey: queryKeys.orders.catalogue('aac'), queryFn: getAacCatalogue }));
}

export function useLintelCatalogue() {
  return useQuery(queryOptions({ queryKey: queryKeys.orders.catalogue('lintel'), queryFn: getLintelCatalogue }));
}
