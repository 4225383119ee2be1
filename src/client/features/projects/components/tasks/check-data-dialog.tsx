import { Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { checkDataRequestSchema } from '../../../../../shared/schemas/workflow';
import { FormDialog } from '../../../../components/form-dialog';
import { useStateLabel } from '../../../../components/state-badge';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useSchemaForm } from '../../../../lib/use-schema-form';
import { useCheckData } from '../../api/unit-workflow';

const checkDataFormSchema = checkDataRequestSchema.pick({ message: true });

/** The check-data task dialog (640 px): a message stored as the unit's CheckDataTaskMessage. */
export function CheckDataDialog({
  unitId,
  rootUnitId,
  opened,
  onClose,
}: {
  unitId: number;
  rootUnitId: number;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const stateLabel = useStateLabel();
  const checkData = useCheckData(unitId, rootUnitId, {
    onSuccess: (res) => notifySuccess(t('WORKFLOW.Success', { state: stateLabel(res.stateKey) })),
    onError: (err) => notifyError(err),
  });
  const { form, field, valid } = useSchemaForm(checkDataFormSchema, { message: '' });
  const submit = () =>
    checkData.mutate(form.values.message ?? '', {
      onSuccess: () => {
        form.reset();
        onClose();
      },
    });
  return (
    <FormDialog
      opened={opened}
      title={t('WORKFLOW.CheckData.Title')}
      size={640}
      onClose={onClose}
      onSubmit={submit}
      submitting={checkData.isPending}
      valid={valid}
      error={null}
      submitLabel={t('WORKFLOW.CheckData.Submit')}
    >
      <Text size="sm" data-testid="check-data-dialog">
        {t('WORKFLOW.CheckData.Intro')}
      </Text>
      <Textarea
        label={t('WORKFLOW.CheckData.Message')}
        rows={4}
        autosize
        minRows={4}
        maxLength={4000}
        data-autofocus
        {...field('message')}
      />
    </FormDialog>
  );
}
