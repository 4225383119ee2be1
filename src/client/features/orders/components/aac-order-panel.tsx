import { Card, Stack, Text } from '@mantine/core';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mToMm, newAacRowTemplate, type AacProduct } from '../../../../shared/rules/aac';
import { summarizeAac } from '../../../../shared/rules/order-summary';
import { confirmAction } from '../../../components/confirm';
import { notifyError } from '../../../lib/notify';
import { useDeleteAacItem } from '../api/delete-aac-item';
import { useAacItems } from '../api/get-aac-items';
import { useAacProducts } from '../api/get-aac-products';
import { useSaveAacItem } from '../api/save-aac-item';
import { AacRow, aacRowInput, checkAacRow, type AacDraft } from './aac-row';
import { AacSummaryCard } from './aac-summary-card';
import { measureSummary } from './measure';
import { OrderCardTitle } from './order-card-title';
import { OrderLotFooter } from './order-lot-footer';
import { OrderTableFrame } from './order-table-frame';
import { PlaceOrderAction } from './place-order-action';
import { useDraftRows } from './use-draft-rows';

const columns = [
  { key: 'Position', width: 48 },
  { key: 'Room', width: 124, readWidth: 110 },
  { key: 'Storey', width: 80, readWidth: 72 },
  { key: 'Article', width: 220, readWidth: 300 },
  { key: 'Thickness', width: 70, numeric: true },
  { key: 'Width', width: 70, numeric: true },
  { key: 'Length', width: 92, numeric: true },
  { key: 'Quantity', width: 80, numeric: true },
  { key: 'Pallets', width: 76, numeric: true },
  { key: 'Actions', width: 44 },
];
const noProducts = new Map<number, AacProduct>();

/** The AAC order page content (§2): the Order card with the table, the Total card, the PlaceOrder action. */
export function AacOrderPanel({ unitId, rootUnitId }: { unitId: number; rootUnitId: number }) {
  const { t } = useTranslation();
  const items = useAacItems(unitId);
  const products = useAacProducts(unitId);
  const saveItem = useSaveAacItem(unitId);
  const deleteItem = useDeleteAacItem(unitId);
  const [savingKey, setSavingKey] = useState<string | null>(null);
  const canEdit = items.data?.canEdit ?? false;
  const saved = items.data?.data;

  const productMap = useMemo(
    () => (products.data ? new Map(products.data.map((p) => [p.productNo, p])) : noProducts),
    [products.data],
  );
  const options = useMemo(
    () => [
      { value: '', label: t('ORDER.SelectArticle') },
      ...(products.data ?? []).map((p) => ({
        value: String(p.productNo),
        label: `${p.articleNo} · ${p.title}${p.active ? '' : ` (${t('ORDER.Inactive')})`}`,
        disabled: !p.active,
      })),
    ],
    [products.data, t],
  );

  const base = useMemo<AacDraft[]>(() => {
    const list: AacDraft[] = (saved ?? []).map((i) => ({
      key: `id-${i.aacOrderLotItemID}`,
      id: i.aacOrderLotItemID,
      version: i.version,
      itemIndex: i.itemIndex,
      sublotName: i.sublotName ?? '',
      floorName: i.floorName ?? '',
      productNo: i.productNo,
      storedProductNo: i.productNo,
      lengthMm: String(mToMm(i.itemLength)),
      qty: String(i.qty),
      isDirty: false,
      isNew: false,
    }));
    if (!canEdit || !saved) return list;
    const tpl = newAacRowTemplate(saved);
    list.push({
      key: `new-${tpl.itemIndex}`,
      id: null,
      version: null,
      itemIndex: tpl.itemIndex,
      sublotName: tpl.sublotName ?? '',
      floorName: tpl.floorName ?? '',
      productNo: tpl.productNo,
      storedProductNo: null,
      lengthMm: tpl.itemLength === null ? '' : String(mToMm(tpl.itemLength)),
      qty: '',
      // §4: with no rows the new row starts empty and dirty.
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
      measureSummary(() => {
        const valid = [];
        for (const r of summaryRows) {
          const check = checkAacRow(r, productMap);
          if (check.valid) valid.push(check.input);
        }
        return summarizeAac(valid);
      }),
    [summaryRows, productMap],
  );

  const onSave = useCallback(
    (row: AacDraft) => {
      const input = aacRowInput(row, productMap);
      const fields = {
        sublotName: row.sublotName.trim() || null,
        floorName: row.floorName.trim() || null,
        productNo: row.productNo!,
        itemLength: input.itemLength!,
        qty: input.qty!,
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
    [productMap, saveItem.mutate, unitId, reset], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const onDelete = useCallback(
    async (row: AacDraft) => {
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

  const loading = !items.data || !products.data;
  const hasItems = (saved?.length ?? 0) > 0;
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <OrderCardTitle unitId={unitId} rootUnitId={rootUnitId} />
        <OrderTableFrame
          testId="aac-order-table"
          columns={columns}
          rows={loading ? null : visible}
          editable={canEdit}
          renderRow={(row) => (
            <AacRow
              key={row.key}
              row={row}
              products={productMap}
              options={options}
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
        {items.isError && <Text c="red">{t('ERRORMESSAGES.Unexpected')}</Text>}
        <OrderLotFooter unitId={unitId} rootUnitId={rootUnitId} canEdit={canEdit} hasItems={hasItems} />
      </Card>
      {hasItems && <AacSummaryCard summary={summary} />}
      {canEdit && <PlaceOrderAction unitId={unitId} hasItems={hasItems} hasUnsaved={hasUnsaved} />}
    </Stack>
  );
}
