import { AppError } from '../../../shared/errors';
import { actionsFor, defaultWorkflow, resolveTransition, type WorkflowRow } from '../../../shared/rules/workflow';
import type {
  CheckDataRequest,
  ProjectUnitParam,
  StateChangeRequest,
  StateChangeResponse,
  UnitActions,
} from '../../../shared/schemas/workflow';
import { requireAccess, type ProjectAccess } from '../../platform/access';
import type { SessionUser } from '../../platform/auth/session';
import type { Database } from '../../platform/db/database';
import { applyTransition, type AppliedTransition } from './engine';
import * as repo from './repository';
import { decisionStates } from '../../../shared/rules/review';
import type { ServiceContext } from '../../platform/context';

export const CHECK_DATA_PARAM = 'CheckDataTaskMessage';

/** The tenant's definition; a tenant without its own rows follows the default. */
export async function loadDefinition(db: Database, tenantId: number): Promise<WorkflowRow[]> {
  const rows = await repo.findDefinition(db, tenantId);
  return rows.length > 0 ? rows : defaultWorkflow;
}

export type ChangeInput = {
  requirement: string | null;
  expectedState: string;
  additionalMessage?: string | null;
  action?: string;
  /** More writes in the same transaction (e.g. the check-data message), after the guards; the unit as locked. */
  alsoWrite?: (trx: Database, unit: repo.LockedUnit) => Promise<void>;
  /** Writes the guards must see (e.g. the new structure), after the lock and the holder check. */
  prepare?: (trx: Database) => Promise<void>;
  /** Only the holder of the state's task may act, internal users included (review decisions). */
  taskHolderOnly?: boolean;
};

/** The answer to a state change: the unit, the state before and after, since when, and whether it was late. */
export function toStateChangeResponse(applied: AppliedTransition, now: Date): StateChangeResponse {
  return {
    projectUnitID: applied.unitId,
    oldState: applied.oldState,
    stateKey: applied.newState,
    stateSince: now.toISOString(),
    delayed: applied.delayed,
  };
}

/**
 * One state change in one transaction. The unit row is locked first and its state compared with
 * the state the user acted on, so of two simultaneous presses exactly one wins; the other gets
 * StateChanged (409). Only a holder of an open task of the state, or an internal user, may act.
 */
export async function changeState(
  ctx: ServiceContext,
  user: SessionUser,
  access: ProjectAccess,
  input: ChangeInput,
): Promise<AppliedTransition> {
  const now = ctx.clock.now();
  const applied = await ctx.db.transaction().execute(async (trx) => {
    const unit = await repo.lockUnit(trx, access.unit.project_unit_id);
    if (!unit) throw new AppError('NotFound');
    if (unit.state_key !== input.expectedState) throw new AppError('StateChanged');
    const holds =
      (access.isInternal && !input.taskHolderOnly) ||
      (await repo.hasOpenTask(trx, unit.project_unit_id, user.userId, unit.state_key));
    if (!holds) throw new AppError('NotAllowed', 'WORKFLOW.NotTaskHolder');
    await input.prepare?.(trx);
    const definition = await loadDefinition(trx, unit.tenant_id);
    const candidates = actionsFor(definition, unit.project_unit_type, unit.state_key).filter(
      (r) => !input.action || r.action === input.action,
    );
    const guardContext = { trx, unit, features: access.features };
    const passed = await ctx.workflow.evaluateGuards(
      candidates.map((r) => r.guard),
      guardContext,
    );
    const result = resolveTransition(candidates, unit.project_unit_type, unit.state_key, input.requirement, (g) =>
      passed.has(g),
    );
    if (!result.ok) {
      const blocked = candidates.find(
        (r) => r.requirement === (input.requirement || null) && r.guard && !passed.has(r.guard),
      );
      if (blocked?.guard)
        throw new AppError('WorkflowGuardFailed', await ctx.workflow.refusalHint(blocked.guard, guardContext));
      throw new AppError('ValidationFailed', 'WORKFLOW.NoTransition');
    }
    await input.alsoWrite?.(trx, unit);
    const transition = await applyTransition(trx, {
      definition,
      unit,
      row: result.row,
      userId: user.userId,
      userEmail: await repo.findUserEmail(trx, user.userId),
      now,
      additionalMessage: input.additionalMessage,
    });
    // Effects (e.g. the order confirmation mail) are queued with the change, in its transaction.
    await ctx.workflow.runEffects({ ...ctx, db: trx }, transition, user.userId);
    return transition;
  });
  return applied;
}

/**
 * Structuring-finished with the structure written in the same transaction, before the guards
 * judge it (`structureValid`): a refusal anywhere leaves nothing behind.
 */
export async function finishStructuring(
  ctx: ServiceContext,
  user: SessionUser,
  access: ProjectAccess,
  writeStructure: (trx: Database) => Promise<void>,
): Promise<AppliedTransition> {
  return changeState(ctx, user, access, {
    requirement: null,
    expectedState: 'Structuring',
    action: 'structuring-finished',
    prepare: writeStructure,
  });
}

export async function updateUnitState(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  body: StateChangeRequest,
): Promise<StateChangeResponse> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  if (body.projectUnitID !== unitId) throw new AppError('ValidationFailed', 'WORKFLOW.UnitMismatch');
  const requirement = body.requirements ?? null;
  // A review decision taken here is the task holder's alone and gets the viewer's journal line
  // (registered with the engine in buildApp, so workflow does not import the viewer).
  const decisionLine = decisionStates.includes(access.unit.state_key)
    ? await ctx.workflow.requirementLine(ctx.db, unitId, requirement, user.language)
    : null;
  const applied = await changeState(ctx, user, access, {
    requirement,
    // Without the client's view, the state read here: two simultaneous presses still move one step.
    expectedState: body.stateKey ?? access.unit.state_key,
    additionalMessage: decisionLine ?? undefined,
    taskHolderOnly: decisionLine !== null,
    // The viewer's writes of a review decision (an approval's sign-off), in the same transaction.
    alsoWrite:
      decisionLine === null
        ? undefined
        : (trx, unit) =>
            ctx.workflow.requirementWrite(trx, {
              unit,
              requirement,
              userId: user.userId,
              language: user.language,
              now: ctx.clock.now(),
            }),
  });
  return toStateChangeResponse(applied, ctx.clock.now());
}

/** The drafter's check-data action on a drawing job: stores the message, then moves the state. */
export async function checkData(
  ctx: ServiceContext,
  user: SessionUser,
  body: CheckDataRequest,
): Promise<StateChangeResponse> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: body.unitID });
  if (access.unit.root_project_unit_id !== body.rootUnitID) throw new AppError('NotFound');
  const message = body.message?.trim() || null;
  const applied = await changeState(ctx, user, access, {
    requirement: null,
    expectedState: access.unit.state_key,
    additionalMessage: message,
    action: 'ccl-check-data',
    alsoWrite: async (trx) => {
      if (message) await repo.insertParam(trx, body.unitID, CHECK_DATA_PARAM, message, ctx.clock.now());
    },
  });
  return toStateChangeResponse(applied, ctx.clock.now());
}

export async function countProductTypeAssignments(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
): Promise<{ count: number }> {
  await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  return { count: await repo.countAssignments(ctx.db, unitId) };
}

export async function getDefinition(ctx: ServiceContext, user: SessionUser): Promise<{ data: WorkflowRow[] }> {
  return { data: await loadDefinition(ctx.db, user.tenantId) };
}

export async function listParams(
  ctx: ServiceContext,
  user: SessionUser,
  unitId: number,
  key?: string,
): Promise<{ data: ProjectUnitParam[] }> {
  await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  const rows = await repo.findParams(ctx.db, unitId, key);
  return {
    data: rows.map((r) => ({
      projectUnitParamID: r.project_unit_param_id,
      projectUnitID: r.project_unit_id,
      paramKey: r.param_key,
      paramValue: r.param_value,
      createdOn: new Date(r.created_on).toISOString(),
    })),
  };
}

/**
 * The actions of the unit's current state for the signed-in user, guards evaluated, so the
 * client shows buttons, enable state and hints without re-deriving the rules. Rows whose guard
 * only tells BIM from non-BIM projects are left out when they do not apply.
 */
export async function listUnitActions(ctx: ServiceContext, user: SessionUser, unitId: number): Promise<UnitActions> {
  const access = await requireAccess(ctx.db, user, { permission: 'project.read', id: unitId });
  const unit = await repo.readUnit(ctx.db, unitId);
  if (!unit) throw new AppError('NotFound');
  const holdsTask = await repo.hasOpenTask(ctx.db, unitId, user.userId, unit.state_key);
  const mayAct = access.isInternal || holdsTask;
  const definition = await loadDefinition(ctx.db, unit.tenant_id);
  const rows = actionsFor(definition, unit.project_unit_type, unit.state_key);
  const guardContext = { trx: ctx.db, unit, features: access.features };
  const passed = await ctx.workflow.evaluateGuards(
    rows.map((r) => r.guard),
    guardContext,
  );
  const selectors: (string | null)[] = ['bimProject', 'notBimProject'];
  const actions = await Promise.all(
    rows
      .filter((r) => !(selectors.includes(r.guard) && !passed.has(r.guard!)))
      .map(async (r) => {
        const enabled = r.guard === null || passed.has(r.guard);
        return {
          action: r.action,
          requirement: r.requirement,
          nextState: r.nextState,
          enabled,
          hint: enabled || r.guard === null ? null : await ctx.workflow.refusalHint(r.guard, guardContext),
        };
      }),
  );
  return { projectUnitID: unitId, stateKey: unit.state_key, mayAct, holdsTask, actions };
}
