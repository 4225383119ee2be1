import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders, seededQueryClient } from '../../../test/render';
import { clearIfcRun, startIfcRun, useIfcRun } from '../api/ifc-run';
import { queryKeys } from '../../../lib/query-keys';
import { useModelGeneration } from './use-model-generation';

const rootId = 53;
const read = { subProjects: [{ title: 'FZK-Haus', approvalLots: [{ title: 'Erdgeschoss', wallVolume: 39.3 }] }] };

/** The server's progress stream: one step, then the structure. */
const streamed = () =>
  new Response(`${JSON.stringify({ phase: 'reading' })}\n${JSON.stringify({ structure: read })}\n`, {
    headers: { 'content-type': 'application/x-ndjson' },
  });

afterEach(() => {
  vi.unstubAllGlobals();
  clearIfcRun(rootId);
});

describe('useModelGeneration', () => {
  it("takes the model's structure into the editor when the reading is done, and closes the dialog", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed()),
    );
    const dispatch = vi.fn();
    const queryClient = seededQueryClient([
      [queryKeys.structure.modelChanges(rootId), { model: null, since: null, storeys: [] }],
    ]);
    const { result } = renderHookWithProviders(
      () => ({
        generation: useModelGeneration({
          rootId,
          readOnly: false,
          earliest: '2026-12-14',
          materialType: 'aac',
          dispatch,
        }),
        run: useIfcRun(rootId),
      }),
      { queryClient },
    );
    act(() => result.current.generation.openGenerate());
    expect(result.current.generation.generating).toBe(true);
    act(() => startIfcRun(rootId, 7, { mode: 'merge', withVolumes: true }, () => undefined));

    await waitFor(() => expect(dispatch).toHaveBeenCalledTimes(1));
    const action = dispatch.mock.calls[0]?.[0];
    expect(action.type).toBe('merge');
    expect(action.structure.subProjects[0].name).toBe('FZK-Haus');
    expect(action.structure.subProjects[0].approvalLots[0]).toMatchObject({
      name: 'Erdgeschoss',
      materials: [{ type: 'aac', volume: 39.3, fromModel: true }],
    });
    expect(result.current.generation.generating).toBe(false);
    // The reading is taken once; the marks of the model's changes are asked for again.
    expect(result.current.run).toBeUndefined();
    expect(queryClient.getQueryState(queryKeys.structure.modelChanges(rootId))?.isInvalidated).toBe(true);
  });

  it('leaves a finished reading for later while the editor is read-only', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => streamed()),
    );
    const dispatch = vi.fn();
    const { result } = renderHookWithProviders(() => ({
      generation: useModelGeneration({ rootId, readOnly: true, earliest: '2026-12-14', materialType: 'aac', dispatch }),
      run: useIfcRun(rootId),
    }));
    act(() => startIfcRun(rootId, 7, { mode: 'replace', withVolumes: false }, () => undefined));
    await waitFor(() => expect(result.current.run?.status).toBe('done'));
    expect(dispatch).not.toHaveBeenCalled();
  });
});
