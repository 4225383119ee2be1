import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

/** Whether a title is still free among the children of a parent (name-validity check). */
export async function isTitleAvailable(
  parentId: number,
  title: string,
  excludeUnitId?: number,
  signal?: AbortSignal,
): Promise<boolean> {
  const params = new URLSearchParams({ title });
  if (excludeUnitId) params.set('excludeUnitId', String(excludeUnitId));
  const res = await apiRequest<{ available: boolean }>(
    apiData(`projects/${parentId}/title-available?${params.toString()}`),
    { signal },
  );
  return res.available;
}
