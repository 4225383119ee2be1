import {
  IFCBUILDING,
  IFCBUILDINGSTOREY,
  IFCELEMENTQUANTITY,
  IFCRELAGGREGATES,
  IFCRELCONTAINEDINSPATIALSTRUCTURE,
  IFCRELDEFINESBYPROPERTIES,
  IFCWALL,
  IFCWALLSTANDARDCASE,
  IfcAPI,
} from 'web-ifc';
import type { IfcStructure, IfcStructurePhase } from '../../../shared/schemas/structure';

/**
 * The project structure of an IFC model (docs/ifc-structure.md): buildings become subprojects,
 * their storeys approval lots, with the storey's wall volume (IfcWall quantities) where the model
 * carries it. Runs inside the IFC worker thread (`structure-worker.ts`), never on the event loop.
 */

type Ref = { value: number };
type Label = { value: string } | null | undefined;
type Line = Record<string, unknown>;

/** Volume quantities of a wall, most precise first (IFC base quantities, then ArchiCAD's German names). */
const volumeNames = ['NetVolume', 'Netto-Volumen', 'GrossVolume', 'Volumen', 'Brutto-Volumen'];

export class NotAnIfcModel extends Error {}

export async function parseIfcStructure(
  bytes: Uint8Array,
  memoryLimitBytes: number,
  onPhase: (phase: IfcStructurePhase) => void = () => {},
): Promise<IfcStructure> {
  if (!startsLikeStep(bytes)) throw new NotAnIfcModel('no ISO-10303-21 header');
  const api = new IfcAPI();
  await api.Init(undefined, true);
  let modelID = -1;
  try {
    modelID = api.OpenModel(bytes, { COORDINATE_TO_ORIGIN: false, MEMORY_LIMIT: memoryLimitBytes });
    if (modelID < 0) throw new NotAnIfcModel('web-ifc could not open the model');
    return readStructure(api, modelID, onPhase);
  } finally {
    if (modelID >= 0) api.CloseModel(modelID);
    api.Dispose();
  }
}

function startsLikeStep(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1')
    .decode(bytes.subarray(0, 64))
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('ISO-10303-21');
}

function readStructure(api: IfcAPI, modelID: number, onPhase: (phase: IfcStructurePhase) => void): IfcStructure {
  onPhase('storeys');
  const ids = (type: number) => [...iterate(api.GetLineIDsWithType(modelID, type))];
  const line = (id: number) => api.GetLine(modelID, id, false) as Line;

  // Children by parent: decomposition (IfcRelAggregates) and containment of elements.
  const parts = new Map<number, number[]>();
  for (const id of ids(IFCRELAGGREGATES)) {
    const rel = line(id);
    push(parts, refOf(rel.RelatingObject), refsOf(rel.RelatedObjects));
  }
  const contained = new Map<number, number[]>();
  for (const id of ids(IFCRELCONTAINEDINSPATIALSTRUCTURE)) {
    const rel = line(id);
    push(contained, refOf(rel.RelatingStructure), refsOf(rel.RelatedElements));
  }

  onPhase('walls');
  const wallVolumes = readWallVolumes(api, modelID, ids, line);
  onPhase('volumes');
  const storeyIds = new Set(ids(IFCBUILDINGSTOREY));
  const buildings = ids(IFCBUILDING);

  const storeysOf = (buildingId: number): number[] => {
    // Storeys directly below the building, and below a building part (an IfcBuilding inside it).
    const out: number[] = [];
    for (const child of parts.get(buildingId) ?? []) {
      if (storeyIds.has(child)) out.push(child);
    }
    return out.sort((a, b) => elevation(line(a)) - elevation(line(b)));
  };
  const wallVolumeOf = (storeyId: number): number | null => {
    let sum = 0;
    let found = false;
    const walk = (id: number) => {
      for (const el of contained.get(id) ?? []) {
        const v = wallVolumes.get(el);
        if (v !== undefined) {
          sum += v;
          found = true;
        }
      }
      // Spaces or building parts inside the storey may contain walls as well.
      for (const child of parts.get(id) ?? []) if (!storeyIds.has(child)) walk(child);
    };
    walk(storeyId);
    return found ? Math.round(sum * 1000) / 1000 : null;
  };

  const buildingTitles = uniqueNames(buildings.map((b, i) => nameOf(line(b)) ?? `Gebäude ${i + 1}`));
  const subProjects = buildings
    .map((b, i) => {
      const storeys = storeysOf(b);
      const titles = uniqueNames(storeys.map((s, j) => nameOf(line(s)) ?? storeyFallback(line(s), j)));
      return {
        title: buildingTitles[i] ?? `Gebäude ${i + 1}`,
        approvalLots: storeys.map((s, j) => ({ title: titles[j] ?? `Geschoss ${j + 1}`, wallVolume: wallVolumeOf(s) })),
      };
    })
    .filter((s) => s.approvalLots.length > 0);
  return { subProjects };
}

/** Wall id → its volume from the wall's element quantities (IfcElementQuantity via IfcRelDefinesByProperties). */
function readWallVolumes(
  api: IfcAPI,
  modelID: number,
  ids: (type: number) => number[],
  line: (id: number) => Line,
): Map<number, number> {
  const walls = new Set([...ids(IFCWALL), ...ids(IFCWALLSTANDARDCASE)]);
  const quantitySets = new Set(ids(IFCELEMENTQUANTITY));
  const volumes = new Map<number, number>();
  if (walls.size === 0 || quantitySets.size === 0) return volumes;
  const volumeOfSet = new Map<number, number | null>();
  const setVolume = (setId: number): number | null => {
    const known = volumeOfSet.get(setId);
    if (known !== undefined) return known;
    const byName = new Map<string, number>();
    for (const q of refsOf(line(setId).Quantities)) {
      const quantity = line(q);
      const name = labelOf(quantity.Name as Label);
      const value = (quantity.VolumeValue as { value?: unknown } | undefined)?.value;
      if (name && typeof value === 'number' && Number.isFinite(value)) byName.set(name, value);
    }
    const found = volumeNames.map((n) => byName.get(n)).find((v) => v !== undefined) ?? null;
    volumeOfSet.set(setId, found);
    return found;
  };
  for (const id of ids(IFCRELDEFINESBYPROPERTIES)) {
    const rel = line(id);
    const definition = refOf(rel.RelatingPropertyDefinition);
    if (definition === null || !quantitySets.has(definition)) continue;
    const volume = setVolume(definition);
    if (volume === null) continue;
    for (const el of refsOf(rel.RelatedObjects)) {
      // A wall with several quantity sets counts once (the first set with a volume).
      if (walls.has(el) && !volumes.has(el)) volumes.set(el, volume);
    }
  }
  return volumes;
}

function* iterate(v: { size(): number; get(i: number): number }): Generator<number> {
  for (let i = 0; i < v.size(); i++) yield v.get(i);
}

function push(map: Map<number, number[]>, key: number | null, values: number[]): void {
  if (key === null) return;
  map.set(key, [...(map.get(key) ?? []), ...values]);
}

function refOf(value: unknown): number | null {
  const v = (value as Ref | null | undefined)?.value;
  return typeof v === 'number' ? v : null;
}

function refsOf(value: unknown): number[] {
  if (!Array.isArray(value)) return [];
  return value.map(refOf).filter((v): v is number => v !== null);
}

function labelOf(label: Label): string | null {
  const text = typeof label?.value === 'string' ? label.value.trim() : '';
  return text ? text : null;
}

function nameOf(l: Line): string | null {
  return labelOf(l.Name as Label) ?? labelOf(l.LongName as Label);
}

function elevation(l: Line): number {
  const v = (l.Elevation as { value?: unknown } | null | undefined)?.value;
  return typeof v === 'number' ? v : 0;
}

function storeyFallback(l: Line, index: number): string {
  const v = (l.Elevation as { value?: unknown } | null | undefined)?.value;
  return typeof v === 'number'
    ? `Geschoss ${index + 1} (${v >= 0 ? '+' : ''}${v.toFixed(2)})`
    : `Geschoss ${index + 1}`;
}

/** Repeated names get a counter, so the draft passes the uniqueness rule. */
function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((n) => {
    const key = n.toLowerCase();
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    return count === 1 ? n : `${n} (${count})`;
  });
}
