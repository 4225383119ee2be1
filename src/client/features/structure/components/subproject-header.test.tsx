import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../../../../shared/schemas/structure';
import { lotFixture, renderEdited, structureFixture } from '../test/structure-harness';
import { SubprojectHeader } from './subproject-header';

type Options = { total?: number; readOnly?: boolean; showProblems?: boolean; duplicateName?: boolean };

/** The header of subproject `s1`, edited by the editor's reducer (the total is given, as the panel sums it). */
function renderHeader(
  initial: Structure,
  { total = 0, readOnly = false, showProblems = false, duplicateName = false }: Options = {},
) {
  return renderEdited(initial, (s, dispatch) => {
    const sub = s.subProjects[0];
    if (!sub) return <p>Keine Teilprojekte</p>;
    return (
      <SubprojectHeader
        subId={sub.id}
        subName={sub.name}
        lotCount={sub.approvalLots.length}
        total={total}
        expanded={sub.expanded ?? false}
        panelId="panel"
        readOnly={readOnly}
        showProblems={showProblems}
        duplicateName={duplicateName}
        dispatch={dispatch}
      />
    );
  });
}

describe('SubprojectHeader', () => {
  it('opens and closes the subproject, and tells the panel it controls', async () => {
    const { edited } = renderHeader(structureFixture([lotFixture('EG')], false));
    const toggle = screen.getByRole('button', { name: 'Haus A aufklappen' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(toggle.getAttribute('aria-controls')).toBe('panel');
    await userEvent.click(toggle);
    expect(edited.current.subProjects[0]?.expanded).toBe(true);
    expect(screen.getByRole('button', { name: 'Haus A zuklappen' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('renames the subproject; shows the count of lots and the total against the limit', () => {
    const { edited } = renderHeader(structureFixture([lotFixture('EG'), lotFixture('OG')]), { total: 120.5 });
    expect(screen.getByText('2 Freigabelose')).toBeTruthy();
    expect(screen.getByTestId('subproject-total').textContent).toBe('120,5 / 350 m³');
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: 'Name des Teilprojekts' }), {
      target: { value: 'Haus Nord' },
    });
    expect(edited.current.subProjects[0]?.name).toBe('Haus Nord');
  });

  it('warns of a total over the limit', () => {
    renderHeader(structureFixture([lotFixture('EG')]), { total: 351 });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Volumengrenze erreicht');
    expect(alert.textContent).toContain('derzeit 351 m³');
  });

  it('tells a missing name once problems are shown, and a repeated one', () => {
    const { unmount } = renderHeader(
      { subProjects: [{ id: 's1', name: ' ', approvalLots: [] }] },
      { showProblems: true },
    );
    expect(screen.getByText('Bitte einen Namen eingeben.')).toBeTruthy();
    unmount();
    renderHeader(structureFixture([]), { duplicateName: true });
    expect(
      screen.getByText('Ein Teilprojekt „Haus A“ gibt es bereits. Bitte wählen Sie einen anderen Namen.'),
    ).toBeTruthy();
  });

  it('removes the subproject with its lots once the user confirms', async () => {
    const { edited } = renderHeader(structureFixture([lotFixture('EG')]));
    await userEvent.click(screen.getByRole('button', { name: 'Teilprojekt Haus A entfernen' }));
    expect((await screen.findByRole('dialog')).textContent).toContain('„Haus A“ mit seinem Freigabelos entfernen?');
    await userEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    await waitFor(() => expect(edited.current.subProjects).toEqual([]));
  });

  it('read-only: no remove button, the name cannot be changed', () => {
    renderHeader(structureFixture([]), { readOnly: true });
    expect(screen.queryByRole('button', { name: 'Teilprojekt Haus A entfernen' })).toBeNull();
    expect((screen.getByRole('textbox', { name: 'Name des Teilprojekts' }) as HTMLInputElement).readOnly).toBe(true);
  });
});
