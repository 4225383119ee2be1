import { defaultWorkflow, stateRule, type WorkflowRow } from '../../../shared/rules/workflow';
import type { Database } from '../../platform/db/database';
import { findDefinition, insertTasks } from '../workflow/repository';
import * as repo from './member-repository';

/**
 * Member roles decide who holds a unit's task (DESIGN.md §3). When a member joins, changes roles
 * or leaves, the open tasks of the project follow: a new holder gets the tasks of the states their
 * roles hold; tasks a member no longer holds go to the remaining holders of the role, else to the
 * project coordinators, else to the internal members, so no task is left without a holder.
 */
type Root = { project_unit_id: number; tenant_id: number };

async function definitionOf(trx: Database, tenantId: number): Promise<WorkflowRow[]> {
  const definition = await findDefinition(trx, tenantId);
  return definition.length > 0 ? definition : defaultWorkflow;
}

function holds(holders: string[], member: { roleKeys: string[]; isInternal: boolean }): boolean {
  return member.roleKeys.some((r) => holders.includes(r)) || (holders.includes('internal') && member.isInternal);
}

/** Opens, for a member with these roles, the tasks of every unit whose current state their roles hold. */
export async function grantMemberTasks(
  trx: Database,
  root: Root,
  member: { userId: number; roleKeys: string[]; isInternal: boolean },
  now: Date,
): Promise<void> {
  const definition = await definitionOf(trx, root.tenant_id);
  for (const unit of await repo.findTreeUnits(trx, root.project_unit_id)) {
    const rule = stateRule(definition, unit.project_unit_type, unit.state_key);
    if (!rule || !holds(rule.holders, member)) continue;
    await insertTasks(
      trx,
      { ...unit, root_project_unit_id: root.project_unit_id },
      unit.state_key,
      [member.userId],
      now,
    );
  }
}

async function successors(trx: Database, root: Root, holders: string[], leaving: number): Promise<number[]> {
  const others = (ids: number[]) => ids.filter((id) => id !== leaving);
  const byRole = others(await repo.findRoleHolders(trx, root.project_unit_id, root.tenant_id, holders));
  if (byRole.length > 0) return byRole;
  const coordinators = others(
    await repo.findRoleHolders(trx, root.project_unit_id, root.tenant_id, ['projectCoordinator']),
  );
  if (coordinators.length > 0) return coordinators;
  return others(await repo.findRoleHolders(trx, root.project_unit_id, root.tenant_id, ['internal']));
}

/**
 * Hands over the member's open tasks they no longer hold (all of them when `member` is null, i.e.
 * they left). A task stays with the member when nobody else could take it. Returns how many moved.
 */
export async function handOverTasks(
  trx: Database,
  root: Root,
  userId: number,
  member: { roleKeys: string[]; isInternal: boolean } | null,
  now: Date,
): Promise<number> {
  const definition = await definitionOf(trx, root.tenant_id);
  let moved = 0;
  for (const task of await repo.findOpenTasksOfUser(trx, root.project_unit_id, userId)) {
    const holders = stateRule(definition, task.project_unit_type, task.state_key)?.holders ?? [];
    if (member && holds(holders, member)) continue;
    const next = await successors(trx, root, holders, userId);
    if (next.length === 0 && member) continue;
    await repo.closeTask(trx, Number(task.task_id), now);
    await insertTasks(
      trx,
      { project_unit_id: task.project_unit_id, root_project_unit_id: root.project_unit_id, tenant_id: task.tenant_id },
      task.state_key,
      next,
      now,
    );
    moved += 1;
  }
  return moved;
}
