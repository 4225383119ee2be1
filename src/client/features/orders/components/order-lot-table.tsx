import { Card, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/confirm';
import { ApiError } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { useDeleteOrderItem } from '../api/delete-order-item';
import { useOrderItems } from '../api/get-order-items';
import { useOrderProducts } from '../api/get-order-products';
import { useSaveOrderItem } from '../api/save-order-item';
import type { OrderDraft, OrderVariant } from '../variants/types';
import { measureSummary } from './measure';
import { OrderCardTitle } from './order-card-title';
import { OrderLotFooter } from './order-lot-footer';
import { OrderSummaryCard } from './order-summary-card';
import { OrderTableFrame } from './order-table-frame';
import { PlaceOrderAction } from './place-order-action';
import { SummaryTable } from './summary-table';
import { useDraftRows } from './use-draft-rows';
import { Later } from '../../../components/later';

type Props<Item extends Input, Product, Draft extends OrderDraft, Catalogue, Input, Summary, Fields> = {
  variant: OrderVariant<Item, Product, Draft, Catalogue, Input, Summary, Fields>;
  unitId: number;
  rootUnitId: number;
};

/**
 * An order page's content for any material (§2, §4): the Order card with the table of draft
 * rows, the Total card whose summary follows the rows at low priority, the PlaceOrder action.
 */
export function OrderLotTable<
  Item extends Input,
  Product,
  Draft extends OrderDraft,
  Catalogue,
  Input,
  Summary,
  Fields,
>({ variant, unitId, rootUnitId }: Props<Item, Product, Draft, Catalogue, Input, Summary, Fields>) {
  const { t } = useTranslation();
  const { endpoint, check } = variant;
  const items = useOrderItems<Item>(endpoint, unitId);
  const products = useOrderProducts<Product>(endpoint, unitId);
  const saveItem = useSaveOrderItem<Fields, Item>(endpoint, unitId);
  const deleteItem = useDeleteOrderItem(endpoint, unitId);
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const canEdit = items.data?.canEdit ?? false;
  const saved = items.data?.data;

  const catalogue = useMemo(() => variant.catalogue(products.data ?? [], t), [variant, products.data, t]);

  const base = useMemo<Draft[]>(() => {
    const list = (saved ?? []).map(variant.toDraft);
    if (canEdit && saved) list.push(variant.newRow(saved));
    return list;
  }, [variant, saved, canEdit]);

  const { rows, update, reset, hasUnsaved } = useDraftRows(base);
  // The summary follows the rows at low priority, so typing paints first.
  const summaryRows = useDeferredValue(rows);
  const visible = useMemo(() => (canEdit ? rows : rows.filter((r) => Number(r.qty) >= 1)), [rows, canEdit]);

  const summary = useMemo(
    () =>
      measureSummary(() => {
        const valid: Input[] = [];
        for (const r of summaryRows) {
          const checked = check(r, catalogue);
          if (checked.valid) valid.push(checked.input);
        }
        return variant.summarize(valid);
      }),
    [variant, check, summaryRows, catalogue],
  );

  const { mutate: save } = saveItem;
  const onSave = useCallback(
    (row: Draft) => {
      const fields = variant.toFields(row, catalogue);
      setSavingKey(row.key);
      save(
        row.id === null || row.version === null
          ? { id: null, body: { ...fields, projectUnitID: unitId } }
          : { id: row.id, body: { ...fields, version: row.version } },
        {
          onSuccess: () => reset(row.key),
          onError: (err) => {
            notifyError(err);
            // Someone saved the row meanwhile: show theirs.
            if (err instanceof ApiError && err.status === 409) reset(row.key);
          },
          onSettled: () => setSavingKey(null),
        },
      );
    },
    [variant, catalogue, save, unitId, reset],
  );

  const { mutate: remove } = deleteItem;
  const onDelete = useCallback(
    async (row: Draft) => {
      if (row.id === null || row.version === null) return;
      const ok = await confirmAction({
        title: t('ORDER.DeleteTitle'),
        message: t('ORDER.DeleteMessage', { index: row.itemIndex }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      });
      if (!ok) return;
      remove(
        { id: row.id, version: row.version },
        { onSuccess: () => reset(row.key), onError: (err) => notifyError(err) },
      );
    },
    [remove, reset, t],
  );

  const { Row } = variant;
  const loading = !items.data || !products.data;
  const failed = items.isError || products.isError;
  const hasItems = (saved?.length ?? 0) > 0;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <OrderCardTitle unitId={unitId} rootUnitId={rootUnitId} />
        {failed ? (
          <Text c="red" role="alert" py="md">
            {t('ERRORMESSAGES.Unexpected')}
          </Text>
        ) : (
          <OrderTableFrame
            testId={`${variant.key}-order-table`}
            columns={variant.columns}
            rows={loading ? null : visible}
            editable={canEdit}
            renderRow={(row) => (
              <Row
                key={row.key}
                row={row}
                catalogue={catalogue}
                editable={canEdit}
                saving={savingKey === row.key}
                onChange={update}
                onSave={onSave}
                onDelete={onDelete}
              />
            )}
          />
        )}
        {!loading && visible.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {t('ORDER.NoItems')}
          </Text>
        )}
        <OrderLotFooter unitId={unitId} rootUnitId={rootUnitId} canEdit={canEdit} hasItems={hasItems} />
      </Card>
      {/* Below the table, in a commit after it (see Later). */}
      <Later>
        {hasItems && (
          <OrderSummaryCard>
            <SummaryTable name={variant.key} spec={variant.summary} summary={summary} />
          </OrderSummaryCard>
        )}
        {canEdit && <PlaceOrderAction unitId={unitId} hasItems={hasItems} hasUnsaved={hasUnsaved} />}
      </Later>
    </Stack>
  );
}
