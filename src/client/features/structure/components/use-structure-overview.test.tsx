import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../../../../shared/schemas/structure';
import { DEFER_ROWS_FROM, useStructureOverview } from './use-structure-overview';

const lot = (id: string, volume: number) => ({
  id,
  name: id,
  materials: [{ type: 'aac', volume, deliveryDate: '2026-12-14' }],
});

describe('useStructureOverview', () => {
  it('marks a subproject named like one before it (case and spaces aside), not the first', () => {
    const structure: Structure = {
      subProjects: [
        { id: 'a', name: 'Haus Nord', approvalLots: [lot('EG', 120)] },
        { id: 'b', name: ' haus nord ', approvalLots: [lot('OG', 100)] },
        { id: 'c', name: '', approvalLots: [] },
        { id: 'd', name: '', approvalLots: [] },
      ],
    };
    const { result } = renderHook(() => useStructureOverview(structure));
    expect([...result.current.duplicateSubs]).toEqual(['b']);
    expect(result.current.totals.total).toBe(220);
    expect(result.current.overLimit).toBe(false);
    expect(result.current.deferRows).toBe(false);
  });

  it('tells a subproject over the volume limit, and defers rows in a large structure', () => {
    const many = Array.from({ length: DEFER_ROWS_FROM + 1 }, (_, i) => lot(`L${i}`, 1));
    const structure: Structure = {
      subProjects: [
        { id: 'a', name: 'Haus Nord', approvalLots: [lot('EG', 300), lot('OG', 100)] },
        { id: 'b', name: 'Haus Süd', approvalLots: many },
      ],
    };
    const { result } = renderHook(() => useStructureOverview(structure));
    expect(result.current.overLimit).toBe(true);
    expect(result.current.deferRows).toBe(true);
  });
});
