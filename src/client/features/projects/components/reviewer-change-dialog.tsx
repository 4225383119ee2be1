import { Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { executeToolSchema } from '../../../../shared/schemas/projects';
import { FormDialog } from '../../../components/form-dialog';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useReviewerChangeRequest } from '../api/execute-tool';

/** The tool's e-mail field with the API's rule. */
const reviewerChangeFormSchema = z.object({
  email: z.string().trim().pipe(executeToolSchema.shape.data.shape.email),
});

export function ReviewerChangeDialog({ rootUnitId, onClose }: { rootUnitId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const request = useReviewerChangeRequest();
  const { form, field, valid, output } = useSchemaForm(reviewerChangeFormSchema, { email: '' });

  const submit = () => {
    if (form.validate().hasErrors || !output) return;
    request.mutate(
      { rootUnitId, email: output.email },
      {
        onSuccess: () => {
          notifySuccess(t('PROJECT.Tools.ReviewerChange.Sent'));
          onClose();
        },
        onError: (err) => notifyError(err, t('PROJECT.Tools.ReviewerChange.Failed')),
      },
    );
  };

  return (
    <FormDialog
      opened
      title={t('PROJECT.Tools.reviewer-change-request')}
      onClose={onClose}
      onSubmit={submit}
      submitting={request.isPending}
      valid={valid}
      error={null}
      submitLabel={t('PROJECT.Tools.ReviewerChange.Submit')}
    >
      <Text size="sm">{t('PROJECT.Tools.ReviewerChange.Text')}</Text>
      <TextInput
        type="email"
        label={t('PROJECT.Tools.ReviewerChange.Email')}
        required
        data-autofocus
        {...field('email')}
      />
    </FormDialog>
  );
}
