import type { FragmentsModel, ItemData } from '@thatopen/fragments';
import type { SelectedModelElement } from '../../../components/model-viewer-slot';

/** A group of elements whose visibility the viewer switches together (a storey or a category). */
export type Group3 = { label: string; ids: number[]; visible: boolean };

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

function collectIds(node: { localId: number | null; children?: unknown[] }, into: number[]) {
  if (node.localId !== null) into.push(node.localId);
  for (const child of (node.children ?? []) as { localId: number | null; children?: unknown[] }[]) {
    collectIds(child, into);
  }
}

/** Storeys with all elements below them in the spatial tree. */
export async function storeysOf(model: FragmentsModel): Promise<Group3[]> {
  const tree = await model.getSpatialStructure();
  const storeys: { localId: number; children?: unknown[] }[] = [];
  const walk = (node: { category: string | null; localId: number | null; children?: unknown[] }) => {
    if (node.category === 'IFCBUILDINGSTOREY' && node.localId !== null) {
      storeys.push({ localId: node.localId, children: node.children });
    }
    for (const c of (node.children ?? []) as (typeof node)[]) walk(c);
  };
  walk(tree);
  const data = await model.getItemsData(
    storeys.map((s) => s.localId),
    { attributesDefault: true },
  );
  return storeys.map((s, i) => {
    const ids: number[] = [];
    collectIds({ localId: null, children: s.children }, ids);
    const d = data[i];
    return { label: (d && (attr(d, 'Name') ?? attr(d, 'LongName'))) || `#${s.localId}`, ids, visible: true };
  });
}

export async function categoriesOf(model: FragmentsModel): Promise<Group3[]> {
  const names = (await model.getCategories()).filter(
    (c) => !/^IFC(BUILDINGSTOREY|BUILDING|SITE|PROJECT|SPACE)$/.test(c),
  );
  const items = await model.getItemsOfCategories(names.map((n) => new RegExp(`^${n}$`)));
  return names
    .map((n) => ({ label: n.replace(/^IFC/, ''), ids: items[n] ?? [], visible: true }))
    .filter((g) => g.ids.length > 0)
    .sort((a, b) => a.label.localeCompare(b.label));
}
