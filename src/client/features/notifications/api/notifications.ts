import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPage, UnreadCount } from '../../../../shared/schemas/notifications';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, queryPrefixes } from '../../../lib/query-keys';

export function getNotifications(page: number, pageSize: number, signal?: AbortSignal): Promise<NotificationPage> {
  const params = new URLSearchParams({
    $top: String(pageSize),
    $skip: String((page - 1) * pageSize),
    $count: 'true',
  });
  return apiRequest<NotificationPage>(`/api/notifications?${params}`, { signal });
}

export const notificationsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.notifications.list(page, pageSize),
    queryFn: ({ signal }) => getNotifications(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useNotifications(page: number, pageSize: number, enabled = true) {
  return useQuery({ ...notificationsQuery(page, pageSize), enabled });
}

/** The bell's count: read again on each live event of the tab (lib/live-updates) and on focus. */
export function useUnreadCount() {
  return useQuery({
    queryKey: queryKeys.notifications.unread(),
    queryFn: ({ signal }) => apiRequest<UnreadCount>('/api/notifications/unread-count', { signal }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest(`/api/notifications/${id}/read`, { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryPrefixes.notifications }),
  });
}

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ marked: number }>('/api/notifications/read-all', { method: 'POST' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryPrefixes.notifications }),
  });
}
