import { describe, expect, it } from 'vitest';
import { stateKeys, type StateKey } from '../schemas/project-unit';
import {
  actionsFor,
  addWorkingDays,
  childTargetState,
  defaultWorkflow,
  guardNames,
  holdsByRoles,
  initialStates,
  isDelayed,
  resolveTransition,
  stateRule,
} from './workflow';

const terminal: StateKey[] = ['Closed', 'Archived'];
const unitTypes = [...new Set(defaultWorkflow.map((r) => r.unitType))];

function reachable(unitType: string): Set<string> {
  const seen = new Set<string>(initialStates[unitType] ?? []);
  const queue = [...seen];
  while (queue.length > 0) {
    const state = queue.shift()!;
    for (const r of actionsFor(defaultWorkflow, unitType, state)) {
      if (!seen.has(r.nextState)) {
        seen.add(r.nextState);
        queue.push(r.nextState);
      }
    }
  }
  return seen;
}

describe('default workflow definition', () => {
  it('reaches every state of §4 from the entry states of some unit type', () => {
    const all = new Set(unitTypes.flatMap((t) => [...reachable(t)]));
    for (const state of stateKeys) expect(all, state).toContain(state);
  });

  it('has no dead ends except Closed and Archived', () => {
    for (const type of unitTypes) {
      for (const state of reachable(type)) {
        if (terminal.includes(state as StateKey)) continue;
        expect(actionsFor(defaultWorkflow, type, state).length, `${type} ${state}`).toBeGreaterThan(0);
      }
    }
    expect(actionsFor(defaultWorkflow, 'project', 'Archived')).toEqual([]);
  });

  it('names only known guards and states, and gives every row holders', () => {
    for (const r of defaultWorkflow) {
      if (r.guard) expect(guardNames).toContain(r.guard);
      expect(stateKeys).toContain(r.state);
      expect(stateKeys).toContain(r.nextState);
      expect(r.holders.length).toBeGreaterThan(0);
    }
    const used = new Set(defaultWorkflow.map((r) => r.guard).filter(Boolean));
    for (const g of guardNames) expect(used, g).toContain(g);
  });

  it('is unambiguous: one row per state, requirement and guard', () => {
    const keys = defaultWorkflow.map((r) => `${r.unitType}|${r.state}|${r.requirement ?? ''}|${r.guard ?? ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('puts the actions of §4 on their states', () => {
    const action = (type: string, state: string, req: string | null = null) =>
      resolveTransition(defaultWorkflow, type, state, req, () => true);
    expect(action('project', 'Structuring')).toMatchObject({
      ok: true,
      row: { action: 'structuring-finished', nextState: 'Preparing', guard: 'structureValid' },
    });
    expect(action('project', 'Preparing')).toMatchObject({ ok: true, row: { nextState: 'PendingValidation' } });
    expect(action('project', 'PendingValidation')).toMatchObject({
      ok: true,
      row: { action: 'ready-for-contract', guard: 'productTypeAssignmentsExist' },
    });
    expect(action('approvallot', 'ProvideFiles')).toMatchObject({
      ok: true,
      row: { action: 'request-drawings', nextState: 'ReviewDrawings' },
    });
    expect(action('aacorderlot', 'PlaceOrder')).toMatchObject({
      ok: true,
      row: { action: 'place-order', guard: 'orderItemsComplete', nextState: 'Finalized' },
    });
    expect(action('drawingjob', 'CCLReadyForDrawing', 'drawing-job-not-ok')).toMatchObject({
      ok: true,
      row: { nextState: 'CCLNotReadyForDrawing' },
    });
    expect(action('drawingjob', 'CCLNotReadyForDrawing', 'drawing-job-ok')).toMatchObject({
      ok: true,
      row: { nextState: 'CCLReadyForDrawing' },
    });
    expect(action('drawingjob', 'CheckDataMissing')).toMatchObject({
      ok: true,
      row: { action: 'ccl-check-data', nextState: 'CCLNotReadyForDrawing' },
    });
  });
});

describe('resolveTransition', () => {
  it('selects by requirement: approve and request-revision', () => {
    expect(resolveTransition(defaultWorkflow, 'approvallot', 'ReviewPreliminaryDrawings', 'approve')).toMatchObject({
      ok: true,
      row: { nextState: 'Finalized' },
    });
    expect(
      resolveTransition(defaultWorkflow, 'approvallot', 'ReviewPreliminaryDrawings', 'request-revision'),
    ).toMatchObject({ ok: true, row: { nextState: 'ReviseDrawings' } });
    expect(resolveTransition(defaultWorkflow, 'approvallot', 'ReviewPreliminaryDrawings', null)).toEqual({
      ok: false,
      reason: 'NoTransition',
    });
  });

  it('uses guards: a BIM project goes to ReviewBIMFiles only with isBim', () => {
    const bim = (g: string) => g === 'bimProject';
    const plain = (g: string) => g === 'notBimProject';
    expect(resolveTransition(defaultWorkflow, 'project', 'PendingContract', 'isBim', bim)).toMatchObject({
      ok: true,
      row: { nextState: 'ReviewBIMFiles' },
    });
    expect(resolveTransition(defaultWorkflow, 'project', 'PendingContract', null, plain)).toMatchObject({
      ok: true,
      row: { nextState: 'ProvideFiles' },
    });
    expect(resolveTransition(defaultWorkflow, 'project', 'PendingContract', null, bim)).toEqual({
      ok: false,
      reason: 'NoTransition',
    });
    expect(resolveTransition(defaultWorkflow, 'project', 'PendingValidation', null, () => false)).toEqual({
      ok: false,
      reason: 'NoTransition',
    });
  });

  it('refuses states without rows and unknown requirements', () => {
    expect(resolveTransition(defaultWorkflow, 'project', 'Archived', null)).toEqual({
      ok: false,
      reason: 'NoTransition',
    });
    expect(resolveTransition(defaultWorkflow, 'project', 'Structuring', 'bogus')).toEqual({
      ok: false,
      reason: 'NoTransition',
    });
  });
});

describe('children, holders and escalation', () => {
  it('moves approval lots to ProvideFiles and order lots to PlaceOrder when the root leaves PendingContract', () => {
    expect(childTargetState('approvallot', 'PendingContract', 'ReviewBIMFiles')).toBe('ProvideFiles');
    expect(childTargetState('aacorderlot', 'PendingContract', 'ProvideFiles')).toBe('PlaceOrder');
    expect(childTargetState('lintelorderlot', 'PendingContract', 'ProvideFiles')).toBe('PlaceOrder');
    expect(childTargetState('subproject', 'Structuring', 'Preparing')).toBe('Preparing');
    expect(childTargetState('approvallot', 'ProvideFiles', 'Closed')).toBeNull();
  });

  it('computes holders of a state and matches members by role or internal flag', () => {
    expect(stateRule(defaultWorkflow, 'aacorderlot', 'PlaceOrder')?.holders).toEqual([
      'customer',
      'purchaser',
      'process planner',
    ]);
    // Administrative states (close, archive) open no task.
    expect(stateRule(defaultWorkflow, 'project', 'Closed')).toBeNull();
    expect(stateRule(defaultWorkflow, 'project', 'ProvideFiles')).toBeNull();
    expect(holdsByRoles(['reviewer'], ['reviewer', 'member'], false)).toBe(true);
    expect(holdsByRoles(['reviewer'], ['drafter'], true)).toBe(false);
    expect(holdsByRoles(['internal'], [], true)).toBe(true);
  });

  it('counts working days and marks late changes as delayed', () => {
    const friday = new Date('2026-11-20T09:00:00Z');
    expect(addWorkingDays(friday, 1).toISOString()).toBe('2026-11-23T09:00:00.000Z');
    expect(addWorkingDays(friday, 5).toISOString()).toBe('2026-11-27T09:00:00.000Z');
    const rule = { remindAfterWorkingDays: 3, escalateAfterWorkingDays: 7 };
    expect(isDelayed(rule, friday, new Date('2026-12-01T09:00:00Z'))).toBe(false);
    expect(isDelayed(rule, friday, new Date('2026-12-01T09:00:01Z'))).toBe(true);
    expect(isDelayed(null, friday, new Date('2030-01-01'))).toBe(false);
  });
});
