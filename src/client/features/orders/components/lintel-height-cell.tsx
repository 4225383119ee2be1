import { Text } from '@mantine/core';
import { setLintelHeight, type LintelProduct } from '../../../../shared/rules/lintel';
import type { LintelDraft } from './lintel-draft';
import { parseWhole } from './order-cells';
import { InputCell, useCellLabel } from './order-row-cells';

type Props = {
  row: LintelDraft;
  products: readonly LintelProduct[];
  /** The catalogue's heights for the row's thickness and length, offered as suggestions. */
  heights: readonly number[];
  onChange: (row: LintelDraft, change: (r: LintelDraft) => LintelDraft) => void;
};

/** A lintel's height: typed freely (a height between the catalogue's means a cut), kept as typed. */
export function HeightCell({ row, products, heights, onChange }: Props) {
  const label = useCellLabel(row.itemIndex);
  const listId = heights.length > 0 ? `heights-${row.key}` : undefined;
  return (
    <InputCell
      type="number"
      min={1}
      value={row.heightText}
      onValue={(text) => {
        const h = parseWhole(text);
        onChange(row, (r) => ({
          ...setLintelHeight(r, h === null || Number.isNaN(h) ? null : h, products),
          heightText: text,
        }));
      }}
      aria-label={label('Height')}
      disabled={row.length === null}
      list={listId}
      rightSection={
        row.hasCut ? (
          <Text size="10px" c="orange.8" fw={700}>
            ✂
          </Text>
        ) : undefined
      }
      after={
        listId && (
          <datalist id={listId}>
            {heights.map((h) => (
              <option key={h} value={h} />
            ))}
          </datalist>
        )
      }
    />
  );
}
