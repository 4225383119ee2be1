import { ActionIcon, Badge, Button, Card, Group, Select, Stack, Text } from '@mantine/core';
import { IconCheck, IconEdit, IconEye, IconRefresh, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';
import type { ImportedFrom, ReviewTopic } from '../../../../shared/schemas/review';
import { useFormatters } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { useAddComment, useUpdateTopic } from '../api/topics';
import { mentionedIds, MentionTextarea } from './mention-textarea';
import { memberLabel } from './topic-dialog';
import { TopicEditDialog } from './topic-edit-dialog';
import { localToday, priorities, TopicMetaBadges } from './topic-fields';

/** The project's members to choose from; an assignee who left the project stays shown. */
function memberOptions(members: Member[], topic: ReviewTopic) {
  const options = members.map((m) => ({ value: String(m.userID), label: memberLabel(m) }));
  if (topic.assigneeUserID !== null && !members.some((m) => m.userID === topic.assigneeUserID)) {
    options.push({ value: String(topic.assigneeUserID), label: topic.assigneeName ?? String(topic.assigneeUserID) });
  }
  return options;
}

/**
 * "Imported from BCF; originally by X on D": what the archive claimed, shown as provenance only
 * (the record itself is the importing user's).
 */
function Provenance({ from }: { from: ImportedFrom }) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (!from) return null;
  const date = from.createdOn ? f.dateTime(from.createdOn) : null;
  const key = from.author ? (date ? 'ByOn' : 'By') : date ? 'On' : 'Plain';
  return (
    <Text size="xs" c="dimmed" fs="italic" data-testid="topic-provenance">
      {t(`VIEWER.Topics.Imported.${key}`, { author: from.author, date })}
    </Text>
  );
}

function TopicCard({
  rootId,
  unitId,
  topic,
  canWrite,
  members,
  currentVersion,
  active,
  today,
  onShow,
}: {
  rootId: number;
  unitId: number;
  topic: ReviewTopic;
  canWrite: boolean;
  members: Member[];
  currentVersion: number | null;
  active: boolean;
  today: string;
  onShow: (topic: ReviewTopic) => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  const update = useUpdateTopic(rootId, unitId);
  const comment = useAddComment(rootId, unitId);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState(false);
  const open = topic.status === 'open';
  const fromOlder = topic.version !== null && currentVersion !== null && topic.version < currentVersion;
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
        {fromOlder && open && (
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
          disabled={update.isPending}
          onChange={(value) =>
            update.mutate(
              { topicId: topic.topicID, assigneeUserID: value ? Number(value) : null },
              { onError: (e) => notifyError(e) },
            )
          }
        />
      ) : (
        topic.assigneeName && (
          <Text size="xs" mt={4}>
            {t('VIEWER.Topics.Assignee')}: {topic.assigneeName}
          </Text>
        )
      )}
      <Stack gap={6} mt="xs">
        {topic.comments.map((c) => (
          <div key={c.commentID}>
            <Text size="xs" c="dimmed">
              {c.authorName} · {f.dateTime(c.createdOn)}
            </Text>
            <Provenance from={c.importedFrom} />
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {c.text}
            </Text>
          </div>
        ))}
      </Stack>
      {canWrite && (
        <Group gap={4} mt="xs" wrap="nowrap" align="flex-end">
          <MentionTextarea
            size="xs"
            autosize
            minRows={1}
            placeholder={t('VIEWER.Topics.AnswerPlaceholder')}
            aria-label={t('VIEWER.Topics.Answer')}
            value={text}
            onChange={setText}
            members={members}
            style={{ flex: 1 }}
          />
          <ActionIcon
            variant="light"
            aria-label={t('VIEWER.Topics.Send')}
            disabled={!text.trim()}
            loading={comment.isPending}
            onClick={() =>
              comment.mutate(
                { topicId: topic.topicID, text: text.trim(), mentionUserIDs: mentionedIds(text, members) },
                { onSuccess: () => setText(''), onError: (e) => notifyError(e) },
              )
            }
          >
            <IconSend size={16} />
          </ActionIcon>
        </Group>
      )}
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
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { topicId: topic.topicID, status: open ? 'resolved' : 'open' },
                { onError: (e) => notifyError(e) },
              )
            }
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

type Filter = { status: string; priority: string; assignee: string; version: string; sort: 'due' | 'created' };
const ALL = 'all';
const NOBODY = 'nobody';

/** Due first (earliest on top, none last), open before resolved; else the order they were raised. */
function byDue(a: ReviewTopic, b: ReviewTopic): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
  if (a.dueDate !== b.dueDate) {
    if (a.dueDate === null) return 1;
    if (b.dueDate === null) return -1;
    return a.dueDate < b.dueDate ? -1 : 1;
  }
  return 0;
}

/** The filter row: status, priority, assignee, version of the file; and the order. */
function TopicFilters({
  topics,
  members,
  value,
  onChange,
}: {
  topics: ReviewTopic[];
  members: Member[];
  value: Filter;
  onChange: (f: Filter) => void;
}) {
  const { t } = useTranslation();
  const all = { value: ALL, label: t('VIEWER.Topics.Filter.All') };
  const versions = [...new Set(topics.map((x) => x.version).filter((v): v is number => v !== null))].sort(
    (a, b) => a - b,
  );
  const assignees = new Map<number, string>();
  for (const x of topics) {
    if (x.assigneeUserID === null) continue;
    const m = members.find((mm) => mm.userID === x.assigneeUserID);
    assignees.set(x.assigneeUserID, m ? memberLabel(m) : (x.assigneeName ?? String(x.assigneeUserID)));
  }
  const select = (key: keyof Filter, label: string, data: { value: string; label: string }[]) => (
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
        ...[...assignees].map(([id, label]) => ({ value: String(id), label })),
      ])}
      {select('version', t('VIEWER.Topics.Filter.Version'), [
        all,
        ...versions.map((v) => ({ value: String(v), label: t('VIEWER.Version', { version: v }) })),
      ])}
      {select('sort', t('VIEWER.Topics.Filter.Sort'), [
        { value: 'due', label: t('VIEWER.Topics.Filter.SortDue') },
        { value: 'created', label: t('VIEWER.Topics.Filter.SortCreated') },
      ])}
    </Group>
  );
}

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
  const [filter, setFilter] = useState<Filter>({
    status: ALL,
    priority: ALL,
    assignee: ALL,
    version: ALL,
    sort: 'due',
  });
  const today = localToday();
  const shown = useMemo(() => {
    const matches = props.topics.filter(
      (x) =>
        (filter.status === ALL || x.status === filter.status) &&
        (filter.priority === ALL || x.priority === filter.priority) &&
        (filter.assignee === ALL ||
          (filter.assignee === NOBODY ? x.assigneeUserID === null : String(x.assigneeUserID) === filter.assignee)) &&
        (filter.version === ALL || String(x.version) === filter.version),
    );
    return filter.sort === 'due'
      ? [...matches].sort(byDue)
      : [...matches].sort((a, b) => (a.status === b.status ? 0 : a.status === 'open' ? -1 : 1));
  }, [props.topics, filter]);
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
