import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Task } from '../../../../shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** `/api/tasks` is the list contract's one exception (a bare array, docs/decisions/005); adapted here. */
export type TaskPage = { data: Task[]; count: number };

/** GET /api/tasks: the user's open tasks, newest first; the total comes in X-Total-Count. */
export async function getTasks(page: number, pageSize: number, signal?: AbortSignal): Promise<TaskPage> {
  let total = 0;
  const params = new URLSearchParams({ $top: String(pageSize), $skip: String((page - 1) * pageSize) });
  const data = await apiRequest<Task[]>(`/api/tasks?${params}`, {
    signal,
    onHeaders: (h) => {
      total = Number(h.get('x-total-count') ?? 0);
    },
  });
  return { data, count: total || data.length };
}

export const tasksQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: queryKeys.tasks.list(page, pageSize),
    queryFn: ({ signal }) => getTasks(page, pageSize, signal),
    placeholderData: keepPreviousData,
  });

export function useTasks(page: number, pageSize: number) {
  return useQuery(tasksQuery(page, pageSize));
}
