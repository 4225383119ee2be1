import { ModalsProvider } from '@mantine/modals';
import { useReducer, type Dispatch, type ReactNode } from 'react';
import type { Structure, StructureApprovalLot } from '../../../../shared/schemas/structure';
import { markOverlaysReady } from '../../../lib/overlays-ready';
import { renderWithProviders } from '../../../test/render';
import { structureReducer, type StructureAction } from '../components/structure-state';

export const earliest = '2026-12-14';

/** An approval lot with one row per material; `volumes` gives each its volume (0 if left out). */
export function lotFixture(id: string, types: string[] = ['aac'], volumes: number[] = []): StructureApprovalLot {
  return {
    id,
    name: id,
    materials: types.map((type, i) => ({ type, volume: volumes[i] ?? 0, deliveryDate: earliest })),
  };
}

/** One subproject `s1` with the given lots. */
export const structureFixture = (lots: StructureApprovalLot[], expanded = true): Structure => ({
  subProjects: [{ id: 's1', name: 'Haus A', expanded, approvalLots: lots }],
});

type Edited = { current: Structure };

/**
 * Renders the parts `ui` draws from a structure edited by the editor's own reducer (as the editor
 * does), with the app's dialog host; `edited.current` is the structure after the user's changes.
 */
export function renderEdited(initial: Structure, ui: (s: Structure, dispatch: Dispatch<StructureAction>) => ReactNode) {
  const edited: Edited = { current: initial };
  function Editor() {
    const [structure, dispatch] = useReducer(structureReducer, initial);
    edited.current = structure;
    return ui(structure, dispatch);
  }
  const view = renderWithProviders(
    <>
      <ModalsProvider />
      <Editor />
    </>,
  );
  markOverlaysReady();
  return { ...view, edited };
}

/** What a MoveHandle's drag start needs of the browser's data transfer. */
export const dragData = { dataTransfer: { setData: () => undefined, effectAllowed: 'none' } };
