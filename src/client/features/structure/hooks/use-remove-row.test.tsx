import { ModalsProvider } from '@mantine/modals';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StructureApprovalLot } from '../../../../shared/schemas/structure';
import { markOverlaysReady } from '../../../lib/overlays-ready';
import { renderHookWithProviders, renderWithProviders } from '../../../test/render';
import type { StructureAction } from '../components/structure-state';
import { lotFixture } from '../test/structure-harness';
import { useRemoveLot, useRemoveSubproject } from './use-remove-row';

/** The dialog host the app mounts after its first screen, and the hook's remove function. */
function setupLot(lot: StructureApprovalLot) {
  renderWithProviders(<ModalsProvider />);
  markOverlaysReady();
  const sent: StructureAction[] = [];
  const { result } = renderHookWithProviders(() => useRemoveLot('s1', lot, (a) => sent.push(a)));
  return { sent, remove: result.current };
}

/** The removal asks with `question`: cancelling keeps the row, confirming sends `action`. */
async function asksThenRemoves(
  { sent, remove }: { sent: StructureAction[]; remove: () => Promise<unknown> },
  question: string,
  action: StructureAction,
) {
  let done = remove();
  expect((await screen.findByRole('dialog')).textContent).toContain(question);
  await userEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
  await act(() => done);
  expect(sent).toEqual([]);

  done = remove();
  await screen.findByRole('dialog');
  await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
  await act(() => done);
  expect(sent).toEqual([action]);
}

describe('useRemoveLot', () => {
  it('removes a lot without volumes at once', async () => {
    const { sent, remove } = setupLot(lotFixture('EG', ['aac', 'cs']));
    await act(() => remove());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([{ type: 'removeLot', subId: 's1', lotId: 'EG' }]);
  });

  it('asks before removing a lot with a volume: no keeps it, yes removes it', async () => {
    await asksThenRemoves(setupLot(lotFixture('EG', ['aac', 'cs'], [0, 12.5])), '„EG“ enthält bereits Volumen.', {
      type: 'removeLot',
      subId: 's1',
      lotId: 'EG',
    });
  });

  it('names a lot without a name as such', async () => {
    const { remove } = setupLot({ ...lotFixture('EG', ['aac'], [3]), name: '' });
    void remove();
    expect((await screen.findByRole('dialog')).textContent).toContain('„(ohne Namen)“');
  });
});

describe('useRemoveSubproject', () => {
  function setupSub(name: string, lotCount: number) {
    renderWithProviders(<ModalsProvider />);
    markOverlaysReady();
    const sent: StructureAction[] = [];
    const { result } = renderHookWithProviders(() => useRemoveSubproject('s1', name, lotCount, (a) => sent.push(a)));
    return { sent, remove: result.current };
  }

  it('removes a subproject without lots at once', async () => {
    const { sent, remove } = setupSub('Haus A', 0);
    await act(() => remove());
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent).toEqual([{ type: 'removeSubproject', subId: 's1' }]);
  });

  it('asks before removing a subproject with its lots, naming how many: no keeps it, yes removes it', async () => {
    await asksThenRemoves(setupSub('Haus A', 2), '„Haus A“ mit seinen 2 Freigabelosen entfernen?', {
      type: 'removeSubproject',
      subId: 's1',
    });
  });
});
