import type { ReviewTopic } from '../../../../shared/schemas/review';
import { notifyError } from '../../../lib/notify';
import { useUpdateTopic } from '../api/topics';

/** What a topic's card changes of it: the assignee (a member's id as the choice's value), open or resolved. */
export function useTopicChanges(rootId: number, unitId: number, topic: ReviewTopic) {
  const update = useUpdateTopic(rootId, unitId);
  const assign = (value: string | null) =>
    update.mutate(
      { topicId: topic.topicID, assigneeUserID: value ? Number(value) : null },
      { onError: (e) => notifyError(e) },
    );
  const toggleStatus = () =>
    update.mutate(
      { topicId: topic.topicID, status: topic.status === 'open' ? 'resolved' : 'open' },
      { onError: (e) => notifyError(e) },
    );
  return { assign, toggleStatus, pending: update.isPending };
}
