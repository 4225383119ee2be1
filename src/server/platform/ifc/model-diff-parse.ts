import crypto from 'node:crypto';
import { decodeStepString, splitArguments } from './model-tree-parse';

/**
 * What changed between two versions of an IFC model (STEP text), element by element: an element is
 * the same when it keeps its GlobalId; it changed when its entity type, type object, placement in
 * the world, geometry, name or any property or quantity differs. Read in one pass without a
 * geometry kernel; runs inside the model-diff worker, never on the event loop.
 */
export type ModelElement = { globalId: string; type: string; name: string };
export type ElementChange = {
  kind: 'type' | 'placement' | 'geometry' | 'attribute' | 'property';
  name: string;
  before: string | null;
  after: string | null;
};
export type ChangedElement = ModelElement & { changes: ElementChange[] };
export type ModelDiff = {
  added: ModelElement[];
  removed: ModelElement[];
  changed: ChangedElement[];
  unchanged: number;
};

/** Property differences kept per changed element (a re-exported model can differ everywhere). */
export const MAX_CHANGES_PER_ELEMENT = 50;

type Entity = { type: string; args: string[] };
type Snapshot = {
  globalId: string;
  type: string;
  name: string;
  typeObject: string;
  placement: string;
  geometry: string;
  attributes: Record<string, string>;
  properties: Record<string, string>;
};

/** Products whose entity names these are not elements of the building (the spatial structure, openings are listed). */
const notElements = new Set([
  'IFCPROJECT',
  'IFCSITE',
  'IFCBUILDING',
  'IFCBUILDINGSTOREY',
  'IFCSPACE',
  'IFCANNOTATION',
  'IFCGRID',
]);

const ref = (arg: string | undefined) => (arg && /^#\d+$/.test(arg) ? Number(arg.slice(1)) : null);
const refs = (list: string | undefined) => (list?.match(/#\d+/g) ?? []).map((r) => Number(r.slice(1)));
const numbers = (list: string | undefined) =>
  (list ?? '')
    .replace(/^\(|\)$/g, '')
    .split(',')
    .map((n) => Number(n.trim()))
    .filter((n) => Number.isFinite(n));

export function readEntities(text: string): Map<number, Entity> {
  const entities = new Map<number, Entity>();
  const record = /#(\d+)\s*=\s*([A-Z0-9_]+)\s*\(([\s\S]*?)\)\s*;\s*(?=#\d+\s*=|ENDSEC)/g;
  const data = text.slice(Math.max(0, text.indexOf('DATA;')));
  for (let m = record.exec(data); m !== null; m = record.exec(data)) {
    const [, id = '', type = '', body = ''] = m;
    entities.set(Number(id), { type, args: splitArguments(body) });
  }
  return entities;
}

/** A value of a STEP argument as the reviewer reads it: strings decoded, typed values unwrapped. */
function valueText(arg: string | undefined): string {
  if (!arg || arg === '$' || arg === '*') return '';
  const typed = /^IFC[A-Z]+\(([\s\S]*)\)$/.exec(arg);
  const inner = typed ? (typed[1] ?? '') : arg;
  if (inner.startsWith("'")) return decodeStepString(inner);
  if (inner === '.T.') return 'true';
  if (inner === '.F.') return 'false';
  if (/^\.[A-Z_]+\.$/.test(inner)) return inner.slice(1, -1);
  const n = Number(inner);
  return Number.isFinite(n) ? String(Math.round(n * 1e6) / 1e6) : inner;
}

type Matrix = number[]; // 4×4, column-major: x axis, y axis, z axis, origin

function normalize(v: number[]): number[] {
  const length = Math.hypot(...v) || 1;
  return v.map((c) => c / length);
}
const cross = (a: number[], b: number[]) => [
  (a[1] ?? 0) * (b[2] ?? 0) - (a[2] ?? 0) * (b[1] ?? 0),
  (a[2] ?? 0) * (b[0] ?? 0) - (a[0] ?? 0) * (b[2] ?? 0),
  (a[0] ?? 0) * (b[1] ?? 0) - (a[1] ?? 0) * (b[0] ?? 0),
];

function multiply(a: Matrix, b: Matrix): Matrix {
  const out = new Array<number>(16).fill(0);
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += (a[k * 4 + r] ?? 0) * (b[c * 4 + k] ?? 0);
      out[c * 4 + r] = sum;
    }
  }
  return out;
}

const identity: Matrix = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

/** The world placement of an element: its IfcLocalPlacement chain as one matrix. */
function placementMatrix(entities: Map<number, Entity>, id: number | null, depth = 0): Matrix {
  const placement = id === null ? undefined : entities.get(id);
  if (!placement || placement.type !== 'IFCLOCALPLACEMENT' || depth > 64) return identity;
  const parent = placementMatrix(entities, ref(placement.args[0]), depth + 1);
  const axes = entities.get(ref(placement.args[1]) ?? -1);
  if (!axes) return parent;
  const point = entities.get(ref(axes.args[0]) ?? -1);
  const origin = [...numbers(point?.args[0]), 0, 0, 0].slice(0, 3);
  const zAxis = normalize(
    numbers(entities.get(ref(axes.args[1]) ?? -1)?.args[0])
      .concat([0, 0, 1])
      .slice(0, 3),
  );
  const refDirection = numbers(entities.get(ref(axes.args[2]) ?? -1)?.args[0]);
  const xGuess = refDirection.length >= 2 ? [...refDirection, 0].slice(0, 3) : [1, 0, 0];
  const yAxis = normalize(cross(zAxis, xGuess));
  const xAxis = normalize(cross(yAxis, zAxis));
  const local: Matrix = [...xAxis, 0, ...yAxis, 0, ...zAxis, 0, ...origin, 1];
  return multiply(parent, local);
}

const placementText = (m: Matrix) => {
  const round = (n: number) => String(Math.round(n * 1000) / 1000 || 0);
  const origin = [m[12], m[13], m[14]].map((n) => round(n ?? 0)).join(', ');
  const xAxis = [m[0], m[1], m[2]].map((n) => round(n ?? 0)).join(', ');
  return `(${origin}) x=(${xAxis})`;
};

/**
 * A fingerprint of an entity and everything it refers to, independent of the entity numbers (a
 * re-exported model numbers its records anew).
 */
function fingerprinter(entities: Map<number, Entity>) {
  const memo = new Map<number, string>();
  const visit = (id: number, depth: number): string => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    const entity = entities.get(id);
    if (!entity || depth > 200) return '?';
    const hash = crypto.createHash('sha1').update(entity.type);
    for (const arg of entity.args)
      hash.update('|').update(arg.replace(/#(\d+)/g, (_, n: string) => `<${visit(Number(n), depth + 1)}>`));
    const digest = hash.digest('base64url').slice(0, 16);
    memo.set(id, digest);
    return digest;
  };
  return (id: number | null) => (id === null ? '' : visit(id, 0));
}

/** Every element of the model by GlobalId with what is compared. */
export function snapshotModel(text: string): Map<string, Snapshot> {
  const entities = readEntities(text);
  const fingerprint = fingerprinter(entities);
  const properties = new Map<number, Record<string, string>>();
  const typeObjects = new Map<number, string>();
  const addProperty = (element: number, key: string, value: string) => {
    const own = properties.get(element) ?? {};
    own[key] = value;
    properties.set(element, own);
  };
  for (const entity of entities.values()) {
    if (entity.type === 'IFCRELDEFINESBYPROPERTIES') {
      const set = entities.get(ref(entity.args[5]) ?? -1);
      if (!set) continue;
      const setName = decodeStepString(set.args[2]);
      const members =
        set.type === 'IFCPROPERTYSET' ? refs(set.args[4]) : set.type === 'IFCELEMENTQUANTITY' ? refs(set.args[5]) : [];
      for (const member of members) {
        const p = entities.get(member);
        if (!p) continue;
        const name = decodeStepString(p.args[0]);
        const value =
          p.type === 'IFCPROPERTYSINGLEVALUE'
            ? valueText(p.args[2])
            : p.type.startsWith('IFCQUANTITY')
              ? valueText(p.args[3])
              : null;
        if (value === null) continue;
        for (const element of refs(entity.args[4])) addProperty(element, `${setName}.${name}`, value);
      }
    } else if (entity.type === 'IFCRELDEFINESBYTYPE') {
      const typeObject = entities.get(ref(entity.args[5]) ?? -1);
      const label = typeObject ? `${typeObject.type}:${decodeStepString(typeObject.args[2])}` : '';
      for (const element of refs(entity.args[4])) typeObjects.set(element, label);
    }
  }

  const elements = new Map<string, Snapshot>();
  for (const [id, entity] of entities) {
    const { type, args } = entity;
    // An IfcProduct: GlobalId, OwnerHistory, Name, Description, ObjectType, ObjectPlacement, Representation, …
    if (notElements.has(type) || args.length < 7) continue;
    const globalId = decodeStepString(args[0]);
    const placement = ref(args[5]);
    if (!/^[0-9A-Za-z_$]{22}$/.test(globalId) || placement === null) continue;
    if (entities.get(placement)?.type !== 'IFCLOCALPLACEMENT') continue;
    elements.set(globalId, {
      globalId,
      type,
      name: decodeStepString(args[2]),
      typeObject: typeObjects.get(id) ?? '',
      placement: placementText(placementMatrix(entities, placement)),
      geometry: fingerprint(ref(args[6])),
      attributes: {
        Name: decodeStepString(args[2]),
        Description: decodeStepString(args[3]),
        ObjectType: decodeStepString(args[4]),
        Tag: decodeStepString(args[7]),
      },
      properties: properties.get(id) ?? {},
    });
  }
  return elements;
}

function changesOf(before: Snapshot, after: Snapshot): ElementChange[] {
  const changes: ElementChange[] = [];
  if (before.type !== after.type)
    changes.push({ kind: 'type', name: 'Entity', before: before.type, after: after.type });
  if (before.typeObject !== after.typeObject) {
    changes.push({ kind: 'type', name: 'Type', before: before.typeObject || null, after: after.typeObject || null });
  }
  if (before.placement !== after.placement) {
    changes.push({ kind: 'placement', name: 'Placement', before: before.placement, after: after.placement });
  }
  if (before.geometry !== after.geometry)
    changes.push({ kind: 'geometry', name: 'Geometry', before: null, after: null });
  const compare = (kind: 'attribute' | 'property', a: Record<string, string>, b: Record<string, string>) => {
    for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      if ((a[key] ?? null) !== (b[key] ?? null))
        changes.push({ kind, name: key, before: a[key] ?? null, after: b[key] ?? null });
    }
  };
  compare('attribute', before.attributes, after.attributes);
  compare('property', before.properties, after.properties);
  return changes.slice(0, MAX_CHANGES_PER_ELEMENT);
}

const element = (s: Snapshot): ModelElement => ({ globalId: s.globalId, type: s.type, name: s.name });
const byTypeAndName = (a: ModelElement, b: ModelElement) =>
  a.type.localeCompare(b.type) || a.name.localeCompare(b.name) || a.globalId.localeCompare(b.globalId);

/** The differences from the older model text to the newer one. */
export function diffModels(olderText: string, newerText: string): ModelDiff {
  const older = snapshotModel(olderText);
  const newer = snapshotModel(newerText);
  const added: ModelElement[] = [];
  const removed: ModelElement[] = [];
  const changed: ChangedElement[] = [];
  let unchanged = 0;
  for (const [globalId, after] of newer) {
    const before = older.get(globalId);
    if (!before) {
      added.push(element(after));
      continue;
    }
    const changes = changesOf(before, after);
    if (changes.length > 0) changed.push({ ...element(after), changes });
    else unchanged++;
  }
  for (const [globalId, before] of older) if (!newer.has(globalId)) removed.push(element(before));
  return {
    added: added.sort(byTypeAndName),
    removed: removed.sort(byTypeAndName),
    changed: changed.sort(byTypeAndName),
    unchanged,
  };
}
