import { Alert, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewTopic, TopicChoice, TopicChoiceKind } from '../../../../shared/schemas/review';

export type Decision = 'approve' | 'request-revision';

const choiceKinds: { value: TopicChoiceKind; key: string }[] = [
  { value: 'resolve', key: 'Resolve' },
  { value: 'carry-over', key: 'CarryOver' },
  { value: 'accept', key: 'Accept' },
];

type Draft = Record<number, { choice?: TopicChoiceKind; comment: string }>;

/** The choices made so far, or null while one is missing (or approving anyway lacks its reason). */
function completeChoices(topics: ReviewTopic[], draft: Draft): TopicChoice[] | null {
  const out: TopicChoice[] = [];
  for (const topic of topics) {
    const d = draft[topic.topicID];
    if (!d?.choice) return null;
    const comment = d.comment.trim();
    if (d.choice === 'accept' && !comment) return null;
    out.push({ topicID: topic.topicID, choice: d.choice, ...(comment ? { comment } : {}) });
  }
  return out;
}

/**
 * Asks before a review decision, naming how many topics are still open. Approving with open topics
 * needs a choice for each: resolve, carry over to the next revision, or approve anyway with a reason.
 */
export function DecisionDialog({
  opened,
  decision,
  openTopics,
  openTopicList = [],
  pending,
  changes,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  /** The decision to confirm (kept while the dialog closes, so its text does not change). */
  decision: Decision | null;
  openTopics: number;
  /** The open topics: approving past them needs a choice for each. */
  openTopicList?: ReviewTopic[];
  pending: boolean;
  /** What changed since the version reviewed last (counted over the compared drawings and models). */
  changes?: { regions: number | null; elements: number | null };
  onClose: () => void;
  onConfirm: (decision: Decision, choices: TopicChoice[]) => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({});
  const title = decision === 'approve' ? t('VIEWER.Decision.Approve') : t('VIEWER.Decision.RequestRevision');
  const choosing = decision === 'approve' && openTopicList.length > 0;
  const choices = choosing ? completeChoices(openTopicList, draft) : [];
  const pendingCount = choosing
    ? openTopicList.filter((x) => {
        const d = draft[x.topicID];
        return !d?.choice || (d.choice === 'accept' && !d.comment.trim());
      }).length
    : 0;
  const set = (topicID: number, patch: Partial<Draft[number]>) =>
    setDraft((old) => ({ ...old, [topicID]: { comment: '', ...old[topicID], ...patch } }));
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={choosing ? 'lg' : 'md'}>
      <Text size="sm">
        {decision === 'approve'
          ? t('VIEWER.Decision.ApproveConfirm', { count: openTopics })
          : t('VIEWER.Decision.RevisionConfirm', { count: openTopics })}
      </Text>
      {changes && (changes.regions !== null || changes.elements !== null) && (
        <Text size="sm" mt="xs" data-testid="decision-changes">
          {[
            changes.regions !== null ? t('VIEWER.Compare.RegionsChanged', { count: changes.regions }) : null,
            changes.elements !== null ? t('VIEWER.Compare.ElementsChanged', { count: changes.elements }) : null,
          ]
            .filter(Boolean)
            .join(' / ')}
        </Text>
      )}
      {choosing && (
        <Alert
          color="orange"
          mt="md"
          title={t('VIEWER.Decision.OpenTopicsWarning', { count: openTopicList.length })}
          data-testid="approve-open-topics"
        >
          <Text size="sm" mb="xs">
            {t('VIEWER.Decision.ChoicesIntro')}
          </Text>
          <Stack gap="sm">
            {openTopicList.map((topic) => {
              const d = draft[topic.topicID];
              return (
                <Stack key={topic.topicID} gap={4} data-testid="open-topic-choice">
                  <Text size="sm" fw={600} id={`choice-${topic.topicID}`}>
                    {topic.title}
                  </Text>
                  <SegmentedControl
                    size="xs"
                    fullWidth
                    aria-labelledby={`choice-${topic.topicID}`}
                    // No choice is made for the reviewer: nothing is selected until one is picked.
                    value={d?.choice ?? ''}
                    onChange={(v) => set(topic.topicID, { choice: v as TopicChoiceKind })}
                    data={choiceKinds.map((c) => ({ value: c.value, label: t(`VIEWER.Decision.Choice.${c.key}`) }))}
                  />
                  {d?.choice === 'accept' && (
                    <Textarea
                      size="xs"
                      autosize
                      minRows={2}
                      required
                      maxLength={4000}
                      label={t('VIEWER.Decision.AcceptComment')}
                      value={d.comment}
                      onChange={(e) => set(topic.topicID, { comment: e.currentTarget.value })}
                      error={d.comment.trim() ? undefined : t('VIEWER.Decision.Errors.CommentRequired')}
                      data-testid="accept-comment"
                    />
                  )}
                </Stack>
              );
            })}
          </Stack>
        </Alert>
      )}
      {choosing && pendingCount > 0 && (
        <Text size="sm" mt="xs" c="orange.9" aria-live="polite">
          {t('VIEWER.Decision.ChoicesPending', { count: pendingCount })}
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('COMMON.Cancel')}
        </Button>
        <Button
          color={decision === 'approve' ? undefined : 'blue'}
          loading={pending}
          disabled={choices === null}
          onClick={() => decision && choices && onConfirm(decision, choices)}
          data-testid="confirm-decision"
        >
          {title}
        </Button>
      </Group>
    </Modal>
  );
}
