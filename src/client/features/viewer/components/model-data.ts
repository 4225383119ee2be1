import type { ItemData, ItemsDataConfig, SpatialTreeItem } from '@thatopen/fragments';
import type { SelectedModelElement } from '../../../components/model-viewer-slot';

/** A group of elements whose visibility the viewer switches together (a storey or a category). */
export type Group3 = { label: string; ids: number[]; visible: boolean };

/** A visibility group switched on or off. */
export const toggled = (list: Group3[], index: number) =>
  list.map((x, i) => (i === index ? { ...x, visible: !x.visible } : x));

/** A pointer released within 4 pixels of where it went down clicked; further, it dragged (orbit). */
export const isClick = (down: { x: number; y: number } | null, up: { x: number; y: number }) =>
  down !== null && Math.hypot(up.x - down.x, up.y - down.y) <= 4;

export const attr = (data: ItemData, key: string): string | null => {
  const a = data[key];
  if (a && !Array.isArray(a) && typeof a === 'object' && 'value' in a && a.value !== null && a.value !== undefined) {
    return String(a.value);
  }
  return null;
};

/** Attributes and property sets of one element, flattened for the properties table. */
export function flattenProperties(data: ItemData): SelectedModelElement['properties'] {
  const out: SelectedModelElement['properties'] = [];
  for (const [key, value] of Object.entries(data)) {
    if (key.startsWith('_') || Array.isArray(value)) continue;
    if (value && typeof value === 'object' && 'value' in value && value.value !== null) {
      out.push({ group: 'IFC', name: key, value: String(value.value) });
    }
  }
  const sets = data.IsDefinedBy;
  if (Array.isArray(sets)) {
    for (const set of sets) {
      const group = attr(set, 'Name') ?? '';
      const props = set.HasProperties;
      if (!Array.isArray(props)) continue;
      for (const p of props) {
        const name = attr(p, 'Name');
        const value = attr(p, 'NominalValue');
        if (name && value !== null) out.push({ group, name, value });
      }
    }
  }
  return out;
}

/** What the panels read of a model: the viewer's worker-backed model, or a single-threaded one in tests. */
type Awaitable<T> = T | Promise<T>;
export type ModelData = {
  getSpatialStructure(): Awaitable<SpatialTreeItem>;
  getCategories(): Awaitable<string[]>;
  getItemsOfCategories(categories: RegExp[]): Awaitable<Record<string, number[]>>;
  getItemsIdsWithGeometry(): Awaitable<number[]>;
  getItemsData(ids: number[], config?: Partial<ItemsDataConfig>): Awaitable<ItemData[]>;
};

function collectIds(node: SpatialTreeItem, into: number[]) {
  if (node.localId !== null) into.push(node.localId);
  for (const child of node.children ?? []) collectIds(child, into);
}

/**
 * Storeys with all elements below them in the spatial tree. The fragments tree groups children by
 * category: a node `IFCBUILDINGSTOREY` (no local id) holds the storey items themselves.
 */
export async function storeysOf(model: ModelData): Promise<Group3[]> {
  const tree = await model.getSpatialStructure();
  const storeys: SpatialTreeItem[] = [];
  const walk = (node: SpatialTreeItem) => {
    if (node.category === 'IFCBUILDINGSTOREY') {
      if (node.localId !== null) storeys.push(node);
      else storeys.push(...(node.children ?? []).filter((c) => c.localId !== null));
    }
    for (const c of node.children ?? []) walk(c);
  };
  walk(tree);
  const data = await model.getItemsData(
    storeys.map((s) => s.localId!),
    { attributesDefault: true },
  );
  return storeys.map((s, i) => {
    const ids: number[] = [];
    for (const child of s.children ?? []) collectIds(child, ids);
    const d = data[i];
    return { label: (d && (attr(d, 'Name') ?? attr(d, 'LongName'))) || `#${s.localId}`, ids, visible: true };
  });
}

/** Categories of the elements that have geometry (walls, doors …; not materials, units or property sets). */
export async function categoriesOf(model: ModelData): Promise<Group3[]> {
  const names = (await model.getCategories()).filter(
    (c) => !/^IFC(BUILDINGSTOREY|BUILDING|SITE|PROJECT|SPACE)$/.test(c),
  );
  const items = await model.getItemsOfCategories(names.map((n) => new RegExp(`^${n}$`)));
  const withGeometry = new Set(await model.getItemsIdsWithGeometry());
  return names
    .map((n) => ({
      label: n.replace(/^IFC/, ''),
      ids: (items[n] ?? []).filter((id) => withGeometry.has(id)),
      visible: true,
    }))
    .filter((g) => g.ids.length > 0)
    .sort((a, b) => a.label.localeCompare(b.label));
}
