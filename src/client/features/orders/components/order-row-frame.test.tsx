import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRow } from '../test/row-harness';
import type { OrderDraft } from '../variants/types';
import { NumberCell } from './order-row-cells';
import { OrderRowFrame } from './order-row-frame';

const saved: OrderDraft = {
  key: 'id-9',
  id: 9,
  version: 1,
  itemIndex: 3,
  sublotName: 'Küche',
  floorName: 'EG',
  qty: '4',
  storedProductNo: 1,
  isDirty: false,
  isNew: false,
};

type Options = { editable?: boolean; problems?: string[]; color?: string; markDirty?: boolean; saving?: boolean };

/** A frame around one draft with a figure cell of its material. */
function renderFrame(initial: OrderDraft, { editable = true, problems = [], saving = false, ...rest }: Options = {}) {
  return renderRow(initial, (handlers) => (
    <OrderRowFrame testId="test-row" editable={editable} problems={problems} saving={saving} {...rest} {...handlers}>
      <NumberCell>42</NumberCell>
    </OrderRowFrame>
  ));
}

const cells = () => [...screen.getByTestId('test-row').querySelectorAll('td')];

describe('OrderRowFrame', () => {
  it('shows a read-only row as text: position, room, storey, then the material cells', () => {
    renderFrame(saved, { editable: false, color: 'rgb(1, 2, 3)' });
    expect(cells().map((c) => c.textContent)).toEqual(['3', 'Küche', 'EG', '42']);
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByTestId('test-row').style.backgroundColor).toBe('rgb(1, 2, 3)');
  });

  it("edits the room and the storey, named by the row's position", async () => {
    const calls = renderFrame(saved);
    const room = screen.getByRole('textbox', { name: 'Raum 3' });
    expect(room.getAttribute('maxlength')).toBe('100');
    await userEvent.clear(room);
    await userEvent.type(room, 'Bad');
    fireEvent.change(screen.getByRole('textbox', { name: 'Geschoss 3' }), { target: { value: 'OG' } });
    expect(calls.row).toMatchObject({ sublotName: 'Bad', floorName: 'OG' });
  });

  it('deletes a clean saved row', async () => {
    const calls = renderFrame(saved);
    await userEvent.click(screen.getByRole('button', { name: 'Position löschen 3' }));
    expect(calls.deleted).toEqual([saved]);
  });

  it('saves a changed valid row by its button and by Enter, and marks it changed when asked', async () => {
    const calls = renderFrame({ ...saved, isDirty: true }, { markDirty: true });
    expect(screen.getByTestId('test-row').getAttribute('data-dirty')).toBe('true');
    await userEvent.click(screen.getByRole('button', { name: 'Position speichern 3' }));
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Raum 3' }), { key: 'Enter' });
    expect(calls.saved).toHaveLength(2);
  });

  it('does not save by Enter while a save runs, and marks no change unless asked', () => {
    const calls = renderFrame({ ...saved, isDirty: true }, { saving: true });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Raum 3' }), { key: 'Enter' });
    expect(calls.saved).toEqual([]);
    expect(screen.getByTestId('test-row').hasAttribute('data-dirty')).toBe(false);
  });

  it("marks a changed invalid row, names its problems and does not save it, over the row's colour", () => {
    const calls = renderFrame({ ...saved, isDirty: true }, { problems: ['qtyRequired'], color: 'rgb(1, 2, 3)' });
    const row = screen.getByTestId('test-row');
    expect(row.getAttribute('data-invalid')).toBe('true');
    expect(row.style.backgroundColor).toBe('var(--mantine-color-red-1)');
    expect(within(row).getByTestId('row-problems').getAttribute('aria-label')).toBe('Bitte eine Anzahl eingeben.');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Raum 3' }), { key: 'Enter' });
    expect(calls.saved).toEqual([]);
  });

  it('never marks the untouched blank row invalid', () => {
    renderFrame({ ...saved, id: null, isNew: true, isDirty: true, isBlank: true }, { problems: ['qtyRequired'] });
    expect(screen.getByTestId('test-row').hasAttribute('data-invalid')).toBe(false);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
