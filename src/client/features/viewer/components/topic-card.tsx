import { Badge, Button, Card, Group, Select, Text } from '@mantine/core';
import { IconCheck, IconEdit, IconEye, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { useTopicChanges } from '../hooks/use-topic-changes';
import { TopicEditDialog } from './topic-edit-dialog';
import { TopicMetaBadges } from './topic-fields';
import { isFromOlderVersion, memberOptions } from './topic-list';
import { Provenance, TopicComments, TopicReply } from './topic-thread';

type Props = {
  rootId: number;
  unitId: number;
  topic: ReviewTopic;
  canWrite: boolean;
  members: Member[];
  currentVersion: number | null;
  active: boolean;
  today: string;
  onShow: (topic: ReviewTopic) => void;
};

/** One topic: title and state, where it is, who deals with it, its comments and what can be done with it. */
export function TopicCard({ rootId, unitId, topic, canWrite, members, currentVersion, active, today, onShow }: Props) {
  const { t } = useTranslation();
  const changes = useTopicChanges(rootId, unitId, topic);
  const [editing, setEditing] = useState(false);
  const open = topic.status === 'open';
  return (
    <Card withBorder padding="sm" data-testid="topic" bd={active ? '2px solid var(--mantine-color-blue-5)' : undefined}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} size="sm" lineClamp={2}>
          {topic.title}
        </Text>
        <Badge color={open ? 'red' : 'green'} variant="light" style={{ flexShrink: 0 }}>
          {open ? t('VIEWER.Topics.Open') : t('VIEWER.Topics.Resolved')}
        </Badge>
      </Group>
      <Provenance from={topic.importedFrom} />
      <Group gap={6} mt={4}>
        {topic.fileName && (
          <Text size="xs" c="dimmed">
            {topic.fileName}
          </Text>
        )}
        {isFromOlderVersion(topic, currentVersion) && open && (
          <Badge size="xs" variant="outline" color="gray">
            {t('VIEWER.Topics.FromVersion', { version: topic.version })}
          </Badge>
        )}
        {topic.markup && (
          <Badge size="xs" variant="outline">
            {t('VIEWER.Topics.OnPage', { page: topic.markup.page })}
          </Badge>
        )}
        {topic.viewpoint && topic.viewpoint.selection.length > 0 && (
          <Badge size="xs" variant="outline">
            {t('VIEWER.Topics.Elements', { count: topic.viewpoint.selection.length })}
          </Badge>
        )}
        <TopicMetaBadges topic={topic} today={today} />
      </Group>
      {canWrite ? (
        <Select
          size="xs"
          mt={6}
          label={t('VIEWER.Topics.Assignee')}
          placeholder={t('VIEWER.Topics.NoAssignee')}
          clearable
          data-testid="topic-assignee"
          data={memberOptions(members, topic)}
          value={topic.assigneeUserID === null ? null : String(topic.assigneeUserID)}
          disabled={changes.pending}
          onChange={changes.assign}
        />
      ) : (
        topic.assigneeName && (
          <Text size="xs" mt={4}>
            {t('VIEWER.Topics.Assignee')}: {topic.assigneeName}
          </Text>
        )
      )}
      <TopicComments comments={topic.comments} />
      {canWrite && <TopicReply rootId={rootId} unitId={unitId} topicId={topic.topicID} members={members} />}
      <Group gap="xs" mt="xs">
        {(topic.markup || topic.viewpoint) && (
          <Button size="compact-xs" variant="subtle" leftSection={<IconEye size={14} />} onClick={() => onShow(topic)}>
            {t('VIEWER.Topics.ShowView')}
          </Button>
        )}
        {canWrite && (
          <Button
            size="compact-xs"
            variant="subtle"
            // The subtle variant caps a shade at 6; the label takes the dark shade itself for contrast.
            color={open ? 'teal' : 'gray'}
            c={open ? 'teal.9' : undefined}
            leftSection={open ? <IconCheck size={14} /> : <IconRefresh size={14} />}
            loading={changes.pending}
            onClick={changes.toggleStatus}
          >
            {open ? t('VIEWER.Topics.Resolve') : t('VIEWER.Topics.Reopen')}
          </Button>
        )}
        {canWrite && (
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconEdit size={14} />}
            onClick={() => setEditing(true)}
            data-testid="topic-edit"
          >
            {t('VIEWER.Topics.Edit')}
          </Button>
        )}
      </Group>
      {editing && <TopicEditDialog rootId={rootId} unitId={unitId} topic={topic} onClose={() => setEditing(false)} />}
    </Card>
  );
}
