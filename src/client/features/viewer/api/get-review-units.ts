import { useQuery } from '@tanstack/react-query';
import type { ReviewUnits } from '../../../../shared/schemas/review';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The units the user may review (the viewer's start page). */
export const useReviewUnits = () =>
  useQuery({ queryKey: queryKeys.viewer.units(), queryFn: () => apiRequest<ReviewUnits>('/api/viewer/units') });
