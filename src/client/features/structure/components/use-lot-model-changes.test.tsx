import { describe, expect, it } from 'vitest';
import { renderHookWithProviders, seededQueryClient } from '../../../test/render';
import { queryKeys } from '../../../lib/query-keys';
import { useLotModelChanges } from './use-lot-model-changes';

const rootId = 12;
const wall = { globalId: '2XPyKWY018sA1ygZKgQPtU', name: 'Wand-Int-ERDG-4' };

const run = (data: unknown) =>
  renderHookWithProviders(() => useLotModelChanges(rootId), {
    queryClient: seededQueryClient([[queryKeys.structure.modelChanges(rootId), data]]),
  }).result.current;

describe('useLotModelChanges', () => {
  it("gives each storey's changed walls to the lots of that name, with the count over all", () => {
    const result = run({
      model: 'AC20-FZK-Haus.ifc',
      since: 1,
      storeys: [
        { name: 'Erdgeschoss', walls: [wall] },
        { name: 'Dachgeschoss', walls: [wall, { ...wall, globalId: '3', name: 'Wand-Ext-DG-1' }] },
      ],
    });
    expect(result.changes).toEqual({ model: 'AC20-FZK-Haus.ifc', since: 1, count: 3 });
    expect(result.byLotName.get('erdgeschoss')).toEqual({ since: 1, walls: [wall] });
    expect(result.byLotName.get('dachgeschoss')?.walls).toHaveLength(2);
    expect(result.byLotName.has('eg')).toBe(false);
  });

  it('marks nothing for a first version or without a model', () => {
    for (const data of [
      { model: 'AC20-FZK-Haus.ifc', since: null, storeys: [] },
      { model: null, since: null, storeys: [] },
    ]) {
      const result = run(data);
      expect(result.changes).toBeNull();
      expect(result.byLotName.size).toBe(0);
    }
  });
});
