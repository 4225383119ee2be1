import { ActionIcon, Card, Group, Select, Skeleton, Stack, Text, TextInput, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  orderNumberMaxLength,
  productTypeAssignmentInputSchema,
  type ProductTypeAssignment,
  type ProductTypeAssignments,
} from '../../../../shared/schemas/product-type-assignment';
import { confirmAction } from '../../../components/confirm';
import { FormDialog } from '../../../components/form-dialog';
import { ProductTypeBadge } from '../../../components/product-type-badge';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangeProductTypes, useProductTypes } from '../api/product-types';

/**
 * The unit's product types with the delivering plant and the order number. Everyone who reads
 * the unit sees them; internal users of the tenant assign, change and remove them (issue 18).
 */
export function ProductTypesCard({ unitId }: { unitId: number }) {
  const { t } = useTranslation();
  const query = useProductTypes(unitId);
  const change = useChangeProductTypes(unitId);
  const [editing, setEditing] = useState<ProductTypeAssignment | 'new' | null>(null);
  const list = query.data;

  const remove = async (a: ProductTypeAssignment) => {
    const ok = await confirmAction({
      title: t('UNIT.ProductTypes.Remove'),
      message: t('UNIT.ProductTypes.RemoveConfirm', { name: a.productType }),
      confirmLabel: t('COMMON.Delete'),
      danger: true,
    });
    if (!ok) return;
    change.mutate({ kind: 'remove', id: a.assignmentID }, { onError: (err) => notifyError(err) });
  };

  return (
    <Card withBorder radius="md" padding="lg" data-testid="product-types-card">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h5">
          {t('UNIT.ProductTypes.Title')}
        </Title>
        {list?.canEdit && list.productTypes.length > 0 && (
          <Tooltip label={t('UNIT.ProductTypes.Add')}>
            <ActionIcon variant="default" aria-label={t('UNIT.ProductTypes.Add')} onClick={() => setEditing('new')}>
              <IconPlus size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {!list ? (
        <Skeleton h={48} />
      ) : list.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('UNIT.ProductTypes.Empty')}
        </Text>
      ) : (
        <Stack gap="sm">
          {list.data.map((a) => (
            <Group key={a.assignmentID} justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap={6} wrap="nowrap">
                  <ProductTypeBadge title={a.productType} bg={a.productTypeBGColor} color={a.productTypeTextColor} />
                  <Text size="xs" c="dimmed">
                    ({a.productTypeID})
                  </Text>
                </Group>
                <Text size="sm">{a.plant ? `${a.plant} (${a.plantID})` : t('UNIT.ProductTypes.NoPlant')}</Text>
                {a.orderNumber && (
                  <Text size="sm" c="dimmed">
                    {t('UNIT.ProductTypes.OrderNumber')}:{' '}
                    <Text span ff="monospace" c="dark">
                      {a.orderNumber}
                    </Text>
                  </Text>
                )}
              </Stack>
              {list.canEdit && (
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`${t('UNIT.ProductTypes.Edit')}: ${a.productType}`}
                    onClick={() => setEditing(a)}
                  >
                    <IconPencil size={16} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`${t('UNIT.ProductTypes.Remove')}: ${a.productType}`}
                    onClick={() => void remove(a)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {editing && list && (
        <AssignmentDialog
          unitId={unitId}
          list={list}
          assignment={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}

type DialogProps = {
  unitId: number;
  list: ProductTypeAssignments;
  assignment: ProductTypeAssignment | null;
  onClose: () => void;
};

function AssignmentDialog({ unitId, list, assignment, onClose }: DialogProps) {
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
