import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { useTopicFilter } from '../hooks/use-topic-filter';
import { TopicCard } from './topic-card';
import { localToday } from './topic-fields';
import { TopicFilters } from './topic-filters';

/** The unit's topics, filtered and sorted (by due date, open first); comments thread under each. */
export function TopicsPanel(props: {
  rootId: number;
  unitId: number;
  topics: ReviewTopic[];
  canWrite: boolean;
  members: Member[];
  currentVersion: number | null;
  activeTopicId: number | null;
  onShow: (topic: ReviewTopic) => void;
}) {
  const { t } = useTranslation();
  const { filter, setFilter, shown } = useTopicFilter(props.topics);
  const today = localToday();
  if (props.topics.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('VIEWER.Topics.None')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <TopicFilters topics={props.topics} members={props.members} value={filter} onChange={setFilter} />
      <Text size="xs" c="dimmed" aria-live="polite" data-testid="topics-shown">
        {shown.length === 0
          ? t('VIEWER.Topics.Filter.NoneMatch')
          : t('VIEWER.Topics.Filter.Shown', { shown: shown.length, total: props.topics.length })}
      </Text>
      {shown.map((topic) => (
        <TopicCard
          key={topic.topicID}
          rootId={props.rootId}
          unitId={props.unitId}
          topic={topic}
          canWrite={props.canWrite}
          members={props.members}
          currentVersion={props.currentVersion}
          active={props.activeTopicId === topic.topicID}
          today={today}
          onShow={props.onShow}
        />
      ))}
    </Stack>
  );
}
