import { describe, expect, it } from 'vitest';
import { guardNames, type GuardName } from '../../../shared/rules/workflow';
import { createWorkflowEngine } from './engine';
import type { Guard, GuardContext } from './guards';

/** A guard record where the named guards pass and every other one fails. */
function guardsPassing(...passing: GuardName[]): Record<GuardName, Guard> {
  const guards: Partial<Record<GuardName, Guard>> = {};
  for (const name of guardNames) guards[name] = async () => passing.includes(name);
  return guards as Record<GuardName, Guard>;
}

// The guards here never read their context.
const noContext = {} as GuardContext;

describe('createWorkflowEngine', () => {
  it('evaluates the guards it was built with: each name once, only the passing ones', async () => {
    const engine = createWorkflowEngine({ guards: guardsPassing('bimProject', 'unitHasFiles'), effects: [] });
    const passed = await engine.evaluateGuards(
      ['bimProject', 'notBimProject', null, 'bimProject', 'unitHasFiles'],
      noContext,
    );
    expect([...passed].sort()).toEqual(['bimProject', 'unitHasFiles']);
  });

  it('fails at start when a guard of the definition has no function', () => {
    const { unitHasFiles: _left, ...withoutOne } = guardsPassing();
    expect(() => createWorkflowEngine({ guards: withoutOne as Record<GuardName, Guard>, effects: [] })).toThrow(
      'workflow guard without a function: unitHasFiles',
    );
  });

  it('fails at start when a function is given for a guard the definition does not know', () => {
    const guards = { ...guardsPassing(), ordersPaid: async () => true } as Record<GuardName, Guard>;
    expect(() => createWorkflowEngine({ guards, effects: [] })).toThrow('unknown workflow guards: ordersPaid');
  });
});
