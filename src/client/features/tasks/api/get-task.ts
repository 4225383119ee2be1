import { queryOptions } from '@tanstack/react-query';
import type { Task } from '../../../../shared/schemas/tasks';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/tasks/{id}: one open task of the user (404 when it is done or not theirs). */
export const getTask = (id: number, signal?: AbortSignal) => apiRequest<Task>(`/api/tasks/${id}`, { signal });

export const taskQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.tasks.one(id), queryFn: ({ signal }) => getTask(id, signal), staleTime: 0 });
