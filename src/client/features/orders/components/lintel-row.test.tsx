import { fireEvent, screen } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { LintelProduct } from '../../../../shared/rules/lintel';
import { renderRow } from '../test/row-harness';
import { lintelOrderVariant } from '../variants/lintel';
import type { LintelDraft } from './lintel-draft';
import { LintelRow } from './lintel-row';

const lintel = (productNo: number, thickness: number, height: number): LintelProduct => ({
  productNo,
  title: `Sturz ${thickness}/${height}`,
  itemNo: `S-${thickness}-${height}`,
  lintelType: 'standard',
  thickness,
  length: 1250,
  height,
  piecesPerPallet: 40,
  active: true,
});
const products = [lintel(1, 115, 124), lintel(2, 115, 249), lintel(3, 175, 124)];
const catalogue = lintelOrderVariant.catalogue(products, (key) => i18next.t(key));

const cellTexts = () => [...screen.getByTestId('lintel-row').querySelectorAll('td')].map((c) => c.textContent);
const optionsOf = (name: string) =>
  [...(screen.getByRole('combobox', { name }) as HTMLSelectElement).options].map((o) => o.textContent);

describe('LintelRow', () => {
  it('narrows lengths by thickness and heights by length, picks the article for a height, marks a cut, and saves', () => {
    const calls = renderRow(lintelOrderVariant.newRow([]), (h) => (
      <LintelRow catalogue={catalogue} editable saving={false} {...h} />
    ));
    expect(optionsOf('Dicke (mm) 1')).toEqual(['Bitte wählen', '115', '175']);
    expect(screen.getByRole('combobox', { name: 'Länge (mm) 1' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Dicke (mm) 1' }), { target: { value: '115' } });
    expect(optionsOf('Länge (mm) 1')).toEqual(['Bitte wählen', '1250']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Länge (mm) 1' }), { target: { value: '1250' } });
    fireEvent.change(screen.getByLabelText('Höhe (mm) 1'), { target: { value: '200' } });
    expect(optionsOf('Artikel 1')).toEqual(['Bitte wählen', 'S-115-249 · Sturz 115/249']);
    expect(cellTexts()[7]).toBe('Standardsturz gekürzt');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Anzahl 1' }), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Position speichern 1' }));
    expect(calls.saved.map((r) => lintelOrderVariant.toFields(r, catalogue))).toEqual([
      { sublotName: null, floorName: null, thickness: 115, length: 1250, height: 200, productNo: 2, qty: 2 },
    ]);
  });

  it('empties the height when the thickness changes', () => {
    const calls = renderRow<LintelDraft>(
      { ...lintelOrderVariant.newRow([]), thickness: 115, length: 1250, heightText: '124' },
      (h) => <LintelRow catalogue={catalogue} editable saving={false} {...h} />,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Dicke (mm) 1' }), { target: { value: '175' } });
    expect(calls.row).toMatchObject({ thickness: 175, heightText: '' });
  });

  it('shows a read-only row as text with the cut marked at the height', () => {
    const row: LintelDraft = {
      ...lintelOrderVariant.newRow([]),
      thickness: 115,
      length: 1250,
      height: 200,
      qty: '2',
      product: products[1] ?? null,
      hasCut: true,
      lintelType: 'standard',
    };
    renderRow(row, (h) => <LintelRow catalogue={catalogue} editable={false} saving={false} {...h} />);
    expect(cellTexts()).toEqual(['1', '', '', '115', '1250', '200 gekürzt', 'Sturz 115/249', 'Standardsturz', '2']);
  });
});
