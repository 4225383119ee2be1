import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateCommentInput,
  CreateTopicInput,
  ReviewTopic,
  ReviewTopics,
  UpdateTopicInput,
} from '../../../../shared/schemas/review';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys, queryPrefixes } from '../../../lib/query-keys';
import { viewerBase } from './keys';

export const useTopics = (rootId: number, unitId: number) =>
  useQuery({
    queryKey: queryKeys.viewer.topics(rootId, unitId),
    queryFn: () => apiRequest<ReviewTopics>(`${viewerBase(rootId, unitId)}/topics`),
  });

function useTopicMutation<I>(rootId: number, unitId: number, call: (input: I) => Promise<ReviewTopic>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryPrefixes.viewer }),
  });
}

export const useCreateTopic = (rootId: number, unitId: number) =>
  useTopicMutation(rootId, unitId, (input: CreateTopicInput) =>
    apiRequest<ReviewTopic>(`${viewerBase(rootId, unitId)}/topics`, { method: 'POST', body: input }),
  );

export const useUpdateTopic = (rootId: number, unitId: number) =>
  useTopicMutation(rootId, unitId, ({ topicId, ...input }: UpdateTopicInput & { topicId: number }) =>
    apiRequest<ReviewTopic>(`${viewerBase(rootId, unitId)}/topics/${topicId}`, { method: 'PATCH', body: input }),
  );

export const useAddComment = (rootId: number, unitId: number) =>
  useTopicMutation(rootId, unitId, ({ topicId, ...input }: CreateCommentInput & { topicId: number }) =>
    apiRequest<ReviewTopic>(`${viewerBase(rootId, unitId)}/topics/${topicId}/comments`, {
      method: 'POST',
      body: input,
    }),
  );
