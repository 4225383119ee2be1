import { NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { memo, useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deriveAacRow, mmToM, validateAacRow, type AacProduct } from '../../../../shared/rules/aac';
import { formatMillimetres, useNumberFormat } from './use-number-format';
import { invalidRowStyle, parseWhole, RowActions, rowColor } from './order-cells';
import type { OrderDraft, OrderRowProps } from '../variants/types';

export type AacDraft = OrderDraft & {
  productNo: number | null;
  /** The product of the saved row, which the active catalogue may no longer hold. */
  storedProduct: AacProduct | null;
  lengthMm: string;
};

export type AacCatalogue = {
  byNo: ReadonlyMap<number, AacProduct>;
  options: { value: string; label: string; disabled?: boolean }[];
};

function productOf(row: AacDraft, catalogue: AacCatalogue): AacProduct | null {
  if (row.productNo === null) return null;
  const stored = row.storedProduct?.productNo === row.productNo ? row.storedProduct : null;
  return catalogue.byNo.get(row.productNo) ?? stored;
}

/** What the rules see of a draft. */
export function aacRowInput(row: AacDraft, catalogue: AacCatalogue) {
  const lengthMm = parseWhole(row.lengthMm);
  return {
    product: productOf(row, catalogue),
    itemLength: lengthMm === null ? null : Number.isNaN(lengthMm) ? Number.NaN : mmToM(lengthMm),
    qty: parseWhole(row.qty),
  };
}

function AacRowView({
  row,
  catalogue,
  editable,
  saving,
  onChange,
  onSave,
  onDelete,
}: OrderRowProps<AacDraft, AacCatalogue>) {
  const { t } = useTranslation();
  const number = useNumberFormat();
  const input = useMemo(() => aacRowInput(row, catalogue), [row, catalogue]);
  // A stored product that is no longer offered stays visible (not pickable) on its row.
  const stored = row.storedProduct;
  const options = useMemo(
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
  const problems = useMemo(
    () => validateAacRow(input, { storedProductNo: row.storedProductNo }),
    [input, row.storedProductNo],
  );
  const derived = useMemo(() => deriveAacRow(input), [input]);
  const valid = problems.length === 0;
  const style =
    row.isDirty && !row.isBlank && !valid ? invalidRowStyle : { backgroundColor: rowColor(input.product?.colorIndex) };

  if (!editable) {
    return (
      <Table.Tr style={style} data-testid="aac-row">
        <Table.Td>{row.itemIndex}</Table.Td>
        <Table.Td>{row.sublotName}</Table.Td>
        <Table.Td>{row.floorName}</Table.Td>
        <Table.Td>
          {input.product?.title}
          {input.product && !input.product.active && (
            <Text span size="xs" c="dimmed">
              {' '}
              ({t('ORDER.Inactive')})
            </Text>
          )}
        </Table.Td>
        <Table.Td ta="right">{formatMillimetres(derived.thickness)}</Table.Td>
        <Table.Td ta="right">{formatMillimetres(derived.width)}</Table.Td>
        <Table.Td ta="right">{formatMillimetres(parseWhole(row.lengthMm))}</Table.Td>
        <Table.Td ta="right">{number(input.qty)}</Table.Td>
        <Table.Td ta="right">{number(derived.pallets)}</Table.Td>
      </Table.Tr>
    );
  }

  const set = (patch: Partial<AacDraft>) => onChange(row, (r) => ({ ...r, ...patch }));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && row.isDirty && valid && !saving) {
      e.preventDefault();
      onSave(row);
    }
  };
  const label = (key: string) => `${t(`ORDER.Columns.${key}`)} ${row.itemIndex}`;
  return (
    <Table.Tr
      style={style}
      onKeyDown={onKeyDown}
      data-testid="aac-row"
      data-invalid={row.isDirty && !row.isBlank && !valid ? 'true' : undefined}
      data-dirty={row.isDirty ? 'true' : undefined}
    >
      <Table.Td>{row.itemIndex}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          value={row.sublotName}
          onChange={(e) => set({ sublotName: e.currentTarget.value })}
          aria-label={label('Room')}
          maxLength={100}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          value={row.floorName}
          onChange={(e) => set({ floorName: e.currentTarget.value })}
          aria-label={label('Storey')}
          maxLength={100}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          data={options}
          value={row.productNo === null ? '' : String(row.productNo)}
          onChange={(e) => set({ productNo: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
          aria-label={label('Article')}
          // A long article name is cut in the narrow cell: the whole name shows on hover.
          title={options.find((o) => o.value === String(row.productNo))?.label}
        />
      </Table.Td>
      <Table.Td ta="right">{number(derived.thickness)}</Table.Td>
      <Table.Td ta="right">{number(derived.width)}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          type="number"
          step={20}
          min={input.product?.minLengthMm}
          max={input.product?.maxLengthMm}
          value={row.lengthMm}
          onChange={(e) => set({ lengthMm: e.currentTarget.value })}
          aria-label={label('Length')}
          error={row.isDirty && !row.isBlank && problems.some((p) => p.startsWith('length')) ? true : undefined}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          type="number"
          min={1}
          step={1}
          value={row.qty}
          onChange={(e) => set({ qty: e.currentTarget.value })}
          aria-label={label('Quantity')}
          error={
            row.isDirty && !row.isBlank && problems.some((p) => p.startsWith('qty')) && row.qty !== ''
              ? true
              : undefined
          }
        />
      </Table.Td>
      <Table.Td ta="right">{number(derived.pallets)}</Table.Td>
      <Table.Td>
        <RowActions
          index={row.itemIndex}
          isDirty={row.isDirty && !row.isBlank}
          isNew={row.isNew}
          valid={valid}
          problems={problems}
          saving={saving}
          onSave={() => onSave(row)}
          onDelete={() => onDelete(row)}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** One row of the AAC table; re-renders only when its own draft changes. */
export const AacRow = memo(AacRowView);

const checked = new WeakMap<
  AacDraft,
  { catalogue: AacCatalogue; input: ReturnType<typeof aacRowInput>; valid: boolean }
>();

/** The rules' view of a row and its validity, cached per draft object (unchanged rows keep theirs). */
export function checkAacRow(row: AacDraft, catalogue: AacCatalogue) {
  const hit = checked.get(row);
  if (hit && hit.catalogue === catalogue) return hit;
  const input = aacRowInput(row, catalogue);
  const entry = {
    catalogue,
    input,
    valid: validateAacRow(input, { storedProductNo: row.storedProductNo }).length === 0,
  };
  checked.set(row, entry);
  return entry;
}
