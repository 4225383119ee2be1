import { Table, Text } from '@mantine/core';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { deriveAacRow, validateAacRow } from '../../../../shared/rules/aac';
import { aacRowInput, type AacCatalogue, type AacDraft } from './aac-draft';
import { formatMillimetres, useNumberFormat } from './use-number-format';
import { parseWhole, rowColor } from './order-cells';
import { InputCell, NumberCell, QuantityCell, SelectCell, useCellLabel } from './order-row-cells';
import { OrderRowFrame } from './order-row-frame';
import type { OrderRowProps } from '../variants/types';

/** The catalogue's articles; a stored product no longer offered stays visible (not pickable) on its row. */
function useAacOptions(row: AacDraft, catalogue: AacCatalogue) {
  const { t } = useTranslation();
  const stored = row.storedProduct;
  return useMemo(
    () =>
      stored && !catalogue.byNo.has(stored.productNo)
        ? [
            ...catalogue.options,
            {
              value: String(stored.productNo),
              label: `${stored.articleNo} · ${stored.title} (${t('ORDER.Inactive')})`,
              disabled: true,
            },
          ]
        : catalogue.options,
    [catalogue, stored, t],
  );
}

function AacRowView({ catalogue, ...rowProps }: OrderRowProps<AacDraft, AacCatalogue>) {
  const { row, editable, onChange } = rowProps;
  const { t } = useTranslation();
  const number = useNumberFormat();
  const label = useCellLabel(row.itemIndex);
  const input = useMemo(() => aacRowInput(row, catalogue), [row, catalogue]);
  const options = useAacOptions(row, catalogue);
  const problems = useMemo(
    () => validateAacRow(input, { storedProductNo: row.storedProductNo }),
    [input, row.storedProductNo],
  );
  const derived = useMemo(() => deriveAacRow(input), [input]);
  const showProblem = (prefix: string) => row.isDirty && !row.isBlank && problems.some((p) => p.startsWith(prefix));
  const set = (patch: Partial<AacDraft>) => onChange(row, (r) => ({ ...r, ...patch }));
  const frame = { ...rowProps, problems };

  if (!editable) {
    return (
      <OrderRowFrame testId="aac-row" color={rowColor(input.product?.colorIndex)} {...frame}>
        <Table.Td>
          {input.product?.title}
          {input.product && !input.product.active && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({t('ORDER.Inactive')})
            </Text>
          )}
        </Table.Td>
        <NumberCell>{formatMillimetres(derived.thickness)}</NumberCell>
        <NumberCell>{formatMillimetres(derived.width)}</NumberCell>
        <NumberCell>{formatMillimetres(parseWhole(row.lengthMm))}</NumberCell>
        <NumberCell>{number(input.qty)}</NumberCell>
        <NumberCell>{number(derived.pallets)}</NumberCell>
      </OrderRowFrame>
    );
  }

  return (
    <OrderRowFrame testId="aac-row" color={rowColor(input.product?.colorIndex)} markDirty {...frame}>
      <SelectCell
        data={options}
        value={row.productNo === null ? '' : String(row.productNo)}
        onValue={(v) => set({ productNo: v ? Number(v) : null })}
        aria-label={label('Article')}
        // A long article name is cut in the narrow cell: the whole name shows on hover.
        title={options.find((o) => o.value === String(row.productNo))?.label}
      />
      <NumberCell>{number(derived.thickness)}</NumberCell>
      <NumberCell>{number(derived.width)}</NumberCell>
      <InputCell
        type="number"
        step={20}
        min={input.product?.minLengthMm}
        max={input.product?.maxLengthMm}
        value={row.lengthMm}
        onValue={(lengthMm) => set({ lengthMm })}
        aria-label={label('Length')}
        error={showProblem('length') ? true : undefined}
      />
      <QuantityCell
        row={row}
        onChange={onChange}
        step={1}
        error={showProblem('qty') && row.qty !== '' ? true : undefined}
      />
      <NumberCell>{number(derived.pallets)}</NumberCell>
    </OrderRowFrame>
  );
}

/** One row of the AAC table; re-renders only when its own draft changes. */
export const AacRow = memo(AacRowView);
