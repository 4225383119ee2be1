import { Badge, Select, TagsInput } from '@mantine/core';
import { IconAlertTriangle, IconArrowForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { isoDay } from '../../../../shared/schemas/common';
import {
  isOverdue,
  MAX_TOPIC_LABEL_LENGTH,
  MAX_TOPIC_LABELS,
  topicLabelsSchema,
  topicPrioritySchema,
  type ReviewTopic,
  type TopicPriority,
} from '../../../../shared/schemas/review';
import { DateInput } from '../../../components/date-input';
import { useFormatters } from '../../../lib/format';

/** Priority, due date and labels of a topic, as the topic forms edit them ('' is no due date). */
export const topicMetaSchema = z.object({
  priority: topicPrioritySchema,
  dueDate: z.union([z.literal(''), isoDay]),
  labels: topicLabelsSchema,
});
export type TopicMeta = z.input<typeof topicMetaSchema>;

/** Today in the user's time zone, `YYYY-MM-DD` (a topic due today is not overdue yet). */
export const localToday = (now = new Date()) =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

export const priorities: TopicPriority[] = ['low', 'normal', 'high'];

/** The form fields: priority, due date, labels. */
export function TopicMetaFields({
  field,
  values,
  setValue,
}: {
  field: (path: string) => { error?: React.ReactNode };
  values: TopicMeta;
  setValue: (patch: Partial<TopicMeta>) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        label={t('VIEWER.Topics.Priority')}
        allowDeselect={false}
        data={priorities.map((p) => ({ value: p, label: t(`VIEWER.Topics.PriorityLevel.${p}`) }))}
        value={values.priority}
        onChange={(v) => v && setValue({ priority: v as TopicPriority })}
        data-testid="topic-priority"
      />
      <DateInput
        label={t('VIEWER.Topics.DueDate')}
        value={values.dueDate}
        onChange={(v) => setValue({ dueDate: v })}
        error={field('dueDate').error}
        data-testid="topic-due-date"
      />
      <TagsInput
        label={t('VIEWER.Topics.Labels')}
        description={t('VIEWER.Topics.LabelsHint')}
        maxTags={MAX_TOPIC_LABELS}
        maxLength={MAX_TOPIC_LABEL_LENGTH}
        splitChars={[',', ';']}
        value={values.labels}
        onChange={(v) => setValue({ labels: v })}
        error={field('labels').error}
        data-testid="topic-labels"
      />
    </>
  );
}

/** Priority (not shown when normal), due date or overdue flag, carried-over mark and labels of a topic. */
export function TopicMetaBadges({ topic, today }: { topic: ReviewTopic; today: string }) {
  const { t } = useTranslation();
  const f = useFormatters();
  const overdue = isOverdue(topic, today);
  return (
    <>
      {topic.priority !== 'normal' && (
        <Badge
          size="xs"
          variant={topic.priority === 'high' ? 'filled' : 'outline'}
          color={topic.priority === 'high' ? 'orange.9' : 'gray'}
          data-testid="topic-priority-badge"
        >
          {t('VIEWER.Topics.Priority')}: {t(`VIEWER.Topics.PriorityLevel.${topic.priority}`)}
        </Badge>
      )}
      {topic.dueDate &&
        (overdue ? (
          <Badge
            size="xs"
            color="red.9"
            leftSection={<IconAlertTriangle size={10} aria-hidden />}
            data-testid="topic-overdue"
          >
            {t('VIEWER.Topics.Overdue', { date: f.date(topic.dueDate) })}
          </Badge>
        ) : (
          <Badge size="xs" variant="outline" color="gray" data-testid="topic-due">
            {t('VIEWER.Topics.Due', { date: f.date(topic.dueDate) })}
          </Badge>
        ))}
      {topic.carriedOverOn && topic.status === 'open' && (
        <Badge size="xs" variant="outline" color="grape" leftSection={<IconArrowForward size={10} aria-hidden />}>
          {t('VIEWER.Topics.CarriedOver')}
        </Badge>
      )}
      {topic.labels.map((label) => (
        <Badge key={label} size="xs" variant="light" color="gray" tt="none">
          {label}
        </Badge>
      ))}
    </>
  );
}
