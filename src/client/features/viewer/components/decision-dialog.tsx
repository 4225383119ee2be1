import { Alert, Button, Group, List, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type Decision = 'approve' | 'request-revision';

/** Asks before a review decision, naming how many topics are still open. */
export function DecisionDialog({
  opened,
  decision,
  openTopics,
  openTopicTitles = [],
  pending,
  changes,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  /** The decision to confirm (kept while the dialog closes, so its text does not change). */
  decision: Decision | null;
  openTopics: number;
  /** Titles of the open topics: approving past them is allowed, but never without seeing them. */
  openTopicTitles?: string[];
  pending: boolean;
  /** What changed since the version reviewed last (counted over the compared drawings and models). */
  changes?: { regions: number | null; elements: number | null };
  onClose: () => void;
  onConfirm: (decision: Decision) => void;
}) {
  const { t } = useTranslation();
  const title = decision === 'approve' ? t('VIEWER.Decision.Approve') : t('VIEWER.Decision.RequestRevision');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
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
      {decision === 'approve' && openTopicTitles.length > 0 && (
        <Alert
          color="orange"
          mt="md"
          title={t('VIEWER.Decision.OpenTopicsWarning', { count: openTopicTitles.length })}
          data-testid="approve-open-topics"
        >
          <List size="sm">
            {openTopicTitles.map((title, i) => (
              <List.Item key={i}>{title}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          {t('COMMON.Cancel')}
        </Button>
        <Button
          color={decision === 'approve' ? undefined : 'blue'}
          loading={pending}
          onClick={() => decision && onConfirm(decision)}
          data-testid="confirm-decision"
        >
          {title}
        </Button>
      </Group>
    </Modal>
  );
}
