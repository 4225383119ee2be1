import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Discard (while unsaved), previous and next sheet, and save-and-close (or close when read-only). */
export function QuestionnaireActions({
  canEdit,
  dirty,
  saving,
  hasPrevious,
  hasNext,
  backTo,
  onDiscard,
  onPrevious,
  onNext,
  onSaveClose,
}: {
  canEdit: boolean;
  dirty: boolean;
  saving: boolean;
  hasPrevious: boolean;
  hasNext: boolean;
  backTo: string;
  onDiscard: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onSaveClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between">
      <Group>
        {dirty && canEdit && (
          <Button variant="subtle" color="red" onClick={onDiscard} data-testid="questionnaire-discard">
            {t('QUESTIONNAIRE.Discard')}
          </Button>
        )}
      </Group>
      <Group>
        <Button variant="default" disabled={!hasPrevious} onClick={onPrevious}>
          {t('QUESTIONNAIRE.Previous')}
        </Button>
        <Button variant="default" disabled={!hasNext} onClick={onNext}>
          {t('QUESTIONNAIRE.Next')}
        </Button>
        {canEdit ? (
          <Button onClick={onSaveClose} loading={saving} data-testid="questionnaire-save">
            {t('QUESTIONNAIRE.SaveClose')}
          </Button>
        ) : (
          <Button component={Link} to={backTo}>
            {t('QUESTIONNAIRE.Close')}
          </Button>
        )}
      </Group>
    </Group>
  );
}
