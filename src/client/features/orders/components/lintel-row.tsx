import { Table, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  lintelCandidates,
  lintelHeights,
  lintelLengths,
  setLintelLength,
  setLintelProduct,
  setLintelThickness,
  validateLintelRow,
  type LintelProduct,
} from '../../../../shared/rules/lintel';
import type { OrderRowProps } from '../variants/types';
import { HeightCell } from './lintel-height-cell';
import { lintelRowInput, type LintelCatalogue, type LintelDraft } from './lintel-draft';
import { parseWhole } from './order-cells';
import { NumberCell, QuantityCell, SelectCell, useCellLabel } from './order-row-cells';
import { OrderRowFrame } from './order-row-frame';
import { formatMillimetres, useNumberFormat } from './use-number-format';

const numberOrNull = (v: string) => (v === '' ? null : Number(v));

/** The lengths, heights and products the row's choices so far leave (only while editable). */
function useLintelChoices(row: LintelDraft, products: readonly LintelProduct[], editable: boolean) {
  const lengths = useMemo(
    () => (editable ? lintelLengths(products, row.thickness) : []),
    [editable, products, row.thickness],
  );
  const heights = useMemo(
    () => (editable ? lintelHeights(products, row.thickness, row.length) : []),
    [editable, products, row.thickness, row.length],
  );
  const candidates = useMemo(
    () => (editable ? lintelCandidates(products, row.thickness, row.length, row.height) : []),
    [editable, products, row.thickness, row.length, row.height],
  );
  // A stored product that is no longer offered stays visible on its row.
  const productOptions = [...candidates];
  if (row.product && !productOptions.some((p) => p.productNo === row.product!.productNo))
    productOptions.unshift(row.product);
  return { lengths, heights, productOptions };
}

function LintelRowView({ catalogue, ...rowProps }: OrderRowProps<LintelDraft, LintelCatalogue>) {
  const { row, editable, onChange } = rowProps;
  const { products, thicknessOptions } = catalogue;
  const { t } = useTranslation();
  const number = useNumberFormat();
  const label = useCellLabel(row.itemIndex);
  const problems = useMemo(
    () => validateLintelRow(lintelRowInput(row), { storedProductNo: row.storedProductNo }),
    [row],
  );
  const { lengths, heights, productOptions } = useLintelChoices(row, products, editable);
  const frame = { ...rowProps, problems };
  const typeLabel = row.lintelType ? t(`ORDER.LintelTypes.${row.lintelType}`) : '';
  const cut = row.hasCut ? (
    // A dark orange: Mantine's orange 8 reaches only 3.6:1 on white (axe), this one 6:1.
    <Text span size="xs" c="#b03c00" fw={600} data-testid="lintel-cut">
      {' '}
      {t('ORDER.Cut')}
    </Text>
  ) : null;

  if (!editable) {
    return (
      <OrderRowFrame testId="lintel-row" {...frame}>
        <NumberCell>{formatMillimetres(row.thickness)}</NumberCell>
        <NumberCell>{formatMillimetres(row.length)}</NumberCell>
        <NumberCell>
          {formatMillimetres(row.height)}
          {cut}
        </NumberCell>
        <Table.Td>{row.product?.title}</Table.Td>
        <Table.Td>{typeLabel}</Table.Td>
        <NumberCell>{number(parseWhole(row.qty))}</NumberCell>
      </OrderRowFrame>
    );
  }

  const change = (fn: (r: LintelDraft) => LintelDraft) => onChange(row, fn);
  const choose = { value: '', label: t('ORDER.Select') };
  return (
    <OrderRowFrame testId="lintel-row" {...frame}>
      <SelectCell
        data={[choose, ...thicknessOptions]}
        value={row.thickness === null ? '' : String(row.thickness)}
        onValue={(v) => change((r) => ({ ...setLintelThickness(r, numberOrNull(v)), heightText: '' }))}
        aria-label={label('Thickness')}
      />
      <SelectCell
        data={[choose, ...lengths.map((l) => ({ value: String(l), label: String(l) }))]}
        value={row.length === null ? '' : String(row.length)}
        onValue={(v) => change((r) => ({ ...setLintelLength(r, numberOrNull(v)), heightText: '' }))}
        aria-label={label('Length')}
        disabled={row.thickness === null}
      />
      <HeightCell row={row} products={products} heights={heights} onChange={onChange} />
      <SelectCell
        data={[
          choose,
          ...productOptions.map((p) => ({ value: String(p.productNo), label: `${p.itemNo} · ${p.title}` })),
        ]}
        value={row.product ? String(row.product.productNo) : ''}
        onValue={(v) => {
          const no = numberOrNull(v);
          const p = no === null ? null : (productOptions.find((c) => c.productNo === no) ?? null);
          change((r) => setLintelProduct(r, p));
        }}
        aria-label={label('Article')}
        disabled={row.length === null}
        // A long article name is cut in the narrow cell: the whole name shows on hover.
        title={row.product ? `${row.product.itemNo} · ${row.product.title}` : undefined}
      />
      <Table.Td>
        {typeLabel}
        {cut}
      </Table.Td>
      <QuantityCell row={row} onChange={onChange} />
    </OrderRowFrame>
  );
}

export const LintelRow = memo(LintelRowView);
