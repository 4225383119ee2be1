import { useMemo, useState } from 'react';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { filterTopics, NO_FILTER, type TopicFilter } from '../components/topic-list';

/** The topics panel's filter (everything, due first, to start with) and the topics it lets through. */
export function useTopicFilter(topics: ReviewTopic[]) {
  const [filter, setFilter] = useState<TopicFilter>(NO_FILTER);
  const shown = useMemo(() => filterTopics(topics, filter), [topics, filter]);
  return { filter, setFilter, shown };
}
