import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AacProductDto, LintelProductDto } from '../../../../shared/schemas/orders';
import { renderWithProviders, seededQueryClient } from '../../../test/render';
import { queryKeys } from '../../../lib/query-keys';
import { aacProduct } from '../test/products';
import { AacCatalogueTable, LintelCatalogueTable } from './catalogue-tables';

const aac: AacProductDto = { ...aacProduct, articleNo: '100-200' };

const lintel: LintelProductDto = {
  productNo: 2,
  title: 'Flachsturz',
  itemNo: 'FS-115',
  lintelType: 'FS',
  thickness: 115,
  length: 1250,
  height: 124,
  piecesPerPallet: 40,
  active: false,
};

const texts = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((c) => c.textContent);

describe('CatalogueTable', () => {
  it('shows the AAC products with their numbers, length range and status, and counts the active ones', () => {
    const queryClient = seededQueryClient([
      [queryKeys.orders.catalogue('aac'), { data: [aac, { ...aac, productNo: 3, title: 'Alt', active: false }] }],
    ]);
    renderWithProviders(<AacCatalogueTable />, { queryClient });
    expect(screen.getByText('2 Artikel, davon 1 aktiv')).toBeTruthy();
    const rows = within(screen.getByTestId('aac-catalogue')).getAllByRole('row');
    expect(rows.map((r) => texts(r))).toEqual([
      ['Artikelnummer', 'Bezeichnung', 'Dicke (mm)', 'Höhe (mm)', 'Länge (mm)', 'm³/Palette', 'Status'],
      ['100-200', 'PP2 Planstein', '240', '625', '1.000–6.000', '1,5', 'aktiv'],
      ['100-200', 'Alt', '240', '625', '1.000–6.000', '1,5', 'inaktiv'],
    ]);
  });

  it("shows the lintel products with their type's name", () => {
    const queryClient = seededQueryClient([[queryKeys.orders.catalogue('lintel'), { data: [lintel] }]]);
    renderWithProviders(<LintelCatalogueTable />, { queryClient });
    expect(screen.getByText('1 Artikel, davon 0 aktiv')).toBeTruthy();
    const rows = within(screen.getByTestId('lintel-catalogue')).getAllByRole('row');
    expect(rows.map((r) => texts(r))).toEqual([
      ['Nummer', 'Bezeichnung', 'Typ', 'Dicke (mm)', 'Länge (mm)', 'Höhe (mm)', 'Stück/Palette', 'Status'],
      ['FS-115', 'Flachsturz', 'Flachsturz (FS)', '115', '1.250', '124', '40', 'inaktiv'],
    ]);
  });
});
