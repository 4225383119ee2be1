import { normaliseTitle } from '../../../../shared/rules/project-units';
import type { StructureMaterial } from '../../../../shared/schemas/structure';
import type { DragItem } from './move-handle';
import type { StructureAction } from './structure-state';

/** The material types a lot has no row for yet, in the order of the tenant's types. */
export function freeMaterialTypes(materials: readonly StructureMaterial[], materialTypes: readonly string[]): string[] {
  const used = new Set(materials.map((m) => m.type));
  return materialTypes.filter((m) => !used.has(m));
}

/** A row that takes a dragged row's place: a subproject, or an approval lot of a subproject. */
export type DropTarget = { kind: 'subproject'; index: number } | { kind: 'lot'; subId: string; index: number };

/**
 * The move a drop on `target` makes, or null when the dragged row does not belong there: a subproject
 * goes among the subprojects, an approval lot among the lots of its own subproject.
 */
export function dropAction(drag: DragItem | null, target: DropTarget): StructureAction | null {
  if (target.kind === 'subproject')
    return drag?.kind === 'subproject' ? { type: 'moveSubprojectTo', subId: drag.subId, to: target.index } : null;
  return drag?.kind === 'lot' && drag.subId === target.subId
    ? { type: 'moveLotTo', subId: target.subId, lotId: drag.lotId, to: target.index }
    : null;
}

/** The height of a lot row with one material, and of each further material (placeholders keep it). */
const LOT_ROW_HEIGHT = 62;
const MATERIAL_ROW_HEIGHT = 44;

/** The height a lot's placeholder keeps until its row was rendered once. */
export const estimatedLotHeight = (materialCount: number) => LOT_ROW_HEIGHT + (materialCount - 1) * MATERIAL_ROW_HEIGHT;

/**
 * The ids of the rows named like a row before them, case and spaces aside (a subproject among the
 * subprojects, a lot among its subproject's lots); the first of a name and unnamed rows are not marked.
 */
export function repeatedNameIds(rows: readonly { id: string; name: string }[]): Set<string> {
  const seen = new Set<string>();
  return new Set(
    rows.flatMap((row) => {
      const key = normaliseTitle(row.name);
      const repeated = key !== '' && seen.has(key);
      seen.add(key);
      return repeated ? [row.id] : [];
    }),
  );
}
