import { Table } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { LintelProduct } from '../../../../shared/rules/lintel';
import { renderWithProviders } from '../../../test/render';
import { newDraft } from '../variants/shared-fields';
import type { LintelDraft } from './lintel-draft';
import { HeightCell } from './lintel-height-cell';

const product = (productNo: number, height: number): LintelProduct => ({
  productNo,
  title: `Sturz ${height}`,
  itemNo: `S-${height}`,
  lintelType: 'standard',
  thickness: 115,
  length: 1250,
  height,
  piecesPerPallet: 40,
  active: true,
});
const products = [product(1, 124), product(2, 249)];

const draft: LintelDraft = {
  ...newDraft(1, 0),
  sublotName: '',
  floorName: '',
  qty: '',
  storedProductNo: null,
  thickness: 115,
  length: 1250,
  height: null,
  heightText: '',
  product: null,
  hasCut: false,
  lintelType: null,
};

function renderHeight(initial: LintelDraft, heights: number[]) {
  const state = { row: initial };
  function Harness() {
    const [row, setRow] = useState(initial);
    state.row = row;
    return (
      <Table>
        <Table.Tbody>
          <Table.Tr>
            <HeightCell row={row} products={products} heights={heights} onChange={(r, change) => setRow(change(r))} />
          </Table.Tr>
        </Table.Tbody>
      </Table>
    );
  }
  renderWithProviders(<Harness />);
  return state;
}

describe('HeightCell', () => {
  it("offers the catalogue's heights and picks the product a typed height needs, marking the cut", () => {
    const state = renderHeight(draft, [124, 249]);
    const input = screen.getByLabelText('Höhe (mm) 1');
    const list = document.getElementById(input.getAttribute('list') ?? '');
    expect([...(list?.querySelectorAll('option') ?? [])].map((o) => o.getAttribute('value'))).toEqual(['124', '249']);
    fireEvent.change(input, { target: { value: '200' } });
    expect(state.row).toMatchObject({ heightText: '200', height: 200, product: products[1], hasCut: true });
    expect(screen.getByText('✂')).toBeTruthy();
    fireEvent.change(input, { target: { value: '249' } });
    expect(state.row).toMatchObject({ heightText: '249', height: 249, product: products[1], hasCut: false });
    expect(screen.queryByText('✂')).toBeNull();
  });

  it('waits for a length and offers no list without heights', () => {
    renderHeight({ ...draft, length: null }, []);
    const input = screen.getByRole('spinbutton', { name: 'Höhe (mm) 1' });
    expect(input.hasAttribute('disabled')).toBe(true);
    expect(input.hasAttribute('list')).toBe(false);
    expect(document.querySelector('datalist')).toBeNull();
  });
});
