import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Structure } from '../../../../shared/schemas/structure';
import { earliest, lotFixture, renderEdited, structureFixture } from '../test/structure-harness';
import { MaterialRow } from './material-row';
import { freeMaterialTypes } from './structure-rows';

const materialTypes = ['aac', 'lintel', 'cs'];

/** The material rows of lot `EG` of subproject `s1`, edited by the editor's reducer. */
function renderRows(initial: Structure, { readOnly = false, showProblems = false } = {}) {
  return renderEdited(initial, (s, dispatch) => {
    const lot = s.subProjects[0]?.approvalLots[0];
    if (!lot) return null;
    return lot.materials.map((m, i) => (
      <MaterialRow
        key={i}
        subId="s1"
        lotId={lot.id}
        lotName={lot.name}
        material={m}
        index={i}
        free={freeMaterialTypes(lot.materials, materialTypes)}
        earliest={earliest}
        materialTypes={materialTypes}
        readOnly={readOnly}
        showProblems={showProblems}
        dispatch={dispatch}
      />
    ));
  });
}

const materialsOf = (s: Structure) => s.subProjects[0]?.approvalLots[0]?.materials;

describe('MaterialRow', () => {
  it('offers its own type and the ones the lot has no row for, and switches the type', () => {
    const { edited } = renderRows(structureFixture([lotFixture('EG', ['aac', 'cs'])]));
    const [first] = screen.getAllByRole('combobox', { name: 'Material' });
    const options = within(first as HTMLElement).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Porenbeton', 'Stürze']);
    fireEvent.change(first as HTMLElement, { target: { value: 'lintel' } });
    expect(materialsOf(edited.current)?.map((m) => m.type)).toEqual(['lintel', 'cs']);
  });

  it("takes a volume in the user's decimal format, which confirms a volume from the model", () => {
    const lot = lotFixture('EG');
    const initial = structureFixture([
      { ...lot, materials: [{ type: 'aac', volume: 4, deliveryDate: earliest, fromModel: true }] },
    ]);
    const { edited } = renderRows(initial);
    expect(screen.getByText('aus Modell')).toBeTruthy();
    const volume = screen.getByRole('textbox', { name: 'Volumen Porenbeton in EG' });
    fireEvent.change(volume, { target: { value: '12,5' } });
    expect(materialsOf(edited.current)?.[0]).toMatchObject({ volume: 12.5, fromModel: false });
    expect(screen.queryByText('aus Modell')).toBeNull();
  });

  it("confirms the model's volume as it is", async () => {
    const lot = lotFixture('EG');
    const initial = structureFixture([
      { ...lot, materials: [{ type: 'aac', volume: 4, deliveryDate: earliest, fromModel: true }] },
    ]);
    const { edited } = renderRows(initial);
    await userEvent.click(screen.getByRole('button', { name: 'Volumen aus dem Modell übernehmen' }));
    expect(materialsOf(edited.current)?.[0]).toEqual({
      type: 'aac',
      volume: 4,
      deliveryDate: earliest,
      fromModel: false,
    });
  });

  it('removes its material, and marks a missing volume once problems are shown', async () => {
    const { edited } = renderRows(structureFixture([lotFixture('EG', ['aac', 'cs'], [0, 3])]), { showProblems: true });
    const volumes = screen.getAllByRole('textbox', { name: /^Volumen/ });
    expect(volumes.map((v) => v.getAttribute('aria-invalid'))).toEqual(['true', null]);
    await userEvent.click(screen.getAllByRole('button', { name: 'Material entfernen' })[0] as HTMLElement);
    expect(materialsOf(edited.current)?.map((m) => m.type)).toEqual(['cs']);
  });

  it('read-only: no remove button, the type cannot be changed', () => {
    renderRows(structureFixture([lotFixture('EG')]), { readOnly: true });
    expect(screen.queryByRole('button', { name: 'Material entfernen' })).toBeNull();
    expect((screen.getByRole('combobox', { name: 'Material' }) as HTMLSelectElement).disabled).toBe(true);
  });
});
