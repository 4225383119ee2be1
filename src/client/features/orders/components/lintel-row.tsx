import { NativeSelect, Table, Text, TextInput } from '@mantine/core';
import { memo, useMemo, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  lintelCandidates,
  lintelHeights,
  lintelLengths,
  setLintelHeight,
  setLintelLength,
  setLintelProduct,
  setLintelThickness,
  validateLintelRow,
  type LintelProduct,
  type LintelType,
} from '../../../../shared/rules/lintel';
import { useNumberFormat, formatMillimetres } from './use-number-format';
import { invalidRowStyle, parseWhole, RowActions } from './order-cells';
import type { OrderDraft, OrderRowProps } from '../variants/types';

export type LintelDraft = OrderDraft & {
  thickness: number | null;
  length: number | null;
  /** The entered height (null while empty or not a number). */
  height: number | null;
  heightText: string;
  product: LintelProduct | null;
  hasCut: boolean;
  lintelType: LintelType | null;
};

export type LintelCatalogue = {
  products: readonly LintelProduct[];
  thicknessOptions: { value: string; label: string }[];
};

export function lintelRowInput(row: LintelDraft) {
  return {
    thickness: row.thickness,
    length: row.length,
    height: row.height,
    product: row.product,
    qty: parseWhole(row.qty),
  };
}

const numberOrNull = (v: string) => (v === '' ? null : Number(v));

function LintelRowView({
  row,
  catalogue,
  editable,
  saving,
  onChange,
  onSave,
  onDelete,
}: OrderRowProps<LintelDraft, LintelCatalogue>) {
  const { products, thicknessOptions } = catalogue;
  const { t } = useTranslation();
  const number = useNumberFormat();
  const problems = useMemo(
    () => validateLintelRow(lintelRowInput(row), { storedProductNo: row.storedProductNo }),
    [row],
  );
  const valid = problems.length === 0;
  const style = row.isDirty && !row.isBlank && !valid ? invalidRowStyle : undefined;
  const typeLabel = row.lintelType ? t(`ORDER.LintelTypes.${row.lintelType}`) : '';
  const cut = row.hasCut ? (
    // A dark orange: Mantine's orange 8 reaches only 3.6:1 on white (axe), this one 6:1.
    <Text span size="xs" c="#b03c00" fw={600} data-testid="lintel-cut">
      {' '}
      {t('ORDER.Cut')}
    </Text>
  ) : null;

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

  if (!editable) {
    return (
      <Table.Tr data-testid="lintel-row">
        <Table.Td>{row.itemIndex}</Table.Td>
        <Table.Td>{row.sublotName}</Table.Td>
        <Table.Td>{row.floorName}</Table.Td>
        <Table.Td ta="right">{formatMillimetres(row.thickness)}</Table.Td>
        <Table.Td ta="right">{formatMillimetres(row.length)}</Table.Td>
        <Table.Td ta="right">
          {formatMillimetres(row.height)}
          {cut}
        </Table.Td>
        <Table.Td>{row.product?.title}</Table.Td>
        <Table.Td>{typeLabel}</Table.Td>
        <Table.Td ta="right">{number(parseWhole(row.qty))}</Table.Td>
      </Table.Tr>
    );
  }

  const change = (fn: (r: LintelDraft) => LintelDraft) => onChange(row, fn);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' && row.isDirty && valid && !saving) {
      e.preventDefault();
      onSave(row);
    }
  };
  const label = (key: string) => `${t(`ORDER.Columns.${key}`)} ${row.itemIndex}`;
  const choose = { value: '', label: t('ORDER.Select') };
  // A stored product that is no longer offered stays visible on its row.
  const productOptions = [...candidates];
  if (row.product && !productOptions.some((p) => p.productNo === row.product!.productNo))
    productOptions.unshift(row.product);
  return (
    <Table.Tr
      style={style}
      onKeyDown={onKeyDown}
      data-testid="lintel-row"
      data-invalid={row.isDirty && !row.isBlank && !valid ? 'true' : undefined}
    >
      <Table.Td>{row.itemIndex}</Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          value={row.sublotName}
          onChange={(e) => {
            const v = e.currentTarget.value;
            change((r) => ({ ...r, sublotName: v }));
          }}
          aria-label={label('Room')}
          maxLength={100}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          value={row.floorName}
          onChange={(e) => {
            const v = e.currentTarget.value;
            change((r) => ({ ...r, floorName: v }));
          }}
          aria-label={label('Storey')}
          maxLength={100}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          data={[choose, ...thicknessOptions]}
          value={row.thickness === null ? '' : String(row.thickness)}
          onChange={(e) => {
            const v = numberOrNull(e.currentTarget.value);
            change((r) => ({ ...setLintelThickness(r, v), heightText: '' }));
          }}
          aria-label={label('Thickness')}
        />
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          data={[choose, ...lengths.map((l) => ({ value: String(l), label: String(l) }))]}
          value={row.length === null ? '' : String(row.length)}
          onChange={(e) => {
            const v = numberOrNull(e.currentTarget.value);
            change((r) => ({ ...setLintelLength(r, v), heightText: '' }));
          }}
          aria-label={label('Length')}
          disabled={row.thickness === null}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          type="number"
          min={1}
          value={row.heightText}
          onChange={(e) => {
            const text = e.currentTarget.value;
            const h = parseWhole(text);
            change((r) => ({
              ...setLintelHeight(r, h === null || Number.isNaN(h) ? null : h, products),
              heightText: text,
            }));
          }}
          aria-label={label('Height')}
          disabled={row.length === null}
          list={heights.length > 0 ? `heights-${row.key}` : undefined}
          rightSection={
            row.hasCut ? (
              <Text size="10px" c="orange.8" fw={700}>
                ✂
              </Text>
            ) : undefined
          }
        />
        {heights.length > 0 && (
          <datalist id={`heights-${row.key}`}>
            {heights.map((h) => (
              <option key={h} value={h} />
            ))}
          </datalist>
        )}
      </Table.Td>
      <Table.Td>
        <NativeSelect
          size="xs"
          data={[
            choose,
            ...productOptions.map((p) => ({ value: String(p.productNo), label: `${p.itemNo} · ${p.title}` })),
          ]}
          value={row.product ? String(row.product.productNo) : ''}
          onChange={(e) => {
            const no = numberOrNull(e.currentTarget.value);
            const p = no === null ? null : (productOptions.find((c) => c.productNo === no) ?? null);
            change((r) => setLintelProduct(r, p));
          }}
          aria-label={label('Article')}
          disabled={row.length === null}
          // A long article name is cut in the narrow cell: the whole name shows on hover.
          title={row.product ? `${row.product.itemNo} · ${row.product.title}` : undefined}
        />
      </Table.Td>
      <Table.Td>
        {typeLabel}
        {cut}
      </Table.Td>
      <Table.Td>
        <TextInput
          size="xs"
          type="number"
          min={1}
          value={row.qty}
          onChange={(e) => {
            const v = e.currentTarget.value;
            change((r) => ({ ...r, qty: v }));
          }}
          aria-label={label('Quantity')}
        />
      </Table.Td>
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

export const LintelRow = memo(LintelRowView);

const checked = new WeakMap<LintelDraft, { input: ReturnType<typeof lintelRowInput>; valid: boolean }>();

/** The rules' view of a row and its validity, cached per draft object. */
export function checkLintelRow(row: LintelDraft) {
  const hit = checked.get(row);
  if (hit) return hit;
  const input = lintelRowInput(row);
  const entry = { input, valid: validateLintelRow(input, { storedProductNo: row.storedProductNo }).length === 0 };
  checked.set(row, entry);
  return entry;
}
