import { Card, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lintelThicknesses } from '../../../../shared/rules/lintel';
import { summarizeLintel } from '../../../../shared/rules/order-summary';
import { confirmAction } from '../../../components/confirm';
import { notifyError } from '../../../lib/notify';
import { useDeleteLintelItem } from '../api/delete-lintel-item';
import { useLintelItems } from '../api/get-lintel-items';
import { useLintelProducts } from '../api/get-lintel-products';
import { useSaveLintelItem } from '../api/save-lintel-item';
import { measureSummary } from './measure';
import { OrderCardTitle } from './order-card-title';
import { OrderLotFooter } from './order-lot-footer';
import { OrderTableFrame } from './order-table-frame';
import { checkLintelRow, LintelRow, type LintelDraft } from './lintel-row';
import { LintelSummaryCard } from './lintel-summary-card';
import { PlaceOrderAction } from './place-order-action';
import { useDraftRows } from './use-draft-rows';

const columns = [
  { key: 'Position', width: 48 },
  { key: 'Room', width: 124, readWidth: 100 },
  { key: 'Storey', width: 80, readWidth: 70 },
  { key: 'Thickness', width: 90, readWidth: 76 },
  { key: 'Length', width: 96, readWidth: 76 },
  { key: 'Height', width: 90, readWidth: 120 },
  { key: 'Article', width: 210, readWidth: 240 },
  { key: 'Type', width: 150 },
  { key: 'Quantity', width: 80 },
  { key: 'Actions', width: 44 },
];

/** The lintel order page content (§2): Order card, Total card, PlaceOrder action. */
export function LintelOrderPanel({ unitId, rootUnitId }: { unitId: number; rootUnitId: number }) {
  const { t } = useTranslation();
  const items = useLintelItems(unitId);
  const products = useLintelProducts(unitId);
  const saveItem = useSaveLintelItem(unitId);
  const deleteItem = useDeleteLintelItem(unitId);
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const canEdit = items.data?.canEdit ?? false;
  const saved = items.data?.data;
  const catalogue = products.data;

  const thicknessOptions = useMemo(
    () => lintelThicknesses(catalogue ?? []).map((v) => ({ value: String(v), label: String(v) })),
    [catalogue],
  );

  const base = useMemo<LintelDraft[]>(() => {
    const list: LintelDraft[] = (saved ?? []).map((i) => ({
      key: `id-${i.lintelOrderLotItemID}`,
      id: i.lintelOrderLotItemID,
      version: i.version,
      itemIndex: i.itemIndex,
      sublotName: i.sublotName ?? '',
      floorName: i.floorName ?? '',
      thickness: i.thickness,
      length: i.length,
      height: i.height,
      heightText: String(i.height),
      product: i.product,
      storedProductNo: i.productNo,
      hasCut: i.hasCut,
      lintelType: i.lintelType,
      qty: String(i.qty),
      isDirty: false,
      isNew: false,
    }));
    if (!canEdit || !saved) return list;
    list.push({
      key: `new-${saved.length + 1}`,
      id: null,
      version: null,
      itemIndex: saved.length + 1,
      sublotName: '',
      floorName: '',
      thickness: null,
      length: null,
      height: null,
      heightText: '',
      product: null,
      storedProductNo: null,
      hasCut: false,
      lintelType: null,
      qty: '',
      isDirty: saved.length === 0,
      isNew: true,
    });
    return list;
  }, [saved, canEdit]);

  const { rows, update, reset, hasUnsaved } = useDraftRows(base);
  // The summary follows the rows at low priority, so typing paints first.
  const summaryRows = useDeferredValue(rows);
  const visible = useMemo(() => (canEdit ? rows : rows.filter((r) => Number(r.qty) >= 1)), [rows, canEdit]);

  const summary = useMemo(
    () =>
      measureSummary(() =>
        summarizeLintel(
          summaryRows
            .map(checkLintelRow)
            .filter((c) => c.valid)
            .map((c) => c.input),
        ),
      ),
    [summaryRows],
  );

  const onSave = useCallback(
    (row: LintelDraft) => {
      const fields = {
        sublotName: row.sublotName.trim() || null,
        floorName: row.floorName.trim() || null,
        thickness: row.thickness!,
        length: row.length!,
        height: row.height!,
        productNo: row.product!.productNo,
        qty: Number(row.qty),
      };
      setSavingKey(row.key);
      saveItem.mutate(
        row.id === null
          ? { id: null, body: { ...fields, projectUnitID: unitId, itemIndex: row.itemIndex } }
          : { id: row.id, body: { ...fields, version: row.version! } },
        {
          onSuccess: () => reset(row.key),
          onError: (err) => {
            notifyError(err);
            if ((err as { status?: number }).status === 409) reset(row.key);
          },
          onSettled: () => setSavingKey(null),
        },
      );
    },
    [saveItem.mutate, unitId, reset], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const onDelete = useCallback(
    async (row: LintelDraft) => {
      if (row.id === null || row.version === null) return;
      const ok = await confirmAction({
        title: t('ORDER.DeleteTitle'),
        message: t('ORDER.DeleteMessage', { index: row.itemIndex }),
        confirmLabel: t('COMMON.Delete'),
        danger: true,
      });
      if (!ok) return;
      deleteItem.mutate(
        { id: row.id, version: row.version },
        { onSuccess: () => reset(row.key), onError: (err) => notifyError(err) },
      );
    },
    [deleteItem.mutate, reset, t], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const loading = !items.data || !catalogue;
  const hasItems = (saved?.length ?? 0) > 0;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <OrderCardTitle unitId={unitId} rootUnitId={rootUnitId} />
        <OrderTableFrame
          testId="lintel-order-table"
          columns={columns}
          rows={loading ? null : visible}
          editable={canEdit}
          renderRow={(row) => (
            <LintelRow
              key={row.key}
              row={row}
              products={catalogue!}
              thicknessOptions={thicknessOptions}
              editable={canEdit}
              saving={savingKey === row.key}
              onChange={update}
              onSave={onSave}
              onDelete={onDelete}
            />
          )}
        />
        {!loading && visible.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            {t('ORDER.NoItems')}
          </Text>
        )}
        <OrderLotFooter unitId={unitId} rootUnitId={rootUnitId} canEdit={canEdit} hasItems={hasItems} />
      </Card>
      {hasItems && <LintelSummaryCard summary={summary} />}
      {canEdit && <PlaceOrderAction unitId={unitId} hasItems={hasItems} hasUnsaved={hasUnsaved} />}
    </Stack>
  );
}
