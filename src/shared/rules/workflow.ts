/**
 * The project-unit workflow as data (DESIGN.md §3): rows of state → action → next state with an
 * optional guard, the requirement the client sends, the task holders and an escalation rule.
 * Each tenant has its own copy in `workflow_definitions`, seeded from `defaultWorkflow`.
 * The client uses it to show action buttons, the server as the authority.
 */
import type { ProjectUnitType, StateKey } from '../schemas/project-unit';
import { isOrderLot } from './project-units';

/** Named server-side checks (src/server/modules/workflow/guards.ts). */
export const guardNames = [
  'structureValid',
  'productTypeAssignmentsExist',
  'orderItemsComplete',
  'bimProject',
  'notBimProject',
  'allChildrenDone',
  'unitHasFiles',
  'reviewHasFindings',
  'newVersionSinceRevision',
] as const;
export type GuardName = (typeof guardNames)[number];

/** Task holders: member role keys, or `internal` for the internal members of the root. */
export const INTERNAL_HOLDER = 'internal';

export type EscalationRule = { remindAfterWorkingDays: number; escalateAfterWorkingDays: number };

export type WorkflowRow = {
  unitType: ProjectUnitType;
  state: StateKey;
  action: string;
  /** What the client sends as `requirements`; null when the state has one plain action. */
  requirement: string | null;
  nextState: StateKey;
  guard: GuardName | null;
  holders: string[];
  escalation: EscalationRule | null;
  /** False for administrative actions (close, archive): holders may act, but no task is opened. */
  opensTask: boolean;
};

const internalPlanners = ['projectCoordinator', 'salesPlanner'];
const processorSide = ['process planner', 'customer'];
const orderers = ['customer', 'purchaser', 'process planner'];
const short: EscalationRule = { remindAfterWorkingDays: 2, escalateAfterWorkingDays: 5 };
const normal: EscalationRule = { remindAfterWorkingDays: 3, escalateAfterWorkingDays: 7 };
const long: EscalationRule = { remindAfterWorkingDays: 5, escalateAfterWorkingDays: 10 };

function row(
  unitType: ProjectUnitType,
  state: StateKey,
  action: string,
  nextState: StateKey,
  holders: string[],
  extra: { requirement?: string; guard?: GuardName; escalation?: EscalationRule | null; opensTask?: boolean } = {},
): WorkflowRow {
  return {
    unitType,
    state,
    action,
    requirement: extra.requirement ?? null,
    nextState,
    guard: extra.guard ?? null,
    holders,
    escalation: extra.escalation === undefined ? normal : extra.escalation,
    opensTask: extra.opensTask ?? true,
  };
}

const orderLot = (unitType: ProjectUnitType): WorkflowRow[] => [
  row(unitType, 'PlaceOrder', 'place-order', 'Finalized', orderers, { guard: 'orderItemsComplete' }),
  row(unitType, 'Finalized', 'close', 'Closed', internalPlanners, { escalation: null, opensTask: false }),
];

/** The default definition: DESIGN.md §3, refined so that every state but Closed and Archived has a way on. */
export const defaultWorkflow: WorkflowRow[] = [
  row('project', 'Structuring', 'structuring-finished', 'Preparing', processorSide, { guard: 'structureValid' }),
  row('project', 'Preparing', 'preparing-complete', 'PendingValidation', internalPlanners, { escalation: short }),
  row('project', 'PendingValidation', 'ready-for-contract', 'PendingContract', internalPlanners, {
    guard: 'productTypeAssignmentsExist',
    escalation: short,
  }),
  row('project', 'PendingContract', 'start-planning-process', 'ReviewBIMFiles', internalPlanners, {
    requirement: 'isBim',
    guard: 'bimProject',
  }),
  row('project', 'PendingContract', 'start-planning-process', 'ProvideFiles', internalPlanners, {
    guard: 'notBimProject',
  }),
  row('project', 'ReviewBIMFiles', 'start-planning', 'ProvideFiles', ['bimCoordinator']),
  row('project', 'ProvideFiles', 'close', 'Closed', internalPlanners, {
    guard: 'allChildrenDone',
    escalation: null,
    opensTask: false,
  }),
  row('project', 'Closed', 'archive', 'Archived', internalPlanners, { escalation: null, opensTask: false }),

  row('approvallot', 'ProvideFiles', 'request-drawings', 'ReviewDrawings', ['reviewer'], {
    guard: 'unitHasFiles',
    escalation: long,
  }),
  row('approvallot', 'ReviewDrawings', 'submit-preliminary-drawings', 'ReviewPreliminaryDrawings', ['drafter'], {
    escalation: long,
  }),
  row('approvallot', 'ReviewPreliminaryDrawings', 'approve', 'Finalized', ['reviewer'], { requirement: 'approve' }),
  row('approvallot', 'ReviewPreliminaryDrawings', 'request-revision', 'ReviseDrawings', ['reviewer'], {
    requirement: 'request-revision',
    guard: 'reviewHasFindings',
  }),
  row('approvallot', 'ReviseDrawings', 'submit-revised-drawings', 'ReviewRevisedDrawings', ['drafter'], {
    guard: 'newVersionSinceRevision',
  }),
  row('approvallot', 'ReviewRevisedDrawings', 'approve', 'Finalized', ['reviewer'], { requirement: 'approve' }),
  row('approvallot', 'ReviewRevisedDrawings', 'request-revision', 'ReviseDrawings', ['reviewer'], {
    requirement: 'request-revision',
    guard: 'reviewHasFindings',
  }),
  row('approvallot', 'Finalized', 'release', 'Approved', internalPlanners, { escalation: short }),
  row('approvallot', 'Approved', 'close', 'Closed', internalPlanners, { escalation: null, opensTask: false }),

  ...orderLot('aacorderlot'),
  ...orderLot('lintelorderlot'),

  row('drawingjob', 'CheckDataMissing', 'ccl-check-data', 'CCLNotReadyForDrawing', ['drafter']),
  row('drawingjob', 'CheckDataComplete', 'ccl-check-data', 'CCLReadyForDrawing', ['drafter']),
  row('drawingjob', 'CCLReadyForDrawing', 'drawing-job-not-ready', 'CCLNotReadyForDrawing', [INTERNAL_HOLDER], {
    requirement: 'drawing-job-not-ok',
    escalation: null,
  }),
  row('drawingjob', 'CCLNotReadyForDrawing', 'drawing-job-ready', 'CCLReadyForDrawing', [INTERNAL_HOLDER], {
    requirement: 'drawing-job-ok',
    escalation: null,
  }),
  row('drawingjob', 'CCLReadyForDrawing', 'close', 'Closed', [INTERNAL_HOLDER], {
    requirement: 'close',
    escalation: null,
    opensTask: false,
  }),
];

/** Entry states of a new unit of each type (a drawing job starts by whether its data is complete). */
export const initialStates: Record<string, StateKey[]> = {
  project: ['Structuring'],
  approvallot: ['ProvideFiles'],
  aacorderlot: ['PlaceOrder'],
  lintelorderlot: ['PlaceOrder'],
  drawingjob: ['CheckDataMissing', 'CheckDataComplete'],
};

/** States in which a child counts as done when its root is closed. */
export const doneStates: StateKey[] = ['Finalized', 'Approved', 'Closed', 'Archived'];

/** Root states that subprojects and not-yet-started lots mirror (seeded and moved with the root). */
export const mirroredRootStates: StateKey[] = ['Structuring', 'Preparing', 'PendingValidation', 'PendingContract'];

/**
 * Where the children of a root go when the root leaves `fromState`: approval lots start
 * providing files, order lots start ordering; subprojects follow the root.
 */
export function childTargetState(unitType: string, rootFrom: StateKey, rootTo: StateKey): StateKey | null {
  if (!mirroredRootStates.includes(rootFrom)) return null;
  if (rootFrom === 'PendingContract') {
    if (unitType === 'approvallot') return 'ProvideFiles';
    if (isOrderLot(unitType)) return 'PlaceOrder';
    if (unitType === 'subproject' || unitType === 'folder') return 'ProvideFiles';
    return null;
  }
  return unitType === 'drawingjob' ? null : rootTo;
}

/** The actions offered in a unit's current state. */
export function actionsFor(definition: WorkflowRow[], unitType: string, state: string): WorkflowRow[] {
  return definition.filter((r) => r.unitType === unitType && r.state === state);
}

/** Holder role keys and escalation of a state (the rows of a state share them). */
export function stateRule(
  definition: WorkflowRow[],
  unitType: string,
  state: string,
): Pick<WorkflowRow, 'holders' | 'escalation'> | null {
  const rows = actionsFor(definition, unitType, state).filter((r) => r.opensTask);
  if (rows.length === 0) return null;
  return {
    holders: [...new Set(rows.flatMap((r) => r.holders))],
    escalation: rows.find((r) => r.escalation)?.escalation ?? null,
  };
}

export type TransitionResult =
  { ok: true; row: WorkflowRow } | { ok: false; reason: 'NoTransition' | 'AmbiguousTransition' };

/**
 * Picks the transition for a requested state change. The requirement selects among the
 * actions of the state; `passes` tells which guards hold (the server evaluates them).
 */
export function resolveTransition(
  definition: WorkflowRow[],
  unitType: string,
  state: string,
  requirement: string | null | undefined,
  passes: (guard: GuardName) => boolean = () => true,
): TransitionResult {
  const wanted = requirement ? requirement : null;
  const candidates = actionsFor(definition, unitType, state).filter(
    (r) => r.requirement === wanted || (wanted === null && r.requirement === null),
  );
  const open = candidates.filter((r) => r.guard === null || passes(r.guard));
  const [only] = open;
  if (open.length === 1 && only) return { ok: true, row: only };
  if (open.length > 1) return { ok: false, reason: 'AmbiguousTransition' };
  return { ok: false, reason: 'NoTransition' };
}

/** Adds working days (Monday to Friday) to a date; the time of day is kept. */
export function addWorkingDays(from: Date, days: number): Date {
  const d = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left--;
  }
  return d;
}

/** Whether a state entered at `since` is past its escalation deadline at `now`. */
export function isDelayed(escalation: EscalationRule | null, since: Date, now: Date): boolean {
  if (!escalation) return false;
  return now.getTime() > addWorkingDays(since, escalation.escalateAfterWorkingDays).getTime();
}

/** Whether a holder list names a member (by role keys and the internal flag). */
export function holdsByRoles(holders: string[], roleKeys: string[], isInternalMember: boolean): boolean {
  if (holders.includes(INTERNAL_HOLDER) && isInternalMember) return true;
  return roleKeys.some((r) => holders.includes(r));
}

/** States labelled as reviewer states (spec §4); all others are processor states. */
export const reviewerStates: string[] = [
  'ProvideFiles',
  'ReviewPreliminaryDrawings',
  'ReviewRevisedDrawings',
  'Finalized',
];
