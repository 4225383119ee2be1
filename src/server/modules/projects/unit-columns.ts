import type { Updateable } from 'kysely';
import type { CreateUnitInput, UpdateUnitInput } from '../../../shared/schemas/projects';
import type { ProjectUnitsTable } from '../../platform/db/schema';

/**
 * Where each field of the unit create and update bodies is stored. A field added to either schema
 * does not compile until it is listed here; a field given a column does not compile until
 * `unitColumns` writes it. `null`: no column of its own (an id checked against the path or the
 * parent, a value taken from the parent, the materials table).
 */
type FieldColumns = CoversEveryField<{
  title: 'title';
  notes: 'notes';
  deliveryDate: 'delivery_date';
  projectUnitType: 'project_unit_type';
  projectUnitTypeVariant: null;
  parentProjectUnitID: null;
  rootProjectUnitID: null;
  tenantID: null;
  projectUnitID: null;
  /** The version the user edited (compared, then counted up). */
  version: null;
  materials: null;
}>;
type CoversEveryField<T extends Record<keyof CreateUnitInput | keyof UpdateUnitInput, keyof ProjectUnitsTable | null>> =
  T;
type ColumnField = { [F in keyof FieldColumns]: FieldColumns[F] extends null ? never : F }[keyof FieldColumns];
type UnitColumn = NonNullable<FieldColumns[keyof FieldColumns]>;

export type UnitColumnInput = { [F in ColumnField]?: (CreateUnitInput & UpdateUnitInput)[F] };
/** Every mapped column; `undefined` where the input did not give the field (Kysely leaves it out). */
export type UnitColumnValues = { [C in UnitColumn]: Updateable<ProjectUnitsTable>[C] };

/** The columns of a unit from the fields of a create or update body: text trimmed, empty notes null. */
export function unitColumns(
  input: UnitColumnInput & Pick<CreateUnitInput, 'title' | 'projectUnitType'>,
): UnitColumnValues & { title: string; project_unit_type: string };
export function unitColumns(input: UnitColumnInput): UnitColumnValues;
export function unitColumns(input: UnitColumnInput): UnitColumnValues {
  return {
    title: input.title?.trim(),
    notes: input.notes === undefined ? undefined : input.notes?.trim() || null,
    delivery_date: input.deliveryDate,
    project_unit_type: input.projectUnitType,
  };
}

/** Whether the values change anything. */
export const hasUnitChanges = (values: UnitColumnValues) => Object.values(values).some((v) => v !== undefined);
