import type { PreliminaryDays } from '../../../../shared/schemas/admin';
import { apiRequest } from '../../../lib/api-client';
import { apiData } from '../../../lib/config';

/** One call per dirty row (spec §7). */
export function updatePreliminaryDays(id: number, preliminaryDays: number): Promise<PreliminaryDays> {
  return apiRequest(apiData(`productplantpreliminarydays/${id}`), {
    method: 'PUT',
    body: { PreliminaryDays: preliminaryDays },
  });
}
