import { fireEvent, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { AacProduct } from '../../../../shared/rules/aac';
import type { AacOrderItem } from '../../../../shared/schemas/orders';
import { aacProduct } from '../test/products';
import { renderRow } from '../test/row-harness';
import { aacOrderVariant } from '../variants/aac';
import { AacRow } from './aac-row';

const pp2 = aacProduct;
const retired: AacProduct = { ...pp2, productNo: 2, title: 'Alt', articleNo: 'PE-100', active: false };
const catalogue = aacOrderVariant.catalogue([pp2], (key) => i18next.t(key));

const item: AacOrderItem = {
  aacOrderLotItemID: 5,
  projectUnitID: 1,
  itemIndex: 2,
  sublotName: 'Bad',
  floorName: 'OG',
  productNo: 2,
  product: retired,
  itemLength: 2.48,
  qty: 3,
  thickness: 0.24,
  width: 0.625,
  length: 2.48,
  pallets: 0.74,
  version: 1,
};

const cellTexts = () => [...screen.getByTestId('aac-row').querySelectorAll('td')].map((c) => c.textContent);

describe('AacRow', () => {
  it("takes an article, a length on the 20 mm grid and a quantity, shows the article's sizes and pallets, and saves", () => {
    const calls = renderRow(aacOrderVariant.newRow([]), (h) => (
      <AacRow catalogue={catalogue} editable saving={false} {...h} />
    ));
    fireEvent.change(screen.getByRole('combobox', { name: 'Artikel 1' }), { target: { value: '1' } });
    expect(cellTexts().slice(4, 6)).toEqual(['240', '625']);
    const length = screen.getByRole('spinbutton', { name: 'Länge (mm) 1' });
    fireEvent.change(length, { target: { value: '2490' } });
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Anzahl 1' }), { target: { value: '4' } });
    expect(length.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('row-problems').getAttribute('aria-label')).toBe(
      'Die Länge muss ein Vielfaches von 20 mm sein.',
    );
    fireEvent.change(length, { target: { value: '2480' } });
    expect(cellTexts()[8]).toBe('0,99');
    fireEvent.click(screen.getByRole('button', { name: 'Position speichern 1' }));
    expect(calls.saved.map((r) => aacOrderVariant.toFields(r, catalogue))).toEqual([
      { sublotName: null, floorName: null, productNo: 1, itemLength: 2.48, qty: 4 },
    ]);
  });

  it('keeps a stored article that is no longer offered visible, but not pickable', () => {
    renderRow(aacOrderVariant.toDraft(item), (h) => <AacRow catalogue={catalogue} editable saving={false} {...h} />);
    const select = screen.getByRole('combobox', { name: 'Artikel 2' });
    const option = within(select).getByRole('option', { name: 'PE-100 · Alt (nicht mehr lieferbar)' });
    expect((option as HTMLOptionElement).disabled).toBe(true);
    expect((select as HTMLSelectElement).value).toBe('2');
  });

  it('shows a read-only row as text, millimetres without separators and a retired article marked', () => {
    renderRow(aacOrderVariant.toDraft(item), (h) => (
      <AacRow catalogue={catalogue} editable={false} saving={false} {...h} />
    ));
    expect(cellTexts()).toEqual(['2', 'Bad', 'OG', 'Alt (nicht mehr lieferbar)', '240', '625', '2480', '3', '0,74']);
  });
});
