import { Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  orderNumberMaxLength,
  productTypeAssignmentInputSchema,
  type ProductTypeAssignment,
  type ProductTypeAssignments,
} from '../../../../shared/schemas/product-type-assignment';
import { FormDialog } from '../../../components/form-dialog';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeProductTypes } from '../api/product-types';

type DialogProps = {
  unitId: number;
  list: ProductTypeAssignments;
  assignment: ProductTypeAssignment | null;
  onClose: () => void;
};

/** Assigns a product type to the unit, or changes an assignment: plant and order number. */
export function AssignmentDialog({ unitId, list, assignment, onClose }: DialogProps) {
  const { t } = useTranslation();
  const change = useChangeProductTypes(unitId);
  const { form, field, valid, output } = useSchemaForm(productTypeAssignmentInputSchema, {
    productTypeID: assignment?.productTypeID ?? 0,
    plantID: assignment?.plantID ?? null,
    orderNumber: assignment?.orderNumber ?? '',
  });
  const taken = new Set(list.data.filter((a) => a !== assignment).map((a) => a.productTypeID));

  const submit = () => {
    if (form.validate().hasErrors || !output) return;
    change.mutate(
      assignment ? { kind: 'change', id: assignment.assignmentID, input: output } : { kind: 'add', input: output },
      {
        onSuccess: () => {
          notifySuccess(t('UNIT.ProductTypes.Saved'));
          onClose();
        },
      },
    );
  };
  const typeField = field('productTypeID');
  const plantField = field('plantID');

  return (
    <FormDialog
      opened
      title={assignment ? t('UNIT.ProductTypes.Edit') : t('UNIT.ProductTypes.Add')}
      onClose={onClose}
      onSubmit={submit}
      submitting={change.isPending}
      valid={valid}
      error={change.error}
      formTestId="product-type-form"
    >
      <Select
        label={t('UNIT.ProductTypes.ProductType')}
        required
        data-autofocus
        data={list.productTypes.map((p) => ({
          value: String(p.productTypeID),
          label: `${p.title} (${p.productTypeID})`,
          disabled: taken.has(p.productTypeID),
        }))}
        value={form.values.productTypeID ? String(form.values.productTypeID) : null}
        onChange={(v) => form.setFieldValue('productTypeID', v ? Number(v) : 0)}
        error={typeField.error}
        allowDeselect={false}
      />
      <Select
        label={t('UNIT.ProductTypes.Plant')}
        placeholder={t('UNIT.ProductTypes.NoPlant')}
        clearable
        data={list.plants.map((p) => ({ value: String(p.plantID), label: `${p.name} (${p.plantID})` }))}
        value={form.values.plantID ? String(form.values.plantID) : null}
        onChange={(v) => form.setFieldValue('plantID', v ? Number(v) : null)}
        error={plantField.error}
      />
      <TextInput
        label={t('UNIT.ProductTypes.OrderNumber')}
        maxLength={orderNumberMaxLength}
        {...field('orderNumber')}
        value={form.values.orderNumber ?? ''}
      />
    </FormDialog>
  );
}
