import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StructureDraftResponse } from '../../../../shared/schemas/structure';
import { renderHookWithProviders } from '../../../test/render';
import { useEditedStructure } from './use-edited-structure';
import { localDraftKey } from './use-local-draft';

const rootId = 77;
const server = {
  subProjects: [{ id: 's1', name: 'Haus A', approvalLots: [] }],
};
const draft = (canEdit = true): StructureDraftResponse => ({
  structure: server,
  savedOn: null,
  savedByName: null,
  earliestDeliveryDate: '2026-12-14',
  preliminaryDays: 12,
  materialTypes: ['aac'],
  stateKey: 'Structuring',
  canEdit,
});
const storeLocal = (name: string) =>
  localStorage.setItem(
    localDraftKey(rootId),
    JSON.stringify({
      structure: { subProjects: [{ id: 's2', name, approvalLots: [] }] },
      savedAt: '2026-11-28T09:00:00Z',
      tab: 'other',
    }),
  );

afterEach(() => localStorage.clear());

describe('useEditedStructure', () => {
  it("starts from the server's draft and writes only the user's changes to the local draft", async () => {
    const { result } = renderHookWithProviders(() => useEditedStructure(rootId, draft()));
    expect(result.current.structure).toEqual(server);
    expect(result.current.offered).toBeNull();
    expect(result.current.readOnly).toBe(false);
    await new Promise((r) => setTimeout(r, 300));
    expect(localStorage.getItem(localDraftKey(rootId))).toBeNull();

    act(() => result.current.dispatch({ type: 'renameSubproject', subId: 's1', name: 'Haus Nord' }));
    await waitFor(() => expect(localStorage.getItem(localDraftKey(rootId))).toContain('Haus Nord'));
  });

  it('offers a differing local draft back, read-only until answered; continuing takes it', () => {
    storeLocal('Haus Süd');
    const { result } = renderHookWithProviders(() => useEditedStructure(rootId, draft()));
    expect(result.current.offered?.savedAt).toBe('2026-11-28T09:00:00Z');
    expect(result.current.readOnly).toBe(true);
    act(() => result.current.takeOffer());
    expect(result.current.offered).toBeNull();
    expect(result.current.readOnly).toBe(false);
    expect(result.current.structure.subProjects[0]?.name).toBe('Haus Süd');
  });

  it("discarding the offer keeps the server's draft and removes the local one", () => {
    storeLocal('Haus Süd');
    const { result } = renderHookWithProviders(() => useEditedStructure(rootId, draft()));
    act(() => result.current.discardOffer());
    expect(result.current.structure).toEqual(server);
    expect(localStorage.getItem(localDraftKey(rootId))).toBeNull();
  });

  it('is read-only for someone who may not edit, and writes nothing', async () => {
    const { result } = renderHookWithProviders(() => useEditedStructure(rootId, draft(false)));
    expect(result.current.readOnly).toBe(true);
    act(() => result.current.dispatch({ type: 'renameSubproject', subId: 's1', name: 'Haus Nord' }));
    await new Promise((r) => setTimeout(r, 300));
    expect(localStorage.getItem(localDraftKey(rootId))).toBeNull();
  });
});
