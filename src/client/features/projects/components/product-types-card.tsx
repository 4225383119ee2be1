import { ActionIcon, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Tooltip } from '../../../components/tooltip';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductTypeAssignment } from '../../../../shared/schemas/product-type-assignment';
import { confirmAction } from '../../../components/confirm';
import { DialogLoader } from '../../../components/dialog-loader';
import { ProductTypeBadge } from '../../../components/product-type-badge';
import { notifyError } from '../../../lib/notify';
import { useChangeProductTypes, useProductTypes } from '../api/product-types';

// Loaded when first opened (its form is not part of the page's first screen).
const AssignmentDialog = lazy(async () => ({
  default: (await import('./product-type-assignment-dialog')).AssignmentDialog,
}));

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
        <Suspense fallback={<DialogLoader />}>
          <AssignmentDialog
            unitId={unitId}
            list={list}
            assignment={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      )}
    </Card>
  );
}
