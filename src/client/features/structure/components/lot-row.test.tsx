import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Structure, StructureApprovalLot } from '../../../../shared/schemas/structure';
import { dragData, earliest, lotFixture, renderEdited, structureFixture } from '../test/structure-harness';
import { LotRow } from './lot-row';

const materialTypes = ['aac', 'cs'];

/** The lots of subproject `s1` as the editor shows them, edited by its reducer. */
function renderLots(lots: StructureApprovalLot[], { readOnly = false, duplicate = '' } = {}) {
  return renderEdited(structureFixture(lots), (s, dispatch) =>
    s.subProjects[0]?.approvalLots.map((lot, i) => (
      <LotRow
        key={lot.id}
        subId="s1"
        lot={lot}
        index={i}
        earliest={earliest}
        materialTypes={materialTypes}
        readOnly={readOnly}
        showProblems={false}
        duplicate={lot.id === duplicate}
        dispatch={dispatch}
      />
    )),
  );
}

const lotsOf = (s: Structure) => s.subProjects[0]?.approvalLots ?? [];

describe('LotRow', () => {
  it('renames the lot, and tells a name the subproject has already', () => {
    const { edited } = renderLots([lotFixture('EG'), lotFixture('OG')], { duplicate: 'OG' });
    expect(
      screen.getByText('Das Teilprojekt hat bereits ein Freigabelos „OG“. Bitte wählen Sie einen anderen Namen.'),
    ).toBeTruthy();
    const [name] = screen.getAllByRole('textbox', { name: 'Freigabelos' });
    fireEvent.change(name as HTMLElement, { target: { value: 'Erdgeschoss' } });
    expect(lotsOf(edited.current).map((l) => l.name)).toEqual(['Erdgeschoss', 'OG']);
  });

  it('adds a material of the first type it has no row for, from the earliest date; none once all are there', async () => {
    const { edited } = renderLots([lotFixture('EG', ['aac'])]);
    await userEvent.click(screen.getByRole('button', { name: 'Material hinzufügen' }));
    expect(lotsOf(edited.current)[0]?.materials[1]).toEqual({ type: 'cs', volume: 0, deliveryDate: earliest });
    expect(screen.getAllByTestId('material-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Material hinzufügen' })).toBeNull();
  });

  it('removes an empty lot without asking', async () => {
    const { edited } = renderLots([lotFixture('EG'), lotFixture('OG')]);
    await userEvent.click(screen.getByRole('button', { name: 'Freigabelos EG entfernen' }));
    expect(lotsOf(edited.current).map((l) => l.id)).toEqual(['OG']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('removes a lot with a volume once the user confirms', async () => {
    const { edited } = renderLots([lotFixture('EG', ['aac'], [20])]);
    await userEvent.click(screen.getByRole('button', { name: 'Freigabelos EG entfernen' }));
    await screen.findByRole('dialog');
    expect(lotsOf(edited.current)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(lotsOf(edited.current)).toEqual([]));
  });

  it('takes a lot dragged onto another one to its place; the handle moves it by keys too', () => {
    const { edited } = renderLots([lotFixture('EG'), lotFixture('OG'), lotFixture('DG')]);
    const handle = screen.getByRole('button', { name: 'Freigabelos DG verschieben' });
    fireEvent.dragStart(handle, dragData);
    fireEvent.drop(screen.getAllByTestId('approval-lot')[0] as HTMLElement);
    fireEvent.dragEnd(handle);
    expect(lotsOf(edited.current).map((l) => l.id)).toEqual(['DG', 'EG', 'OG']);

    fireEvent.keyDown(screen.getByRole('button', { name: 'Freigabelos DG verschieben' }), { key: 'ArrowDown' });
    expect(lotsOf(edited.current).map((l) => l.id)).toEqual(['EG', 'DG', 'OG']);
  });

  it('read-only: neither remove nor add', () => {
    renderLots([lotFixture('EG')], { readOnly: true });
    expect(screen.queryByRole('button', { name: 'Freigabelos EG entfernen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Material hinzufügen' })).toBeNull();
  });
});
