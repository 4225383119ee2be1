import type { DeliveryStructure, IfcStructure, Structure, StructureMaterial } from '../schemas/structure';
import { exceedsVolumeLimit, isIsoDay, MAX_VOLUME, normaliseTitle, totalVolume } from './project-units';

/**
 * The structure editor's rules (spec §5), used by the editor for instant feedback and by the
 * server for the draft and for create-project-structure, with the same message keys.
 */

export type StructureProblem =
  | { kind: 'empty' }
  | { kind: 'nameRequired'; subIndex: number; lotIndex?: number }
  | { kind: 'subprojectWithoutApprovalLots'; subIndex: number; name: string }
  | { kind: 'duplicateSubproject'; subIndex: number; name: string }
  | { kind: 'duplicateApprovalLot'; subIndex: number; lotIndex: number; name: string }
  | {
      kind: 'invalidMaterial';
      subIndex: number;
      lotIndex: number;
      materialIndex: number;
      field: 'type' | 'volume' | 'deliveryDate';
    }
  | { kind: 'limitReached'; subIndex: number; name: string; total: number };

export type StructureProblemKind = StructureProblem['kind'];

/** The message key of each problem; the server answers with the same keys the editor shows. */
export const structureProblemMessage: Record<StructureProblemKind, string> = {
  empty: 'STRUCTURE.Errors.Empty',
  nameRequired: 'STRUCTURE.Errors.NameRequired',
  subprojectWithoutApprovalLots: 'STRUCTURE.Errors.SubprojectWithoutChildren',
  duplicateSubproject: 'STRUCTURE.Errors.DuplicateSubproject',
  duplicateApprovalLot: 'STRUCTURE.Errors.DuplicateApprovalLot',
  invalidMaterial: 'STRUCTURE.Errors.DataNotValid',
  limitReached: 'PROJECT.Materials.LimitReached',
};

/** A material row is complete: a known type, a volume above 0 and a delivery day (not typed text) not before the minimum. */
export function materialProblem(
  m: StructureMaterial,
  earliestDate: string,
  materialTypes: readonly string[],
): 'type' | 'volume' | 'deliveryDate' | null {
  if (!materialTypes.includes(m.type)) return 'type';
  if (!Number.isFinite(m.volume) || m.volume <= 0) return 'volume';
  if (!m.deliveryDate || !isIsoDay(m.deliveryDate) || m.deliveryDate < earliestDate) return 'deliveryDate';
  return null;
}

/** Total volume of one subproject (all its approval lots and materials). */
export function subprojectVolume(sub: Structure['subProjects'][number]): number {
  return totalVolume(sub.approvalLots.flatMap((l) => l.materials));
}

/** Running totals: per subproject and for the whole project. */
export function structureTotals(structure: Structure): { subprojects: number[]; total: number } {
  const subprojects = structure.subProjects.map(subprojectVolume);
  return { subprojects, total: totalVolume(subprojects.map((volume) => ({ volume }))) };
}

/** The subprojects over the 350 m³ limit (indexes): Save and finishing are disabled while any exists. */
export function subprojectsOverLimit(structure: Structure): number[] {
  return structure.subProjects.flatMap((s, i) =>
    exceedsVolumeLimit(s.approvalLots.flatMap((l) => l.materials)) ? [i] : [],
  );
}

/**
 * Every problem of a structure, in the order the editor reports them. `existingTitles` are the
 * subprojects the project already holds (a new one must not repeat them).
 */
export function checkStructure(
  structure: Structure,
  earliestDate: string,
  materialTypes: readonly string[],
  existingTitles: readonly string[] = [],
): StructureProblem[] {
  const problems: StructureProblem[] = [];
  if (structure.subProjects.length === 0) return [{ kind: 'empty' }];
  const subNames = new Set(existingTitles.map(normaliseTitle));
  structure.subProjects.forEach((sub, subIndex) => {
    const subName = normaliseTitle(sub.name);
    if (!subName) problems.push({ kind: 'nameRequired', subIndex });
    else if (subNames.has(subName)) problems.push({ kind: 'duplicateSubproject', subIndex, name: sub.name.trim() });
    subNames.add(subName);
    if (sub.approvalLots.length === 0)
      problems.push({ kind: 'subprojectWithoutApprovalLots', subIndex, name: sub.name.trim() });
    const lotNames = new Set<string>();
    sub.approvalLots.forEach((lot, lotIndex) => {
      const lotName = normaliseTitle(lot.name);
      if (!lotName) problems.push({ kind: 'nameRequired', subIndex, lotIndex });
      else if (lotNames.has(lotName))
        problems.push({ kind: 'duplicateApprovalLot', subIndex, lotIndex, name: lot.name.trim() });
      lotNames.add(lotName);
      const types = new Set<string>();
      lot.materials.forEach((m, materialIndex) => {
        const field = types.has(m.type) ? 'type' : materialProblem(m, earliestDate, materialTypes);
        types.add(m.type);
        if (field) problems.push({ kind: 'invalidMaterial', subIndex, lotIndex, materialIndex, field });
      });
    });
    const volume = subprojectVolume(sub);
    if (exceedsVolumeLimit([{ volume }]))
      problems.push({ kind: 'limitReached', subIndex, name: sub.name.trim(), total: volume });
  });
  return problems;
}

/** The message of a problem in the spec's error shape (key, reference, placeholders). */
export function structureProblemToMessage(p: StructureProblem): {
  message: string;
  reference: string;
  params?: Record<string, string | number>;
} {
  const message = structureProblemMessage[p.kind];
  switch (p.kind) {
    case 'empty':
      return { message, reference: 'structure' };
    case 'nameRequired':
      return {
        message,
        reference: `subProjects[${p.subIndex}]${p.lotIndex === undefined ? '' : `.approvalLots[${p.lotIndex}]`}`,
      };
    case 'subprojectWithoutApprovalLots':
    case 'duplicateSubproject':
      return { message, reference: `subProjects[${p.subIndex}]`, params: { name: p.name } };
    case 'duplicateApprovalLot':
      return { message, reference: `subProjects[${p.subIndex}].approvalLots[${p.lotIndex}]`, params: { name: p.name } };
    case 'invalidMaterial':
      return {
        message,
        reference: `subProjects[${p.subIndex}].approvalLots[${p.lotIndex}].materials[${p.materialIndex}].${p.field}`,
      };
    case 'limitReached':
      return {
        message,
        reference: `subProjects[${p.subIndex}]`,
        params: { max: MAX_VOLUME, total: p.total, name: p.name },
      };
  }
}

/** The editor's structure as the delivery structure of create-project-structure (spec §3). */
export function toDeliveryStructure(structure: Structure): DeliveryStructure {
  return structure.subProjects.map((s) => ({
    subProjectTitle: s.name.trim(),
    approvalLots: s.approvalLots.map((l) => ({
      approvalLotTitle: l.name.trim(),
      materials: l.materials.map((m) => ({ type: m.type, volume: m.volume, deliveryDate: m.deliveryDate })),
    })),
  }));
}

/** The delivery structure back as the editor's structure (ids by position; the server checks both alike). */
export function fromDeliveryStructure(delivery: DeliveryStructure): Structure {
  return {
    subProjects: delivery.map((s, i) => ({
      id: `s${i}`,
      name: s.subProjectTitle,
      approvalLots: s.approvalLots.map((l, j) => ({
        id: `s${i}l${j}`,
        name: l.approvalLotTitle,
        materials: l.materials,
      })),
    })),
  };
}

/**
 * A draft from the model's structure (spec §5): each approval lot gets the AAC material with volume
 * 0 and the minimum delivery date, or the storey's wall volume marked "from model" for the user to
 * confirm. `newId` gives fresh row ids.
 */
export function structureFromIfc(
  ifc: IfcStructure,
  earliestDate: string,
  materialType: string,
  newId: () => string,
): Structure {
  return {
    subProjects: ifc.subProjects.map((s) => ({
      id: newId(),
      name: s.title,
      expanded: true,
      approvalLots: s.approvalLots.map((l) => ({
        id: newId(),
        name: l.title,
        materials: [
          l.wallVolume !== null && l.wallVolume > 0
            ? {
                type: materialType,
                volume: Math.round(l.wallVolume * 100) / 100,
                deliveryDate: earliestDate,
                fromModel: true,
              }
            : { type: materialType, volume: 0, deliveryDate: earliestDate },
        ],
      })),
    })),
  };
}

/**
 * Merges a generated structure into the current one: a subproject of the same name receives the
 * approval lots it does not have yet; other subprojects are appended. Nothing of the current one is lost.
 */
export function mergeStructures(current: Structure, generated: Structure): Structure {
  const subProjects = current.subProjects.map((s) => ({ ...s, approvalLots: [...s.approvalLots] }));
  for (const g of generated.subProjects) {
    const same = subProjects.find((s) => normaliseTitle(s.name) === normaliseTitle(g.name));
    if (!same) {
      subProjects.push(g);
      continue;
    }
    const names = new Set(same.approvalLots.map((l) => normaliseTitle(l.name)));
    same.approvalLots.push(...g.approvalLots.filter((l) => !names.has(normaliseTitle(l.name))));
  }
  return { subProjects };
}

/** Moves the element at `from` to `to` (both clamped), returning a new array. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const [item] = next.splice(from, 1);
  const target = Math.max(0, Math.min(to, next.length));
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
