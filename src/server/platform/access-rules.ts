import { AppError } from '../../shared/errors';
import { variantOf } from '../../shared/questionnaire/variants';
import { isFeatureOn } from '../../shared/rules/features';
import { canEditUnit, isClosedRootState, type UnitRuleContext } from '../../shared/rules/project-units';
import type { ProjectAccess } from './access';

/**
 * The rules of access.ts as pure functions of a project access: what `requireAccess` enforces and
 * what the client receives as abilities, computed from the same code.
 */

export function ruleContext(access: ProjectAccess): UnitRuleContext & { isInternal: boolean } {
  return {
    isSalesPlanner: access.roleKeys.includes('salesPlanner'),
    rootStateKey: access.root.state_key,
    isInternal: access.isInternal,
  };
}

export const isRoot = (access: ProjectAccess) => access.unit.project_unit_id === access.root.project_unit_id;

/** A Closed or Archived project is read-only for everyone, sales planners and admins included. */
export function isProjectClosed(access: ProjectAccess): boolean {
  return isClosedRootState(access.root.state_key);
}

export function refuseWhenClosed(access: ProjectAccess): void {
  if (isProjectClosed(access)) throw new AppError('NotAllowed', 'ERRORMESSAGES.ProjectClosed');
}

/** Edit unit data: the creation rule of the unit's type (internal users always), unless the tenant hides editing. */
export function mayEditUnit(access: ProjectAccess): boolean {
  return (
    !isProjectClosed(access) &&
    !isFeatureOn(access.features, 'HideUnitEditAction') &&
    canEditUnit(access.unit.project_unit_type, ruleContext(access))
  );
}

/** The project's site address and contact (the root's records): the edit rule of the root project. */
export function mayEditProjectSite(access: ProjectAccess): boolean {
  return mayEditUnit({ ...access, unit: { ...access.unit, project_unit_type: 'project' } });
}

/** The journal: the HasJournal feature on and an internal user of the project's tenant (spec §2). */
export function mayReadJournal(access: ProjectAccess): boolean {
  return access.isInternal && isFeatureOn(access.features, 'HasJournal');
}

/** The project information sheet: the feature on, and the root in Structuring or an internal user. */
export function mayOpenInfoSheet(access: ProjectAccess): boolean {
  return (
    isFeatureOn(access.features, 'ProjectInfoSheet') && (access.root.state_key === 'Structuring' || access.isInternal)
  );
}

/**
 * Questionnaire editing (spec §4): internal users, or the root in Preparing for the supplier
 * tenant (the tenant whose sheet is the calcium-silicate supplier's variant, as in the leaving
 * rules of spec §5), or the root in Structuring; otherwise read-only.
 */
export function mayEditSheet(access: ProjectAccess): boolean {
  const state = access.root.state_key;
  if (isProjectClosed(access)) return false;
  const supplier = isFeatureOn(access.features, 'ProjectInfoSheet') && variantOf(access.features) === 'supplier';
  return access.isInternal || (state === 'Preparing' && supplier) || state === 'Structuring';
}

const lockedUnitStates = ['Finalized', 'Approved'];

/** Files: internal users and members, never on a Closed or Archived project; Finalized or Approved units only internal users. */
export function mayWriteFiles(access: ProjectAccess): boolean {
  if (isProjectClosed(access)) return false;
  if (lockedUnitStates.includes(access.unit.state_key)) return access.isInternal;
  return access.isInternal || access.isMember;
}

/** Members are managed by internal users (and admins) of the project's tenant. */
export function mayManageMembers(access: ProjectAccess): boolean {
  return access.isInternal;
}

/** The structure editor (spec §2, §4): the feature on and the root in Structuring; who holds the task is checked by `requireAccess`. */
export function mayStructure(access: ProjectAccess): boolean {
  return isFeatureOn(access.features, 'CreateStructure') && access.root.state_key === 'Structuring';
}

/** Product-type assignments and plants: internal users of the project's tenant, while the project is open. */
export function mayEditProductTypes(access: ProjectAccess): boolean {
  return access.isInternal && !isProjectClosed(access);
}

export function mayConfirmDelivery(access: ProjectAccess): boolean {
  return access.isInternal && !isProjectClosed(access);
}

/** The delivery data dialog is hidden while the root is Structuring (spec §2); the structure editor owns the data then. */
export function mayEditDeliveryData(access: ProjectAccess): boolean {
  return !isProjectClosed(access) && access.root.state_key !== 'Structuring';
}

export function mayManageDeliveryLots(access: ProjectAccess): boolean {
  return access.isInternal && !isProjectClosed(access);
}
