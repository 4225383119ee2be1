import { ActionIcon, Group, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/projects';
import type { ImportedFrom, ReviewTopic } from '../../../../shared/schemas/review';
import { useFormatters } from '../../../lib/format';
import { useTopicReply } from '../hooks/use-topic-reply';
import { MentionTextarea } from './mention-textarea';
import { provenanceKey } from './topic-list';

/**
 * "Imported from BCF; originally by X on D": what the archive claimed, shown as provenance only
 * (the record itself is the importing user's).
 */
export function Provenance({ from }: { from: ImportedFrom }) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (!from) return null;
  const date = from.createdOn ? f.dateTime(from.createdOn) : null;
  return (
    <Text size="xs" c="dimmed" fs="italic" data-testid="topic-provenance">
      {t(`VIEWER.Topics.Imported.${provenanceKey(from.author, date)}`, { author: from.author, date })}
    </Text>
  );
}

/** The comments under a topic, oldest first, each with its author and time. */
export function TopicComments({ comments }: { comments: ReviewTopic['comments'] }) {
  const f = useFormatters();
  return (
    <Stack gap={6} mt="xs">
      {comments.map((c) => (
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
  );
}

/** The answer field under a topic (`@` mentions a member) and its send button. */
export function TopicReply({
  rootId,
  unitId,
  topicId,
  members,
}: {
  rootId: number;
  unitId: number;
  topicId: number;
  members: Member[];
}) {
  const { t } = useTranslation();
  const reply = useTopicReply(rootId, unitId, topicId, members);
  return (
    <Group gap={4} mt="xs" wrap="nowrap" align="flex-end">
      <MentionTextarea
        size="xs"
        autosize
        minRows={1}
        placeholder={t('VIEWER.Topics.AnswerPlaceholder')}
        aria-label={t('VIEWER.Topics.Answer')}
        value={reply.text}
        onChange={reply.setText}
        members={members}
        style={{ flex: 1 }}
      />
      <ActionIcon
        variant="light"
        aria-label={t('VIEWER.Topics.Send')}
        disabled={!reply.canSend}
        loading={reply.sending}
        onClick={reply.send}
      >
        <IconSend size={16} />
      </ActionIcon>
    </Group>
  );
}
