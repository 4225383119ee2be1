import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { WorkflowEntry, WorkflowNotification } from '../../../../shared/schemas/workflow';
import { pageParams } from '../../../../shared/odata-filter';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';
import { queryKeys } from '../../../lib/query-keys';

type Paged<T> = { data: T[]; count?: number };

const paging = (page: number, pageSize: number) => pageParams(page, pageSize);

/** Open reminders and escalations (spec §3 Workflow). */
export const workflowsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.workflow.workflows(page, pageSize),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<Paged<WorkflowEntry>>(apiData(`workflows?${paging(page, pageSize)}`), { signal }),
  });

/** Material-data change notifications (spec §3 Notification). */
export const notificationsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.workflow.notifications(page, pageSize),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      apiRequest<Paged<WorkflowNotification>>(apiData(`workflownotifications?${paging(page, pageSize)}`), { signal }),
  });

export const useWorkflows = (page: number, pageSize: number) => useQuery(workflowsQuery(page, pageSize));
export const useNotifications = (page: number, pageSize: number) => useQuery(notificationsQuery(page, pageSize));
