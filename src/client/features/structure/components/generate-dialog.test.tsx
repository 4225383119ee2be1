import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { clearIfcRun, useIfcRun } from '../api/ifc-run';
import { queryKeys } from '../../../lib/query-keys';
import { GenerateDialog } from './generate-dialog';

const rootId = 41;
const model = { projectFileID: 7, name: 'AC20-FZK-Haus.ifc', size: 2_500_000, createdOn: '2026-11-28T10:00:00Z' };

/** The server's progress stream, held open after `phases` until `finish` is called. */
function progressStream(phases: string[]) {
  let finish: () => void = () => {};
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const phase of phases) controller.enqueue(encoder.encode(`${JSON.stringify({ phase })}\n`));
      finish = () => {
        const structure = { subProjects: [{ title: 'FZK-Haus', approvalLots: [{ title: 'EG', wallVolume: 39.3 }] }] };
        controller.enqueue(encoder.encode(`${JSON.stringify({ structure })}\n`));
        controller.close();
      };
    },
  });
  return {
    response: new Response(body, { headers: { 'content-type': 'application/x-ndjson' } }),
    finish: () => finish(),
  };
}

function RunState() {
  const run = useIfcRun(rootId);
  return (
    <output data-testid="run">{run ? `${run.status}:${run.structure?.subProjects[0]?.title ?? ''}` : 'none'}</output>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  clearIfcRun(rootId);
});

describe('GenerateDialog', () => {
  it('shows each step of reading the model, and may be closed while the reading goes on', async () => {
    const stream = progressStream(['reading', 'storeys', 'walls']);
    const fetchMock = vi.fn(async () => stream.response);
    vi.stubGlobal('fetch', fetchMock);
    const onClose = vi.fn();
    renderWithProviders(
      <>
        <GenerateDialog opened rootId={rootId} hasStructure={false} onClose={onClose} />
        <RunState />
      </>,
      { queryClient: seededQueryClient([[queryKeys.structure.ifcFiles(rootId), [model]]]) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Erzeugen' }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/file/${rootId}/7/ifcstructure/progress`, expect.anything());

    const steps = await screen.findByTestId('generate-steps');
    await waitFor(() => expect(steps.querySelector('[data-step="walls"] .mantine-Loader-root')).not.toBeNull());
    expect(steps.querySelector('[data-step="reading"]')?.hasAttribute('data-done')).toBe(true);
    expect(steps.querySelector('[data-step="storeys"]')?.hasAttribute('data-done')).toBe(true);
    expect(steps.querySelector('[data-step="volumes"]')?.hasAttribute('data-done')).toBe(false);
    expect(steps.textContent).toContain('Wände');
    expect(screen.getByRole('button', { name: 'Erzeugen' })).toHaveProperty('disabled', true);

    // "Go on working" closes the dialog; the reading is not stopped and ends with the structure.
    await userEvent.click(screen.getByRole('button', { name: 'Weiterarbeiten' }));
    expect(onClose).toHaveBeenCalled();
    expect(screen.getByTestId('run').textContent).toBe('running:');
    stream.finish();
    await waitFor(() => expect(screen.getByTestId('run').textContent).toBe('done:FZK-Haus'));
  });
});
