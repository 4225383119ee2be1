import { mergeStructures, moveItem } from '../../../../shared/rules/structure';
import type { Structure, StructureMaterial, StructureSubproject } from '../../../../shared/schemas/structure';

/** The editor's changes to a structure, as one reducer (every change also goes to the local draft). */
export type StructureAction =
  | { type: 'replace'; structure: Structure }
  | { type: 'merge'; structure: Structure }
  | { type: 'addSubproject'; id: string; name: string }
  | { type: 'renameSubproject'; subId: string; name: string }
  | { type: 'removeSubproject'; subId: string }
  | { type: 'moveSubproject'; subId: string; by: number }
  | { type: 'moveSubprojectTo'; subId: string; to: number }
  | { type: 'toggle'; subId: string }
  | { type: 'expandAll'; expanded: boolean }
  | { type: 'addLot'; subId: string; id: string; name: string; material: StructureMaterial }
  | { type: 'renameLot'; subId: string; lotId: string; name: string }
  | { type: 'removeLot'; subId: string; lotId: string }
  | { type: 'moveLot'; subId: string; lotId: string; by: number }
  | { type: 'moveLotTo'; subId: string; lotId: string; to: number }
  | { type: 'addMaterial'; subId: string; lotId: string; material: StructureMaterial }
  | { type: 'updateMaterial'; subId: string; lotId: string; index: number; patch: Partial<StructureMaterial> }
  | { type: 'removeMaterial'; subId: string; lotId: string; index: number };

export const emptyStructure: Structure = { subProjects: [] };

let counter = 0;
/** A row id, unique within the browser session. */
export const newRowId = () => `r${Date.now().toString(36)}${(counter++).toString(36)}`;

function mapSub(s: Structure, subId: string, f: (sub: StructureSubproject) => StructureSubproject): Structure {
  return { subProjects: s.subProjects.map((sub) => (sub.id === subId ? f(sub) : sub)) };
}

function mapLot(
  s: Structure,
  subId: string,
  lotId: string,
  f: (lot: StructureSubproject['approvalLots'][number]) => StructureSubproject['approvalLots'][number],
): Structure {
  return mapSub(s, subId, (sub) => ({
    ...sub,
    approvalLots: sub.approvalLots.map((l) => (l.id === lotId ? f(l) : l)),
  }));
}

export function structureReducer(s: Structure, a: StructureAction): Structure {
  switch (a.type) {
    case 'replace':
      return a.structure;
    case 'merge':
      return mergeStructures(s, a.structure);
    case 'addSubproject':
      return { subProjects: [...s.subProjects, { id: a.id, name: a.name, expanded: true, approvalLots: [] }] };
    case 'renameSubproject':
      return mapSub(s, a.subId, (sub) => ({ ...sub, name: a.name }));
    case 'removeSubproject':
      return { subProjects: s.subProjects.filter((sub) => sub.id !== a.subId) };
    case 'moveSubproject':
    case 'moveSubprojectTo': {
      const from = s.subProjects.findIndex((sub) => sub.id === a.subId);
      const to = a.type === 'moveSubproject' ? from + a.by : a.to;
      return from < 0 || to < 0 ? s : { subProjects: moveItem(s.subProjects, from, to) };
    }
    case 'toggle':
      return mapSub(s, a.subId, (sub) => ({ ...sub, expanded: !(sub.expanded ?? false) }));
    case 'expandAll':
      return { subProjects: s.subProjects.map((sub) => ({ ...sub, expanded: a.expanded })) };
    case 'addLot':
      return mapSub(s, a.subId, (sub) => ({
        ...sub,
        approvalLots: [...sub.approvalLots, { id: a.id, name: a.name, materials: [a.material] }],
      }));
    case 'renameLot':
      return mapLot(s, a.subId, a.lotId, (l) => ({ ...l, name: a.name }));
    case 'removeLot':
      return mapSub(s, a.subId, (sub) => ({ ...sub, approvalLots: sub.approvalLots.filter((l) => l.id !== a.lotId) }));
    case 'moveLot':
    case 'moveLotTo':
      return mapSub(s, a.subId, (sub) => {
        const from = sub.approvalLots.findIndex((l) => l.id === a.lotId);
        const to = a.type === 'moveLot' ? from + a.by : a.to;
        return from < 0 || to < 0 ? sub : { ...sub, approvalLots: moveItem(sub.approvalLots, from, to) };
      });
    case 'addMaterial':
      return mapLot(s, a.subId, a.lotId, (l) => ({ ...l, materials: [...l.materials, a.material] }));
    case 'updateMaterial':
      return mapLot(s, a.subId, a.lotId, (l) => ({
        ...l,
        materials: l.materials.map((m, i) => (i === a.index ? { ...m, ...a.patch } : m)),
      }));
    case 'removeMaterial':
      return mapLot(s, a.subId, a.lotId, (l) => ({ ...l, materials: l.materials.filter((_, i) => i !== a.index) }));
  }
}
