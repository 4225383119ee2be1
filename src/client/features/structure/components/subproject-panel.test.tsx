import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../../../../shared/schemas/structure';
import { dragData, earliest, lotFixture, renderEdited } from '../test/structure-harness';
import { SubprojectPanel } from './subproject-panel';

/** Every subproject of the structure as the editor shows them, edited by its reducer. */
function renderPanels(initial: Structure) {
  return renderEdited(initial, (s, dispatch) =>
    s.subProjects.map((sub, index) => (
      <SubprojectPanel
        key={sub.id}
        sub={sub}
        index={index}
        earliest={earliest}
        materialTypes={['aac']}
        readOnly={false}
        showProblems={false}
        duplicateName={false}
        deferRows={false}
        modelChanges={new Map()}
        dispatch={dispatch}
      />
    )),
  );
}

const structure: Structure = {
  subProjects: [
    { id: 'a', name: 'Haus A', approvalLots: [lotFixture('EG', ['aac'], [100.25]), lotFixture('OG', ['aac'], [20])] },
    { id: 'b', name: 'Haus B', approvalLots: [] },
  ],
};

describe('SubprojectPanel', () => {
  it("shows the subproject's total, and its lots only once opened", async () => {
    renderPanels(structure);
    const [first] = screen.getAllByTestId('subproject');
    expect(within(first as HTMLElement).getByTestId('subproject-total').textContent).toBe('120,25 / 350 m³');
    expect(screen.queryAllByTestId('approval-lot')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Haus A aufklappen' }));
    expect(screen.getAllByTestId('approval-lot').map((l) => l.getAttribute('data-lot-name'))).toEqual(['EG', 'OG']);
  });

  it('takes a subproject dragged onto it to its place', () => {
    const { edited } = renderPanels(structure);
    const handle = screen.getByRole('button', { name: 'Teilprojekt Haus B verschieben' });
    fireEvent.dragStart(handle, dragData);
    fireEvent.drop(screen.getAllByTestId('subproject')[0] as HTMLElement);
    fireEvent.dragEnd(handle);
    expect(edited.current.subProjects.map((s) => s.id)).toEqual(['b', 'a']);
    expect(screen.getAllByTestId('subproject').map((s) => s.getAttribute('data-subproject-name'))).toEqual([
      'Haus B',
      'Haus A',
    ]);
  });
});
