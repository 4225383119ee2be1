import { useTranslation } from 'react-i18next';
import type { ReviewTopic } from '../../../../shared/schemas/review';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateTopic } from '../api/topics';
import { topicMetaSchema, TopicMetaFields } from './topic-fields';

/** Priority, due date and labels of an existing topic (for those who may write topics). */
export function TopicEditDialog({
  rootId,
  unitId,
  topic,
  onClose,
}: {
  rootId: number;
  unitId: number;
  topic: ReviewTopic;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateTopic(rootId, unitId);
  const { form, field, valid, output } = useSchemaForm(topicMetaSchema, {
    priority: topic.priority,
    dueDate: topic.dueDate ?? '',
    labels: topic.labels,
  });
  const submit = () => {
    if (form.validate().hasErrors || !output) return;
    update.mutate(
      { topicId: topic.topicID, priority: output.priority, dueDate: output.dueDate || null, labels: output.labels },
      {
        onSuccess: () => {
          notifySuccess(t('VIEWER.Topics.Saved'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      opened
      title={`${t('VIEWER.Topics.EditTitle')}: ${topic.title}`}
      onClose={onClose}
      onSubmit={submit}
      submitting={update.isPending}
      valid={valid}
      error={update.error}
      submitLabel={t('VIEWER.Topics.SaveChanges')}
      formTestId="topic-edit-form"
    >
      <TopicMetaFields field={field} values={form.values} setValue={(patch) => form.setValues(patch)} />
    </FormDialog>
  );
}
