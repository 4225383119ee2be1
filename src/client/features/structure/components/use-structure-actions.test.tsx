import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Structure } from '../../../../shared/schemas/structure';
import { renderHookWithProviders } from '../../../test/render';
import { useStructureActions } from './use-structure-actions';

const rootId = 31;
const earliest = '2026-12-14';
const lot = (fromModel?: boolean) => ({
  id: 'l1',
  name: 'EG',
  materials: [{ type: 'aac', volume: 39.3, deliveryDate: earliest, ...(fromModel ? { fromModel } : {}) }],
});
const structureWith = (approvalLots: Structure['subProjects'][number]['approvalLots']): Structure => ({
  subProjects: [{ id: 's1', name: 'Haus A', approvalLots }],
});

function render(structure: Structure, onFinished = vi.fn()) {
  return renderHookWithProviders(() =>
    useStructureActions({ rootId, structure, earliest, materialTypes: ['aac'], onFinished }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('useStructureActions', () => {
  it('saves a valid structure as the draft', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({}), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const structure = structureWith([lot()]);
    const { result } = render(structure);
    act(() => result.current.onSave());
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`/api/data/portal/projects/${rootId}/structure-draft`);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ structure });
    expect(result.current.showProblems).toBe(false);
  });

  it('refuses before any call when a rule is broken, and shows the problems at their rows', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = render(structureWith([]));
    act(() => result.current.onSave());
    expect(result.current.showProblems).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks to confirm the model's volumes before finishing, and finishes once they are", async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ stateKey: 'Preparing' }), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const unconfirmed = render(structureWith([lot(true)]));
    act(() => unconfirmed.result.current.onFinish());
    expect(unconfirmed.result.current.showProblems).toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();

    const onFinished = vi.fn();
    const confirmed = render(structureWith([lot()]), onFinished);
    act(() => confirmed.result.current.onFinish());
    await waitFor(() => expect(onFinished).toHaveBeenCalled());
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe(`/api/tasks/create-project-structure/${rootId}`);
  });

  it('keeps its handlers across renders (the toolbar is not drawn again)', () => {
    const { result, rerender } = render(structureWith([lot()]));
    const { onSave, onFinish } = result.current;
    rerender();
    expect(result.current.onSave).toBe(onSave);
    expect(result.current.onFinish).toBe(onFinish);
  });
});
