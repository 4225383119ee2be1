import { Select, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Member } from '../../../../shared/schemas/projects';
import type { ModelViewpoint, PdfMarkup } from '../../../../shared/schemas/review';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateTopic } from '../api/topics';
import { mentionedIds, MentionTextarea } from './mention-textarea';
import { topicMetaSchema, TopicMetaFields } from './topic-fields';
import { memberLabel } from './topic-list';

const topicFormSchema = topicMetaSchema.extend({
  title: z.string().trim().min(1, 'VALIDATION.Required').max(200, 'VALIDATION.MaxLength'),
  comment: z.string().trim().max(4000, 'VALIDATION.MaxLength'),
  assignee: z.string().nullable(),
});

export type TopicAnchor = {
  projectFileID: number;
  version: number;
  markup?: PdfMarkup | null;
  viewpoint?: ModelViewpoint | null;
};

/** A new topic: title, first comment, assignee, priority, due date, labels; anchored to the drawn markup or the model view. */
export function TopicDialog({
  rootId,
  unitId,
  anchor,
  members,
  onClose,
}: {
  rootId: number;
  unitId: number;
  anchor: TopicAnchor;
  members: Member[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateTopic(rootId, unitId);
  const { form, field, valid, output } = useSchemaForm(topicFormSchema, {
    title: '',
    comment: '',
    assignee: null,
    priority: 'normal',
    dueDate: '',
    labels: [],
  });
  const submit = () => {
    if (form.validate().hasErrors || !output) return;
    create.mutate(
      {
        title: output.title,
        comment: output.comment || undefined,
        mentionUserIDs: mentionedIds(output.comment, members),
        assigneeUserID: output.assignee ? Number(output.assignee) : null,
        priority: output.priority,
        dueDate: output.dueDate || null,
        labels: output.labels,
        projectFileID: anchor.projectFileID,
        version: anchor.version,
        markup: anchor.markup ?? null,
        viewpoint: anchor.viewpoint ?? null,
      },
      {
        onSuccess: () => {
          notifySuccess(t('VIEWER.Topics.Created'));
          onClose();
        },
      },
    );
  };
  return (
    <FormDialog
      opened
      title={
        anchor.viewpoint
          ? t('VIEWER.Topics.NewFromView')
          : anchor.markup
            ? t('VIEWER.Topics.NewFromMarkup')
            : t('VIEWER.Topics.New')
      }
      onClose={onClose}
      onSubmit={submit}
      submitting={create.isPending}
      valid={valid}
      error={create.error}
      submitLabel={t('VIEWER.Topics.Save')}
      formTestId="topic-form"
    >
      {anchor.markup && (
        <Text size="sm" c="dimmed">
          {t('VIEWER.Topics.OnPage', { page: anchor.markup.page })}
        </Text>
      )}
      {anchor.viewpoint && anchor.viewpoint.selection.length > 0 && (
        <Text size="sm" c="dimmed">
          {t('VIEWER.Topics.Elements', { count: anchor.viewpoint.selection.length })}
        </Text>
      )}
      <TextInput label={t('VIEWER.Topics.TopicTitle')} required data-autofocus {...field('title')} />
      <MentionTextarea
        label={t('VIEWER.Topics.Comment')}
        description={t('VIEWER.Topics.MentionHint')}
        autosize
        minRows={3}
        members={members}
        data-testid="topic-comment"
        {...field('comment')}
        value={form.values.comment}
        onChange={(v) => form.setFieldValue('comment', v)}
      />
      <Select
        label={t('VIEWER.Topics.Assignee')}
        placeholder={t('VIEWER.Topics.NoAssignee')}
        clearable
        data={members.map((m) => ({ value: String(m.userID), label: memberLabel(m) }))}
        {...field('assignee')}
      />
      <TopicMetaFields field={field} values={form.values} setValue={(patch) => form.setValues(patch)} />
    </FormDialog>
  );
}
