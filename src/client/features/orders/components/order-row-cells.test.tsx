import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { newDraft } from '../variants/shared-fields';
import type { OrderDraft } from '../variants/types';
import { InputCell, NumberCell, QuantityCell, SelectCell } from './order-row-cells';

const draft: OrderDraft = { ...newDraft(2, 0), sublotName: '', floorName: '', qty: '', storedProductNo: null };

function renderCells(cells: ReactNode) {
  return renderWithProviders(
    <Table>
      <Table.Tbody>
        <Table.Tr>{cells}</Table.Tr>
      </Table.Tbody>
    </Table>,
  );
}

describe('order row cells', () => {
  it("takes a row's quantity as a whole number from 1, named by the row's position", () => {
    let row = draft;
    function Quantity() {
      const [current, setCurrent] = useState(draft);
      row = current;
      return <QuantityCell row={current} onChange={(r, change) => setCurrent(change(r))} step={1} error />;
    }
    renderCells(<Quantity />);
    const input = screen.getByRole('spinbutton', { name: 'Anzahl 2' });
    expect([input.getAttribute('min'), input.getAttribute('step')]).toEqual(['1', '1']);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(input, { target: { value: '12' } });
    expect(row.qty).toBe('12');
  });

  it("hands an input's and a select's new value on, and shows what follows the input", () => {
    const values: string[] = [];
    renderCells(
      <>
        <InputCell value="" onValue={(v) => values.push(v)} aria-label="Länge" after={<span>mm</span>} />
        <SelectCell
          data={[
            { value: '', label: 'Bitte wählen' },
            { value: '7', label: 'PP2' },
          ]}
          value=""
          onValue={(v) => values.push(v)}
          aria-label="Artikel"
        />
        <NumberCell>1,5</NumberCell>
      </>,
    );
    fireEvent.change(screen.getByRole('textbox', { name: 'Länge' }), { target: { value: '2480' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Artikel' }), { target: { value: '7' } });
    expect(values).toEqual(['2480', '7']);
    expect(screen.getByText('mm')).toBeTruthy();
    expect(screen.getByText('1,5').style.textAlign).toBe('right');
  });
});
