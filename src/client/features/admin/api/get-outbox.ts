import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OutboxMail } from '../../../../shared/schemas/admin';
import { and, contains, eq, pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

export type OutboxFilters = { search: string; status: '' | OutboxMail['status'] };

/** The OData filter of the outbox: a text in recipient or subject, and the delivery state. */
export function outboxFilter(f: OutboxFilters): string | undefined {
  const q = f.search.trim();
  return and(q && `(${contains('recipient', q)} or ${contains('subject', q)})`, f.status && eq('status', f.status));
}

export function getOutbox(
  filters: OutboxFilters,
  page: number,
  pageSize: number,
): Promise<{ data: OutboxMail[]; count: number }> {
  return apiRequest(apiData(`mailoutbox?${pageParams(page, pageSize, { $filter: outboxFilter(filters) })}`));
}

export function useOutbox(filters: OutboxFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: queryKeys.admin.outbox(filters, page, pageSize),
    queryFn: () => getOutbox(filters, page, pageSize),
    placeholderData: keepPreviousData,
  });
}
