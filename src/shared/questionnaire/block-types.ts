import blockTypesJson from './definitions/block-types.json';
import type { LocalText } from './definition';

/** A calcium-silicate block type of the supplier's block-type tables (spec §3). */
export type BlockType = {
  block: string;
  label: LocalText;
  kind: 'glue' | 'brick';
  /** Weight of one block in kg. */
  weight: number;
  /** Available in compressive strength class 12 / 20. */
  cs12: boolean;
  cs20: boolean;
  weightGroup: 'upTo14' | 'from15';
};

export const blockTypes: BlockType[] = blockTypesJson.map((b) => ({
  ...b,
  kind: b.kind === 'brick' ? 'brick' : 'glue',
  weightGroup: b.weight <= 14 ? 'upTo14' : 'from15',
}));

export const blockTypeByKey = new Map(blockTypes.map((b) => [b.block, b]));

/** The value of a block-type table: `<block>:cs12` / `<block>:cs20` for every ticked cell. */
export function blockCell(block: string, strength: 'cs12' | 'cs20'): string {
  return `${block}:${strength}`;
}
