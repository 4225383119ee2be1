import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { priorities } from './topic-fields';
import { ALL, NOBODY, topicAssignees, topicVersions, type TopicFilter } from './topic-list';

/** The filter row: status, priority, assignee, version of the file; and the order. */
export function TopicFilters({
  topics,
  members,
  value,
  onChange,
}: {
  topics: ReviewTopic[];
  members: Member[];
  value: TopicFilter;
  onChange: (f: TopicFilter) => void;
}) {
  const { t } = useTranslation();
  const all = { value: ALL, label: t('VIEWER.Topics.Filter.All') };
  const select = (key: keyof TopicFilter, label: string, data: { value: string; label: string }[]) => (
    <Select
      size="xs"
      label={label}
      allowDeselect={false}
      data={data}
      value={value[key]}
      onChange={(v) => v && onChange({ ...value, [key]: v })}
      style={{ flex: '1 1 110px' }}
      data-testid={`topic-filter-${key}`}
      comboboxProps={{ withinPortal: true }}
    />
  );
  return (
    <Group gap={6} align="flex-end" mb="xs" role="group" aria-label={t('VIEWER.Topics.Filter.Title')}>
      {select('status', t('VIEWER.Topics.Filter.Status'), [
        all,
        { value: 'open', label: t('VIEWER.Topics.Open') },
        { value: 'resolved', label: t('VIEWER.Topics.Resolved') },
      ])}
      {select('priority', t('VIEWER.Topics.Filter.Priority'), [
        all,
        ...priorities.map((p) => ({ value: p, label: t(`VIEWER.Topics.PriorityLevel.${p}`) })),
      ])}
      {select('assignee', t('VIEWER.Topics.Filter.Assignee'), [
        all,
        { value: NOBODY, label: t('VIEWER.Topics.Filter.Nobody') },
        ...topicAssignees(topics, members).map(([id, label]) => ({ value: String(id), label })),
      ])}
      {select('version', t('VIEWER.Topics.Filter.Version'), [
        all,
        ...topicVersions(topics).map((v) => ({ value: String(v), label: t('VIEWER.Version', { version: v }) })),
      ])}
      {select('sort', t('VIEWER.Topics.Filter.Sort'), [
        { value: 'due', label: t('VIEWER.Topics.Filter.SortDue') },
        { value: 'created', label: t('VIEWER.Topics.Filter.SortCreated') },
      ])}
    </Group>
  );
}
