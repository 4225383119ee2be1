import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StoredData } from '../../../../shared/questionnaire/definition';
import type { DeliveryScheduleEntry, Questionnaire } from '../../../../shared/schemas/questionnaire';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, queryPrefixes } from '../../../lib/query-keys';

export const questionnaireQuery = (rootId: number) =>
  queryOptions({
    queryKey: queryKeys.questionnaire.sheet(rootId),
    queryFn: () => apiRequest<Questionnaire>(`/api/questionnaire/${rootId}`),
    // The screen holds its own copy while editing; no refetch behind the user's back.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

export const useQuestionnaire = (rootId: number) => useQuery(questionnaireQuery(rootId));

/** Saves the sheet; the answer carries the validity the server computed. */
export function useSaveQuestionnaire(rootId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { data: StoredData; isValid: boolean }) =>
      apiRequest<Questionnaire>(`/api/questionnaire/${rootId}`, { method: 'PUT', body }),
    onSuccess: (saved) => {
      client.setQueryData(queryKeys.questionnaire.sheet(rootId), saved);
      void client.invalidateQueries({ queryKey: queryPrefixes.projects });
    },
  });
}

export const useDeliverySchedule = (rootId: number) =>
  useQuery({
    queryKey: queryKeys.questionnaire.schedule(rootId),
    queryFn: () => apiRequest<DeliveryScheduleEntry[]>(`/api/questionnaire/ccl-delivery-schedule/${rootId}`),
  });
