import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../shared/schemas/admin';
import { pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

export function getOutbox(page: number, pageSize: number): Promise<{ data: OutboxMail[]; count: number }> {
  return apiRequest(apiData(`mailoutbox?${pageParams(page, pageSize)}`));
}

export function useOutbox(page: number, pageSize: number) {
  return useQuery({
    queryKey: ['admin', 'outbox', page, pageSize],
    queryFn: () => getOutbox(page, pageSize),
    placeholderData: keepPreviousData,
  });
}
