import {
  childTargetState,
  defaultWorkflow,
  guardNames,
  isDelayed,
  stateRule,
  type GuardName,
  type WorkflowRow,
} from '../../../shared/rules/workflow';
import type { ProjectUnitType, StateKey } from '../../../shared/schemas/project-unit';
import type { ServiceContext } from '../../platform/context';
import type { Database } from '../../platform/db/database';
import { emitEvent } from '../../platform/events';
import type { WorkflowEffect } from './effects';
import type { Guard, GuardContext } from './guards';
import * as repo from './repository';

type UnitRef = {
  project_unit_id: number;
  root_project_unit_id: number;
  tenant_id: number;
  project_unit_type: ProjectUnitType;
};

/** Opens the tasks of the unit's state for its holders (used after a transition and for new units). */
export async function openTasksForUnit(
  trx: Database,
  definition: WorkflowRow[],
  unit: UnitRef,
  stateKey: StateKey,
  now: Date,
  actorUserId: number | null = null,
  /** The requirement of the transition that opened them (e.g. `request-revision`), for their mails. */
  cause: string | null = null,
): Promise<number> {
  const rule = stateRule(definition, unit.project_unit_type, stateKey);
  if (!rule) return 0;
  const holders = await repo.findHolders(trx, unit.root_project_unit_id, unit.tenant_id, rule.holders);
  await repo.insertTasks(trx, unit, stateKey, holders, now);
  if (holders.length > 0) {
    await emitEvent(trx, {
      type: 'task.assigned',
      tenantId: unit.tenant_id,
      rootProjectUnitId: unit.root_project_unit_id,
      projectUnitId: unit.project_unit_id,
      actorUserId,
      subject: { kind: 'unit', id: unit.project_unit_id },
      data: { taskKey: stateKey, userIds: holders, ...(cause ? { cause } : {}) },
    });
  }
  return holders.length;
}

export type TransitionInput = {
  definition: WorkflowRow[];
  unit: repo.LockedUnit;
  row: WorkflowRow;
  userId: number | null;
  userEmail: string | null;
  now: Date;
  additionalMessage?: string | null;
};

export type AppliedTransition = {
  unitId: number;
  rootId: number;
  tenantId: number;
  unitType: ProjectUnitType;
  action: string;
  oldState: StateKey;
  newState: StateKey;
  delayed: boolean;
  /** Child units moved with the root. */
  children: { unitId: number; oldState: StateKey; newState: StateKey }[];
};

/**
 * Applies a chosen transition inside the caller's transaction (the unit row is already locked):
 * state and stateSince, old tasks closed, new tasks opened, journal entry, children that follow.
 */
export async function applyTransition(trx: Database, input: TransitionInput): Promise<AppliedTransition> {
  const { definition, unit, row, now } = input;
  const escalation = stateRule(definition, unit.project_unit_type, unit.state_key)?.escalation ?? null;
  const delayed = isDelayed(escalation, new Date(unit.state_since), now);
  await moveUnit(trx, definition, unit, row.nextState, now, {
    userId: input.userId,
    userEmail: input.userEmail,
    delayed,
    rule: delayed ? escalation : null,
    additionalMessage: input.additionalMessage ?? null,
    requirement: row.requirement ?? null,
  });

  // The transitions others learn of by name, besides the state change itself.
  const named =
    row.requirement === 'approve' || row.requirement === 'request-revision'
      ? ({ type: 'review.decided', data: { decision: row.requirement } } as const)
      : row.action === 'place-order'
        ? ({ type: 'order.placed', data: {} } as const)
        : null;
  if (named) {
    await emitEvent(trx, {
      type: named.type,
      tenantId: unit.tenant_id,
      rootProjectUnitId: unit.root_project_unit_id,
      projectUnitId: unit.project_unit_id,
      actorUserId: input.userId,
      subject: { kind: 'unit', id: unit.project_unit_id },
      data: named.data,
    });
  }

  const children: AppliedTransition['children'] = [];
  if (unit.project_unit_id === unit.root_project_unit_id) {
    for (const child of await repo.findFollowers(trx, unit.project_unit_id, unit.state_key)) {
      const target = childTargetState(child.project_unit_type, unit.state_key, row.nextState);
      if (!target) continue;
      await moveUnit(trx, definition, { ...child, root_project_unit_id: unit.project_unit_id }, target, now, {
        userId: input.userId,
        userEmail: input.userEmail,
        delayed: false,
        rule: null,
        additionalMessage: null,
      });
      children.push({ unitId: child.project_unit_id, oldState: child.state_key, newState: target });
    }
  }
  return {
    unitId: unit.project_unit_id,
    rootId: unit.root_project_unit_id,
    tenantId: unit.tenant_id,
    unitType: unit.project_unit_type,
    action: row.action,
    oldState: unit.state_key,
    newState: row.nextState,
    delayed,
    children,
  };
}

async function moveUnit(
  trx: Database,
  definition: WorkflowRow[],
  unit: UnitRef & { state_key: StateKey },
  target: StateKey,
  now: Date,
  journal: {
    userId: number | null;
    userEmail: string | null;
    delayed: boolean;
    rule: WorkflowRow['escalation'];
    additionalMessage: string | null;
    /** The transition's requirement; none for units that follow their root. */
    requirement?: string | null;
  },
): Promise<void> {
  await repo.updateUnitState(trx, unit.project_unit_id, target, now);
  // Who held the unit's tasks until now hears of the change (the new holders get their task).
  const previousHolders = await repo.openTaskHolders(trx, unit.project_unit_id);
  await repo.closeOpenTasks(trx, unit.project_unit_id, now);
  await openTasksForUnit(trx, definition, unit, target, now, journal.userId, journal.requirement ?? null);
  await emitEvent(trx, {
    type: 'unit.state.changed',
    tenantId: unit.tenant_id,
    rootProjectUnitId: unit.root_project_unit_id,
    projectUnitId: unit.project_unit_id,
    actorUserId: journal.userId,
    subject: { kind: 'unit', id: unit.project_unit_id },
    data: { oldState: unit.state_key, newState: target, previousHolderIds: previousHolders },
  });
  await repo.insertJournal(trx, {
    tenantId: unit.tenant_id,
    rootId: unit.root_project_unit_id,
    unitId: unit.project_unit_id,
    now,
    userId: journal.userId,
    userEmail: journal.userEmail,
    content: { oldState: unit.state_key, newState: target, additionalMessage: journal.additionalMessage },
    delayed: journal.delayed,
    rule: journal.rule,
  });
}

/**
 * For modules that create units (structure editor, create-unit dialog): opens the tasks of the
 * new unit's entry state inside their transaction, e.g. the PlaceOrder task of a new order lot.
 */
export async function openTasksForNewUnit(
  trx: Database,
  unitId: number,
  now: Date,
  actorUserId: number | null = null,
): Promise<number> {
  const unit = await repo.readUnit(trx, unitId);
  if (!unit) return 0;
  const definition = await repo.findDefinition(trx, unit.tenant_id);
  return openTasksForUnit(
    trx,
    definition.length > 0 ? definition : defaultWorkflow,
    unit,
    unit.state_key,
    now,
    actorUserId,
  );
}

/**
 * The workflow engine of one application, built once in `buildApp` from the guards and effects
 * the modules declare. `guards` must name a function for every guard of the definition (a
 * missing one is a type error); a guard name without a function, or a function for a name the
 * definition does not know, fails at start instead of at the first state change.
 */
export type WorkflowEngine = {
  evaluateGuards(names: (GuardName | null)[], ctx: GuardContext): Promise<Set<GuardName>>;
  /** The message key for a guard that refused: a more specific one when the guard has a hint. */
  refusalHint(name: GuardName, ctx: GuardContext): Promise<string>;
  /**
   * Runs the effects of a transition inside its transaction (`ctx.db` is the transaction), so the
   * mails they queue exist exactly when the state change does. Each effect runs in a savepoint:
   * a failing effect is logged and undone alone, never the state change.
   */
  runEffects(ctx: ServiceContext, transition: AppliedTransition, actorUserId: number): Promise<void>;
  /**
   * The journal line a module writes for a state change with this requirement (the viewer's line of
   * a review decision), or null: the decision is then an ordinary state change.
   */
  requirementLine(db: Database, unitId: number, requirement: string | null, language: string): Promise<string | null>;
  /**
   * A module's writes for a state change with its requirement, in the transaction after the guards
   * (the viewer's sign-off of an approval); it may refuse with an AppError, and nothing changes.
   */
  requirementWrite(trx: Database, write: RequirementWriteInput): Promise<void>;
};

export type RequirementWriteInput = {
  unit: repo.LockedUnit;
  requirement: string | null;
  userId: number;
  language: string;
  now: Date;
};

/** A module's writes for state changes with its requirements (ignores requirements not its own). */
export type RequirementWrite = (trx: Database, write: RequirementWriteInput) => Promise<void>;

/** A module's journal line for state changes with its requirements (null: not one of its requirements). */
export type RequirementLine = (
  db: Database,
  unitId: number,
  requirement: string | null,
  language: string,
) => Promise<string | null>;

export function createWorkflowEngine(parts: {
  guards: Record<GuardName, Guard>;
  effects: readonly WorkflowEffect[];
  /**
   * For guards made of several checks: which one refused, as a message key (null: the guard's
   * own `WORKFLOW.Guard.<name>`). Asked only after the guard refused.
   */
  hints?: Partial<Record<GuardName, (ctx: GuardContext) => Promise<string | null>>>;
  /** Journal lines of requirements owned by a higher module (the viewer's review decisions). */
  requirementLines?: readonly RequirementLine[];
  /** Writes of requirements owned by a higher module (the viewer's sign-off of an approval). */
  requirementWrites?: readonly RequirementWrite[];
}): WorkflowEngine {
  const guards = new Map<string, Guard>(Object.entries(parts.guards));
  for (const name of [...guardNames, ...defaultWorkflow.map((r) => r.guard)]) {
    if (name !== null && !guards.has(name)) throw new Error(`workflow guard without a function: ${name}`);
  }
  const unknown = [...guards.keys()].filter((k) => !(guardNames as readonly string[]).includes(k));
  if (unknown.length > 0) throw new Error(`unknown workflow guards: ${unknown.join(', ')}`);
  const effects = new Map<string, WorkflowEffect['run'][]>();
  for (const effect of parts.effects) effects.set(effect.key, [...(effects.get(effect.key) ?? []), effect.run]);

  return {
    async evaluateGuards(names, ctx) {
      const passed = new Set<GuardName>();
      for (const name of new Set(names)) {
        if (name && (await parts.guards[name](ctx))) passed.add(name);
      }
      return passed;
    },
    async refusalHint(name, ctx) {
      return (await parts.hints?.[name]?.(ctx)) ?? `WORKFLOW.Guard.${name}`;
    },
    async runEffects(ctx, transition, actorUserId) {
      const keys = [`${transition.unitType}:${transition.action}`, '*'];
      for (const run of keys.flatMap((k) => effects.get(k) ?? [])) {
        await repo.effectSavepoint.begin(ctx.db);
        try {
          await run(ctx, transition, actorUserId);
          await repo.effectSavepoint.release(ctx.db);
        } catch (err) {
          await repo.effectSavepoint.rollback(ctx.db);
          ctx.log.error({ err, unitId: transition.unitId, action: transition.action }, 'workflow effect failed');
        }
      }
    },
    async requirementLine(db, unitId, requirement, language) {
      for (const line of parts.requirementLines ?? []) {
        const text = await line(db, unitId, requirement, language);
        if (text !== null) return text;
      }
      return null;
    },
    async requirementWrite(trx, write) {
      for (const run of parts.requirementWrites ?? []) await run(trx, write);
    },
  };
}
